// The form endpoint's settings, from the environment (each documented in docs/configuration.md).
import { WEB_TO_LEAD } from "../lib/web-to-lead";
import { SITEVERIFY_URL } from "./captcha";

export interface EndpointEnv {
  [name: string]: string | undefined;
}

export interface EndpointSettings {
  allowedOrigins: string[];
  /**
   * The origins of this site's own deploys on Netlify (a deploy preview, a branch deploy, a deploy's permalink:
   * `https://<name>--<SITE_NAME>.netlify.app`), whose pages may post as the site's do; null without SITE_NAME.
   */
  deployOrigins: RegExp | null;
  rateLimit: number;
  rateWindowMs: number;
  /** CVs a client may send a day without the captcha (a form posted without script): src/server/rate-limit.ts */
  cvsWithoutCaptchaPerDay: number;
  dedupeMs: number;
  webhookUrl: string | null;
  /** how long an HTTP delivery (the webhook, Salesforce) may take before it counts as failed */
  webhookTimeoutMs: number;
  /**
   * Where the server posts Web-to-Lead (docs/store.md#salesforce): WEB_TO_LEAD_URL, else, on Netlify,
   * content/site.json's address; null (no server posts) elsewhere, or with WEB_TO_LEAD_URL=off.
   */
  webToLeadUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** how long a visitor's request waits for the deliveries of what they sent before it is answered anyway */
  deliveryWaitMs: number;
  retentionDays: number;
  /** job applications and their CVs are deleted after this many days (src/server/purge.ts) */
  applicationsRetentionDays: number;
  /** the key of the client-address hash; when absent the store makes one for itself */
  hashSecret: string | undefined;
  /** when set, the reCAPTCHA token of the forms that ask for one is checked with Google's siteverify */
  recaptchaSecret: string | undefined;
  recaptchaVerifyUrl: string;
  /** who gets each new comment with its Approve and Reject links */
  commentsModerator: string;
  /** the key of the moderation links; when absent the store makes one for itself */
  moderationSecret: string | undefined;
  /** the signing key of Calendly's webhook subscription; without it /api/calendly answers 404 (src/server/calendly.ts) */
  calendlySigningKey: string | undefined;
  /** who gets the weekly leads report (src/server/weekly-report.ts); content/site.json names no marketing mailbox */
  marketingMailbox: string;
}

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * Netlify gives a function at run time only `URL`, `SITE_NAME` and `SITE_ID` of its read-only variables
 * (https://docs.netlify.com/build/functions/environment-variables/), not `DEPLOY_PRIME_URL`: a deploy's own pages
 * are known by their address, `<deploy>--<site name>.netlify.app`, which only that site's deploys are served at.
 */
const deployOriginsOf = (siteName: string | undefined): RegExp | null =>
  siteName && /^[a-z0-9-]+$/i.test(siteName)
    ? new RegExp(`^https://[a-z0-9]+(?:-[a-z0-9]+)*--${siteName.toLowerCase()}\\.netlify\\.app$`)
    : null;

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * `behindNetlify`: the function runs on Netlify itself, not in its local emulation (which sets NETLIFY_DEV, as
 * netlify-cli does: netlify/functions/lead.ts), so the server may post to the real Web-to-Lead address.
 */
export function readSettings(
  env: EndpointEnv,
  siteUrl: string,
  salesMailbox: string,
  { behindNetlify = false }: { behindNetlify?: boolean } = {},
): EndpointSettings {
  const origins = [
    siteUrl,
    env.SITE_URL,
    env.URL,
    env.DEPLOY_PRIME_URL,
    env.DEPLOY_URL,
    ...(env.ALLOWED_ORIGINS ?? "").split(","),
  ]
    .map((o) => (o ? originOf(o.trim()) : null))
    .filter((o): o is string => Boolean(o));
  return {
    allowedOrigins: [...new Set(origins)],
    deployOrigins: deployOriginsOf(env.SITE_NAME),
    rateLimit: positive(env.LEAD_RATE_LIMIT, 10),
    rateWindowMs: positive(env.LEAD_RATE_WINDOW_MS, 60_000),
    cvsWithoutCaptchaPerDay: positive(env.CVS_WITHOUT_CAPTCHA_PER_DAY, 3),
    dedupeMs: positive(env.LEAD_DEDUPE_MS, 10 * 60_000),
    webhookUrl: env.LEAD_WEBHOOK_URL || null,
    webhookTimeoutMs: positive(env.LEAD_WEBHOOK_TIMEOUT_MS, 5_000),
    webToLeadUrl:
      env.WEB_TO_LEAD_URL === "off" ? null : env.WEB_TO_LEAD_URL || (behindNetlify ? (WEB_TO_LEAD.url ?? null) : null),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || salesMailbox,
    deliveryWaitMs: Math.max(0, Number(env.LEAD_DELIVERY_WAIT_MS ?? 3_000) || 0),
    retentionDays: positive(env.LEADS_RETENTION_DAYS, 730),
    applicationsRetentionDays: positive(env.APPLICATIONS_RETENTION_DAYS, 180),
    hashSecret: env.LEAD_HASH_SECRET || undefined,
    recaptchaSecret: env.RECAPTCHA_SECRET_KEY || undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || SITEVERIFY_URL,
    commentsModerator: env.COMMENTS_MODERATOR || salesMailbox,
    moderationSecret: env.MODERATION_SECRET || undefined,
    calendlySigningKey: env.CALENDLY_WEBHOOK_SECRET || undefined,
    marketingMailbox: env.MARKETING_MAILBOX || salesMailbox,
  };
}
