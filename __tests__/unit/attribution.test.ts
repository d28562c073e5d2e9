import {
  attributionFromReferer,
  campaignOf,
  cleanAttribution,
  MAX_ATTRIBUTION_LENGTH,
  referrerOrigin,
} from "../../src/lib/attribution";
import { attributionOf, firstTouchOf } from "../../src/browser/visit";

const site = "https://www.tidewell.example";
const campaign = "?utm_source=linkedin&utm_medium=social&utm_campaign=q4-agentforce&gclid=Cj0KCQ&ref=x";

describe("where a visit came from, as the browser reads it", () => {
  it("takes the five utm parameters and the four ad click ids of an address, and nothing else", () => {
    expect(campaignOf(`${campaign}&utm_term=crm&utm_content=a&gbraid=g&wbraid=w&msclkid=m&fbclid=f`)).toEqual({
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q4-agentforce",
      utm_term: "crm",
      utm_content: "a",
      gclid: "Cj0KCQ",
      gbraid: "g",
      wbraid: "w",
      msclkid: "m",
    });
  });

  it("keeps a referrer's origin only, never its full address, and none of the site's own pages", () => {
    expect(referrerOrigin("https://www.linkedin.com/feed/update/123?x=1", [site])).toBe("https://www.linkedin.com");
    expect(referrerOrigin("", [site])).toBe("");
    expect(referrerOrigin(`${site}/blogs`, [site])).toBeUndefined();
    expect(referrerOrigin("android-app://com.linkedin", [site])).toBeUndefined();
  });

  it("without consent, sends what this page's own address says: its campaign only on the landing page", () => {
    const landed = { href: `${site}/blog/agentforce${campaign}`, referrer: "https://www.linkedin.com/", loadedAt: "" };
    landed.loadedAt = landed.href;
    expect(attributionOf(landed, null)).toEqual({
      landing_page: "/blog/agentforce",
      page: "/blog/agentforce",
      referrer: "https://www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q4-agentforce",
      gclid: "Cj0KCQ",
    });
    // two pages later, by the site's own links: the address has no campaign any more, and nothing was kept
    const later = { ...landed, href: `${site}/contact` };
    expect(attributionOf(later, null)).toEqual({ page: "/contact", referrer: "https://www.linkedin.com" });
  });

  it("with consent, sends the visit's first touch from any later page", () => {
    const landed = {
      href: `${site}/blog/agentforce${campaign}`,
      referrer: "",
      loadedAt: `${site}/blog/agentforce${campaign}`,
    };
    const first = firstTouchOf(landed);
    expect(first).toMatchObject({ landing_page: "/blog/agentforce", referrer: "", utm_campaign: "q4-agentforce" });
    expect(attributionOf({ ...landed, href: `${site}/pricing` }, first)).toEqual({ ...first, page: "/pricing" });
  });
});

describe("where a visit came from, as the endpoint keeps it", () => {
  it("keeps only the known keys, each a text of at most 200 characters without control characters", () => {
    expect(
      cleanAttribution({
        page: "/contact",
        utm_campaign: "q4-agentforce",
        utm_source: "x".repeat(MAX_ATTRIBUTION_LENGTH + 1),
        utm_medium: "social\r\nX-Evil: 1",
        utm_term: "caf\uFFFD",
        evil: "kept?",
        gclid: 42,
      }),
    ).toEqual({ page: "/contact", utm_campaign: "q4-agentforce" });
    expect(cleanAttribution("not an object")).toEqual({});
    expect(cleanAttribution(["/contact"])).toEqual({});
  });

  it("drops a value that looks like an e-mail address or a phone number, and keeps dates and ids", () => {
    expect(
      cleanAttribution({
        utm_campaign: "asha@example.com",
        utm_content: "+91 98200 12345",
        utm_term: "(512) 555-0147",
        utm_source: "2026-11-25",
        gclid: "Cj0KCQiA4-y8BhC3ARIsAHmjC_E",
      }),
    ).toEqual({ utm_source: "2026-11-25", gclid: "Cj0KCQiA4-y8BhC3ARIsAHmjC_E" });
  });

  it("takes pages as paths and the referrer as an origin", () => {
    expect(
      cleanAttribution({
        page: "https://evil.example/x",
        landing_page: "/blog/a?email=x",
        referrer: "https://t.co/abc",
      }),
    ).toEqual({ referrer: "https://t.co" });
    expect(cleanAttribution({ referrer: "" })).toEqual({ referrer: "" });
    expect(cleanAttribution({ referrer: "javascript:alert(1)" })).toEqual({});
  });

  it("reads a form sent without script from its Referer: the page, and that page's own campaign", () => {
    expect(attributionFromReferer(`${site}/blog/agentforce${campaign}`, [site])).toEqual({
      page: "/blog/agentforce",
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q4-agentforce",
      gclid: "Cj0KCQ",
    });
    expect(attributionFromReferer("https://evil.example/x?utm_source=a", [site])).toEqual({});
    expect(attributionFromReferer(undefined, [site])).toEqual({});
  });
});
