import { RECEIVED_PATHS } from "../../lib/form-post";
import { salesforceKinds } from "../../lib/forms";
import { ANSWERS_FIELD, CAMPAIGN_FIELD, type CampaignFacts } from "../../lib/campaign-form";
import {
  campaignSalesforceFields,
  isWebToLeadConfigured,
  leadFields,
  type WebToLeadConfig,
} from "../../lib/web-to-lead";
import { PermanentFailure, type Sink } from "../store/outbox";
import type { Submission } from "../store/types";

/** The kinds of form that are leads in Salesforce, as src/lib/forms.ts declares them; a booking is one too, always the server's. */
const isSalesforceKind = (kind: string): boolean => salesforceKinds().some((k) => k === kind);

/**
 * Whether the server posts this submission to Web-to-Lead: every lead when the configuration says so, else only
 * those the visitor's browser cannot post, the forms sent without script; so Salesforce never gets a lead twice.
 */
export function salesforcePosts(config: WebToLeadConfig, kind: string, via: "script" | "form"): boolean {
  return isWebToLeadConfigured(config) && isSalesforceKind(kind) && (config.delivery === "server" || via === "form");
}

/**
 * Posts a lead to Salesforce Web-to-Lead from the server, with the fields the browser's hidden form has (spec §3)
 * and the visit's attribution in the org's own fields. Web-to-Lead answers 200 even to fields it refuses, so what
 * it answered is recorded with the delivery; a network error, a timeout or a 5xx is retried by the outbox, and a
 * 4xx waits for `npm run leads replay` (trying again alone would not change it).
 */
export function salesforceSink(
  config: WebToLeadConfig & { url: string },
  {
    siteOrigin,
    timeoutMs,
    fetchImpl = fetch,
    campaigns = [],
  }: { siteOrigin: string; timeoutMs: number; fetchImpl?: typeof fetch; campaigns?: readonly CampaignFacts[] },
): Sink {
  return {
    name: "salesforce",
    async deliver(s: Submission) {
      // a booking is posted as the enquiry it is, its columns as the contact form's fields: its note is its event, its
      // time and the invitee's answers (its message); no page received it
      const [kind, fields] =
        s.kind === "booking"
          ? (["contact", { name: s.name, email: s.email, phone: s.phone, info: s.message }] as const)
          : [s.kind, s.fields];
      // a campaign's lead: its answers, and the Salesforce Campaign its page names now (issue 61)
      const campaign = campaigns.find((c) => c.path === s.fields[CAMPAIGN_FIELD]);
      const returnUrl = `${siteOrigin}${campaign ? campaign.received : s.kind === "booking" ? "/" : RECEIVED_PATHS[s.kind]}`;
      const more = campaignSalesforceFields({
        answers: s.fields[ANSWERS_FIELD] ?? "",
        campaignId: campaign?.salesforceCampaignId,
      });
      const response = await fetchImpl(config.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...leadFields(config, kind, fields, s.attribution, returnUrl), ...more }),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      const answered = `Web-to-Lead answered ${response.status}`;
      if (response.status >= 500) throw new Error(answered);
      if (response.status >= 400) throw new PermanentFailure(answered);
      return answered;
    },
  };
}
