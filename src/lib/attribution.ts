// Where a visit came from, sent with every form (docs/store.md#where-a-lead-came-from): the landing page, the page
// the form was sent from, the referrer's origin, the landing URL's campaign parameters and ad click ids. The browser
// reads it (src/browser/visit.ts) and the endpoint keeps only what `cleanAttribution` lets through.
import { unreadable } from "./validation";

export const CAMPAIGN_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const CLICK_ID_KEYS = ["gclid", "gbraid", "wbraid", "msclkid"] as const;
export const ATTRIBUTION_KEYS = ["landing_page", "page", "referrer", ...CAMPAIGN_KEYS, ...CLICK_ID_KEYS] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
/** `referrer` is an origin, or "" when the visit had none (typed in, a bookmark); absent when it is not known. */
export type Attribution = Partial<Record<AttributionKey, string>>;

/** The body field that carries it, beside the spec's fields. */
export const ATTRIBUTION_FIELD = "attribution";
export const MAX_ATTRIBUTION_LENGTH = 200;

/** A URL's campaign parameters and click ids (the first value of each, as analytics tools read them). */
export function campaignOf(search: string): Attribution {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const key of [...CAMPAIGN_KEYS, ...CLICK_ID_KEYS]) {
    const value = params.get(key);
    if (value) found[key] = value;
  }
  return found;
}

/** The origin of a referrer that is another site, "" for none, undefined for one of the site's own pages. */
export function referrerOrigin(referrer: string, ownOrigins: readonly string[]): string | undefined {
  if (!referrer) return "";
  try {
    const { origin, protocol } = new URL(referrer);
    if (protocol !== "http:" && protocol !== "https:") return undefined;
    return ownOrigins.includes(origin) ? undefined : origin;
  } catch {
    return undefined;
  }
}

/* eslint-disable no-control-regex -- refusing control characters is the point */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/* eslint-enable no-control-regex */
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;

/** A value that reads as a phone number: digits with the usual separators, 7 to 15 digits, and not a date. */
function phoneLike(value: string): boolean {
  if (!/^\+?[\d\s().\-/]+$/.test(value) || DATE_LIKE.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

const isPath = (value: string) => /^\/[^\s?#]*$/.test(value);
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
};

/**
 * What the endpoint keeps of a body's attribution: only the known keys, each a text of at most 200 characters with
 * no control character and nothing the store cannot hold; pages as paths, the referrer as an origin (a full address is cut to its origin). A value
 * that looks like an e-mail address or a phone number is dropped, so no personal data hides in a campaign name.
 * Anything else is left out, never an error for the visitor.
 */
export function cleanAttribution(raw: unknown): Attribution {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const clean: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const given = (raw as Record<string, unknown>)[key];
    if (typeof given !== "string" || given.length > MAX_ATTRIBUTION_LENGTH) continue;
    if (CONTROL.test(given) || unreadable(given)) continue;
    const value = given.trim();
    if (key === "referrer") {
      const origin = !value || isOrigin(value) ? value : referrerOrigin(value, []);
      if (origin !== undefined) clean.referrer = origin;
      continue;
    }
    if (!value || EMAIL_LIKE.test(value) || phoneLike(value)) continue;
    if ((key === "page" || key === "landing_page") && !isPath(value)) continue;
    clean[key] = value;
  }
  return clean;
}

/**
 * What the endpoint knows of a form sent without script: the page it was sent from, by its Referer (on one of the
 * site's origins), with that page's own campaign parameters. The landing page and the visit's referrer cannot be
 * known without script.
 */
export function attributionFromReferer(referer: string | undefined, origins: readonly string[]): Attribution {
  if (!referer) return {};
  try {
    const url = new URL(referer);
    if (!origins.includes(url.origin)) return {};
    return cleanAttribution({ page: url.pathname, ...campaignOf(url.search) });
  } catch {
    return {};
  }
}
