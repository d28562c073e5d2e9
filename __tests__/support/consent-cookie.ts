/**
 * The consent cookie as the banner writes it (src/lib/consent.ts), for a visitor who
 * answered earlier: `["necessary"]` rejected analytics, `["necessary", "analytics"]` accepted it. Every browser
 * test starts as such a visitor unless it tests the banner (__tests__/e2e/fixtures.ts, __tests__/journeys/).
 */
export function consentCookieValue(categories: string[], revision = 1) {
  const now = new Date().toISOString();
  const value = {
    categories,
    revision,
    data: null,
    consentTimestamp: now,
    consentId: "00000000-0000-4000-8000-000000000000",
    services: Object.fromEntries(["necessary", "analytics"].map((c) => [c, []])),
    languageCode: "en",
    lastConsentTimestamp: now,
  };
  return { name: "tidewell_consent", value: encodeURIComponent(JSON.stringify(value)) };
}
