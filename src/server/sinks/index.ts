import { isWebToLeadConfigured, WEB_TO_LEAD } from "../../lib/web-to-lead";
import type { EndpointSettings } from "../config";
import { moderationLinks } from "../moderation";
import type { CvFiles } from "../store/cv-files";
import type { Sink } from "../store/outbox";
import type { Store } from "../store/sql";
import { emailSink } from "./email";
import { salesforceSink } from "./salesforce";
import { webhookSink } from "./webhook";

export type Mailboxes = { sales: string; jobs: string };

/**
 * Where submissions are delivered, as configured: a webhook (LEAD_WEBHOOK_URL), e-mail (SMTP_URL) and Salesforce
 * Web-to-Lead (content/site.json's org, posted to WEB_TO_LEAD_URL, or on Netlify to the org's own address). The
 * endpoint and `npm run leads replay` use the same. `cvs`, the file store of applicants' CVs, is where the e-mail to
 * the jobs mailbox finds the CV it attaches.
 */
export function sinksFor(
  settings: EndpointSettings,
  mailboxes: Mailboxes,
  store: () => Promise<Store>,
  fetchImpl?: typeof fetch,
  cvs?: () => Promise<CvFiles>,
): Sink[] {
  const sinks: Sink[] = [];
  if (settings.webhookUrl) sinks.push(webhookSink(settings.webhookUrl, settings.webhookTimeoutMs, fetchImpl));
  if (settings.smtpUrl)
    sinks.push(
      emailSink(settings.smtpUrl, {
        from: settings.mailFrom,
        mailboxes,
        moderator: settings.commentsModerator,
        linksFor: moderationLinks(store, settings.moderationSecret, settings.allowedOrigins),
        cvOf: cvs && (async (key) => (await cvs()).get(key)),
      }),
    );
  const salesforce = { ...WEB_TO_LEAD, url: settings.webToLeadUrl };
  if (isWebToLeadConfigured(salesforce))
    sinks.push(
      salesforceSink(salesforce, {
        siteOrigin: settings.allowedOrigins[0],
        timeoutMs: settings.webhookTimeoutMs,
        fetchImpl,
      }),
    );
  return sinks;
}
