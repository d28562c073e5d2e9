import site from "../../../content/site.json";
import type { CampaignFacts } from "../../lib/campaign-form";
import type { CatalogEvent } from "../../lib/event-catalog";
import { isWebToLeadConfigured, WEB_TO_LEAD } from "../../lib/web-to-lead";
import type { EndpointSettings } from "../config";
import { moderationLinks } from "../moderation";
import type { CvFiles } from "../store/cv-files";
import { subscriptionLinks } from "../subscription";
import type { Sink } from "../store/outbox";
import type { Store } from "../store/sql";
import type { SinkName, SubmissionKind, Via } from "../store/types";
import { emailSink } from "./email";
import { salesforcePosts, salesforceSink } from "./salesforce";
import { visitorSink } from "./visitor";
import { webhookSink } from "./webhook";

export type Mailboxes = { sales: string; jobs: string };

/**
 * Where submissions are delivered, as configured: a webhook (LEAD_WEBHOOK_URL), e-mail (SMTP_URL) to the company and,
 * for what a form promised, to the visitor (a confirmation), and Salesforce Web-to-Lead (content/site.json's org,
 * posted to WEB_TO_LEAD_URL, or on Netlify to the org's own address). The endpoint and `npm run leads replay` use
 * the same. `catalog`: the webinars a registration's confirmation describes (src/lib/event-catalog.ts). `cvs`, the file
 * store of applicants' CVs, is where the e-mail to the jobs mailbox finds the CV it attaches. `campaigns`: the
 * Salesforce Campaign a campaign's lead joins (src/server/campaign-files.ts).
 */
export function sinksFor(
  settings: EndpointSettings,
  mailboxes: Mailboxes,
  store: () => Promise<Store>,
  {
    fetchImpl,
    catalog = [],
    cvs,
    campaigns = [],
  }: {
    fetchImpl?: typeof fetch;
    catalog?: readonly CatalogEvent[];
    cvs?: () => Promise<CvFiles>;
    campaigns?: readonly CampaignFacts[];
  } = {},
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
      visitorSink(settings.smtpUrl, {
        from: settings.mailFrom,
        siteTitle: site.title,
        siteUrl: settings.allowedOrigins[0],
        store,
        linksFor: subscriptionLinks(store, settings.moderationSecret, settings.allowedOrigins[0]),
        catalog,
        captchaChecked: Boolean(settings.recaptchaSecret),
      }),
    );
  const salesforce = { ...WEB_TO_LEAD, url: settings.webToLeadUrl };
  if (isWebToLeadConfigured(salesforce))
    sinks.push(
      salesforceSink(salesforce, {
        siteOrigin: settings.allowedOrigins[0],
        timeoutMs: settings.webhookTimeoutMs,
        fetchImpl,
        campaigns,
      }),
    );
  return sinks;
}

/**
 * The sinks a lead of this kind, sent this way, is delivered to: every configured one but the visitor's own mail
 * (queued apart, for what a form promised: visitor-mail.ts), and Salesforce only for the leads the server posts
 * (salesforce.ts). The form endpoint queues these, and `npm run leads -- release` for a lead it releases from spam.
 */
export const leadSinkNames = (sinks: readonly Sink[], kind: SubmissionKind, via: Via): SinkName[] =>
  sinks
    .map((s) => s.name)
    .filter((name) => name !== "visitor")
    .filter((name) => name !== "salesforce" || salesforcePosts(WEB_TO_LEAD, kind, via));
