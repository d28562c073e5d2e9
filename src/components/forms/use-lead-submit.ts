import { useCallback } from "react";
import { sendLead } from "../../lib/lead-client";
import type { LeadPayload } from "../../lib/payloads";
import { hiddenFrame, isWebToLeadConfigured, submitWebToLead, webToLeadFields } from "../../lib/web-to-lead";
import { useSiteData } from "../layout/use-site-data";

export const WEB_TO_LEAD_FRAME = "web-to-lead-frame";

/**
 * Sends a lead to the endpoint (only status 200 is success), then posts the Web-to-Lead form: into a hidden
 * iframe so the page stays, or into the page itself when `returnPath` asks to come back elsewhere.
 */
export function useLeadSubmit() {
  const { site } = useSiteData();
  return useCallback(
    async (payload: LeadPayload, options: { firstName: string; returnPath?: string }) => {
      await sendLead(payload);
      const leaving = Boolean(options.returnPath);
      const returnUrl = `${window.location.origin}${options.returnPath ?? window.location.pathname}`;
      if (!isWebToLeadConfigured(site.webToLead)) return { left: false };
      const fields = webToLeadFields(site.webToLead, {
        firstName: options.firstName,
        email: payload.email,
        phone: payload.phone === "null" ? "" : payload.phone,
        note: payload.info,
        returnUrl,
      });
      submitWebToLead(
        document,
        site.webToLead.url,
        fields,
        leaving ? "_self" : hiddenFrame(document, WEB_TO_LEAD_FRAME),
      );
      return { left: leaving };
    },
    [site.webToLead],
  );
}
