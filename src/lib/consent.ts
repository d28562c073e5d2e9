// Consent to analytics (GDPR, the UK's PECR, India's DPDP Act), as Google's Consent Mode v2 takes it.
// The banner and its settings are vanilla-cookieconsent's (src/components/consent/); this module is what every
// page needs without loading it: reading the stored answer, and the consent Google's tag starts with.

/** The cookie that keeps the visitor's answer (vanilla-cookieconsent's format: JSON, URI-encoded). */
export const CONSENT_COOKIE = "tidewell_consent";
/** Raise it when the privacy policy changes what it asks consent for: every visitor is asked again. */
export const CONSENT_REVISION = 1;
/** How long an answer lasts: 12 months, then the visitor is asked again. */
export const CONSENT_DAYS = 365;
export const ANALYTICS = "analytics";
/** The library's stylesheet, copied from node_modules at build (src/node/vendor-files.ts). */
export const CONSENT_STYLESHEET = "/vendor/cookieconsent.css";

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
