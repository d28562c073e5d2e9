import React from "react";
import { FORMS } from "../../lib/forms";
import { MESSAGES } from "../../lib/messages";
import { LeadForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

/**
 * The enquiry form (spec §3–§5, §7, §8; its fields in src/lib/forms.ts): checked on each change, captcha before
 * sending; once sent it is cleared (India again) and says so. In the modal the captcha loads at once; inline, on
 * the first focus, so no third party loads with the page.
 */
export function ContactForm({ onSent, loadCaptchaNow = false }: { onSent?: () => void; loadCaptchaNow?: boolean }) {
  const form = useLeadForm({
    form: FORMS.contact,
    captchaNow: loadCaptchaNow,
    onSent: ({ reset, say }) => {
      reset();
      say(MESSAGES.contactSuccess);
      onSent?.();
    },
  });
  return <LeadForm form={form} />;
}
