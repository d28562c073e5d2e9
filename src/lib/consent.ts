// Consent to analytics (GDPR, the UK's PECR, India's DPDP Act), as Google's Consent Mode v2 takes it: the stored
// answer, read and written, and the consent Google's tag starts with. The banner and its settings are
// src/components/consent/.

/**
 * The cookie that keeps the visitor's answer: JSON, URI-encoded, in the format of vanilla-cookieconsent v3, which
 * drew the banner before, so that an answer given then still holds.
 */
export const CONSENT_COOKIE = "tidewell_consent";
/** Raise it when the privacy policy changes what it asks consent for: every visitor is asked again. */
export const CONSENT_REVISION = 1;
/** How long an answer lasts: 12 months, then the visitor is asked again. */
export const CONSENT_DAYS = 365;
export const NECESSARY = "necessary";
export const ANALYTICS = "analytics";
/** What withdrawing analytics deletes: Google Analytics' own cookies. */
export const ANALYTICS_COOKIES = /^_ga/;

export interface StoredConsent {
  consentId: string;
  categories: string[];
  revision: number;
  expirationTime?: number;
}

/** The visitor's answer from `document.cookie`, or null when there is none that still holds. */
export function readConsent(cookies: string, now = Date.now()): StoredConsent | null {
  const pair = cookies
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  if (!pair) return null;
  try {
    const value = JSON.parse(decodeURIComponent(pair.slice(CONSENT_COOKIE.length + 1))) as Partial<StoredConsent>;
    // what the library itself takes for an answer: an id, the categories, and this policy's revision
    if (typeof value.consentId !== "string" || !value.consentId) return null;
    if (!Array.isArray(value.categories) || value.revision !== CONSENT_REVISION) return null;
    if (typeof value.expirationTime === "number" && value.expirationTime < now) return null;
    const { consentId, categories, revision, expirationTime } = value;
    return { consentId, categories, revision, expirationTime };
  } catch {
    return null;
  }
}

/**
 * The cookie that stores an answer (`categories`), for `document.cookie`: its id kept from an earlier answer, for
 * 365 days from `now`, on every path, sent to this site alone.
 */
export function consentCookie(
  categories: string[],
  { previous, now, newId }: { previous: StoredConsent | null; now: number; newId: () => string },
): string {
  const at = new Date(now).toISOString();
  const expirationTime = now + CONSENT_DAYS * 24 * 3_600_000;
  const value = {
    categories: [NECESSARY, ...categories.filter((c) => c !== NECESSARY)],
    revision: CONSENT_REVISION,
    data: null,
    consentTimestamp: at,
    consentId: previous?.consentId ?? newId(),
    services: { [NECESSARY]: [], [ANALYTICS]: [] },
    languageCode: "en",
    lastConsentTimestamp: at,
    expirationTime,
  };
  const expires = new Date(expirationTime).toUTCString();
  return `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; expires=${expires}; path=/; SameSite=Lax`;
}

/**
 * What deletes the cookies named `pattern` among `cookies` (`document.cookie`), each a string for `document.cookie`:
 * on this host and on its site's domain, where Google's tag sets them (`.tidewell.example` for www.tidewell.example).
 */
export function expiredCookies(cookies: string, pattern: RegExp, hostname: string): string[] {
  const names = cookies
    .split(";")
    .map((c) => c.trim().split("=")[0])
    .filter((name) => name && pattern.test(name));
  const site = hostname.replace(/^www\./, "");
  const domains = [undefined, hostname, ...(site.includes(".") ? [`.${site}`] : [])];
  return names.flatMap((name) =>
    domains.map(
      (domain) => `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ""}`,
    ),
  );
}

/** Whether analytics may store anything: only after the visitor accepted it. */
export const analyticsGranted = (stored: StoredConsent | null): boolean =>
  Boolean(stored?.categories.includes(ANALYTICS));

/**
 * Whether to ask: no answer stored yet, and no Global Privacy Control signal, which counts as Reject until the
 * visitor opts in through the cookie settings.
 */
export const shouldAsk = (stored: StoredConsent | null, globalPrivacyControl: boolean): boolean =>
  !stored && !globalPrivacyControl;

/** The window event the banner and the settings send with each answer: `detail` is whether analytics is granted. */
export const CONSENT_EVENT = "tidewell:consent";

/** Consent Mode v2's defaults, set before Google's tag is configured: nothing granted. */
export const CONSENT_DEFAULTS = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
} as const;

/** The update that follows an answer: analytics as the visitor chose; advertising is never asked for. */
export const consentUpdate = (granted: boolean) => ({ analytics_storage: granted ? "granted" : "denied" }) as const;
