import matter from "gray-matter";
import { readFileSync } from "fs";
import path from "path";
import {
  analyticsGranted,
  ANALYTICS_COOKIES,
  CONSENT_COOKIE,
  CONSENT_DEFAULTS,
  CONSENT_EVENT,
  CONSENT_REVISION,
  consentCookie,
  consentUpdate,
  expiredCookies,
  readConsent,
  shouldAsk,
} from "../../src/lib/consent";
import {
  answerConsent,
  consentOnScreen,
  consentShown,
  showConsent,
  whenConsentAnswered,
} from "../../src/components/consent/consent-state";
import { STORAGE_KEYS } from "../../src/browser/storage";

const cookie = (value: object) => `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; last=2`;
const answer = { consentId: "id-1", categories: ["necessary", "analytics"], revision: CONSENT_REVISION };

describe("readConsent", () => {
  it("reads the answer stored in vanilla-cookieconsent's format, among other cookies", () => {
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

describe("the stored answer", () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const newId = () => "new-id";
  const value = (cookie: string) => cookie.split(";")[0];

  it("is a cookie readConsent reads back, for 365 days, on every path, for this site alone", () => {
    const cookie = consentCookie(["necessary", "analytics"], { previous: null, now, newId });
    expect(cookie).toMatch(/; expires=Fri, 26 Nov 2027 12:00:00 GMT; path=\/; SameSite=Lax$/);
    expect(readConsent(value(cookie), now)).toEqual({
      consentId: "new-id",
      categories: ["necessary", "analytics"],
      revision: CONSENT_REVISION,
      expirationTime: Date.UTC(2027, 10, 26, 12),
    });
  });

  it("keeps the id of an earlier answer, and always holds the necessary category", () => {
    const previous = readConsent(value(consentCookie(["analytics"], { previous: null, now, newId })), now);
    const next = readConsent(value(consentCookie([], { previous, now, newId: () => "other" })), now);
    expect(next).toMatchObject({ consentId: "new-id", categories: ["necessary"] });
  });

  it("deletes Google's cookies on this host and on the site's domain, and no other cookie", () => {
    expect(expiredCookies("_ga=1; tidewell_consent=x; _ga_ABC=2", ANALYTICS_COOKIES, "www.tidewell.example")).toEqual(
      ["_ga", "_ga_ABC"].flatMap((name) => [
        `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`,
        `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=www.tidewell.example`,
        `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.tidewell.example`,
      ]),
    );
    expect(expiredCookies("a=1", ANALYTICS_COOKIES, "localhost")).toEqual([]);
  });
});

describe("an answer, given in the banner or the settings", () => {
  const cookies = () => document.cookie;
  afterEach(() => {
    for (const c of document.cookie.split(";")) document.cookie = `${c.split("=")[0].trim()}=; max-age=0; path=/`;
  });

  it("is stored, takes Google's cookies with it when it denies analytics, and is announced when it changes", () => {
    const heard = jest.fn();
    window.addEventListener(CONSENT_EVENT, heard);
    document.cookie = "_ga=GA1.1.1; path=/";
    showConsent("banner");
    answerConsent(["necessary"]);
    expect(readConsent(cookies())?.categories).toEqual(["necessary"]);
    expect(cookies()).not.toMatch(/_ga=/);
    expect(consentShown()).toEqual({ banner: false, settings: false });
    expect(heard.mock.calls.map(([e]) => (e as CustomEvent<boolean>).detail)).toEqual([false]);
    // the same answer again changes nothing to announce; a change of mind is announced
    answerConsent(["necessary"]);
    answerConsent(["necessary", "analytics"]);
    expect(heard.mock.calls.map(([e]) => (e as CustomEvent<boolean>).detail)).toEqual([false, true]);
    window.removeEventListener(CONSENT_EVENT, heard);
  });
});

describe("the welcome popup and the banner", () => {
  afterEach(() => answerConsent(["necessary"]));

  it("runs at once when no banner is on screen", () => {
    const opened = jest.fn();
    whenConsentAnswered(opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("waits while the banner or the settings are on screen, and runs once they are answered", () => {
    const opened = jest.fn();
    showConsent("banner");
    whenConsentAnswered(opened);
    expect(consentOnScreen()).toBe(true);
    showConsent("settings");
    expect(opened).not.toHaveBeenCalled();
    answerConsent(["necessary"]);
    expect(opened).toHaveBeenCalledTimes(1);
    showConsent("banner");
    answerConsent(["necessary"]);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled (the page went away first)", () => {
    const opened = jest.fn();
    showConsent("banner");
    whenConsentAnswered(opened)();
    answerConsent(["necessary"]);
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
