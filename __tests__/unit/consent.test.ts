import matter from "gray-matter";
import { readFileSync } from "fs";
import path from "path";
import {
  analyticsGranted,
  CONSENT_COOKIE,
  CONSENT_DEFAULTS,
  CONSENT_REVISION,
  consentUpdate,
  readConsent,
  shouldAsk,
} from "../../src/lib/consent";
import {
  consentOnScreen,
  setConsentOnScreen,
  whenConsentAnswered,
} from "../../src/components/consent/consent-banner-state";
import { STORAGE_KEYS } from "../../src/lib/storage";

const cookie = (value: object) => `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; last=2`;
const answer = { consentId: "id-1", categories: ["necessary", "analytics"], revision: CONSENT_REVISION };

describe("readConsent", () => {
  it("reads the answer vanilla-cookieconsent stores, among other cookies", () => {
    expect(readConsent(cookie(answer))).toEqual({ ...answer, expirationTime: undefined });
  });

  it("takes no answer from an older policy revision, a cookie without an id, or a broken cookie", () => {
    expect(readConsent(cookie({ ...answer, revision: CONSENT_REVISION - 1 }))).toBeNull();
    expect(readConsent(cookie({ categories: answer.categories, revision: CONSENT_REVISION }))).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(
      readConsent(`${CONSENT_COOKIE}=${encodeURIComponent('{"consentId":"x","categories":"analytics","revision":1}')}`),
    ).toBeNull();
    expect(readConsent("")).toBeNull();
  });

  it("takes no answer that has expired", () => {
    expect(readConsent(cookie({ ...answer, expirationTime: 1_000 }), 2_000)).toBeNull();
    expect(readConsent(cookie({ ...answer, expirationTime: 3_000 }), 2_000)).not.toBeNull();
  });
});

describe("what consent allows", () => {
  it("grants analytics only when the visitor accepted it", () => {
    expect(analyticsGranted(readConsent(cookie(answer)))).toBe(true);
    expect(analyticsGranted(readConsent(cookie({ ...answer, categories: ["necessary"] })))).toBe(false);
    expect(analyticsGranted(null)).toBe(false);
  });

  it("asks a visitor with no answer, and not one who answered or whose browser sends Global Privacy Control", () => {
    expect(shouldAsk(null, false)).toBe(true);
    expect(shouldAsk(null, true)).toBe(false);
    expect(shouldAsk(readConsent(cookie(answer)), false)).toBe(false);
  });

  it("starts Consent Mode v2 with all four signals denied, and updates only analytics", () => {
    expect(CONSENT_DEFAULTS).toEqual({
      analytics_storage: "denied",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
    expect(consentUpdate(true)).toEqual({ analytics_storage: "granted" });
    expect(consentUpdate(false)).toEqual({ analytics_storage: "denied" });
  });
});

describe("the welcome popup and the banner", () => {
  afterEach(() => setConsentOnScreen(false));

  it("runs at once when no banner is on screen", () => {
    const opened = jest.fn();
    whenConsentAnswered(opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("waits while the banner is on screen, and runs once it is answered", () => {
    const opened = jest.fn();
    setConsentOnScreen(true);
    whenConsentAnswered(opened);
    expect(consentOnScreen()).toBe(true);
    expect(opened).not.toHaveBeenCalled();
    setConsentOnScreen(false);
    expect(opened).toHaveBeenCalledTimes(1);
    setConsentOnScreen(true);
    setConsentOnScreen(false);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled (the page went away first)", () => {
    const opened = jest.fn();
    setConsentOnScreen(true);
    whenConsentAnswered(opened)();
    setConsentOnScreen(false);
    expect(opened).not.toHaveBeenCalled();
  });
});

describe("the privacy policy", () => {
  const policy = matter(readFileSync(path.resolve(__dirname, "../../content/pages/privacy-policy.md"), "utf8")).content;

  it("lists every cookie and storage key the site sets, with its lifetime", () => {
    const rows = policy.split("\n").filter((line) => line.startsWith("| ") && line.includes("`"));
    for (const key of [CONSENT_COOKIE, ...Object.values(STORAGE_KEYS), "_ga", "_ga_<id>"]) {
      const row = rows.find((r) => r.includes(`\`${key}\``));
      expect(row).toBeDefined();
      expect(row!.split("|").filter((cell) => cell.trim())).toHaveLength(3);
    }
  });

  it("links to the cookie settings and says that Global Privacy Control counts as Reject", () => {
    expect(policy).toContain("[Cookie settings](#cookie-settings)");
    expect(policy).toMatch(/Global Privacy Control signal, we treat it as Reject all/);
    expect(policy).toMatch(/lasts 12 months/);
  });
});
