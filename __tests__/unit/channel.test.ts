import table from "../../content/channels.json";
import { channelOf, CHANNELS, hostMatches } from "../../src/lib/channel";

// One case a row of content/channels.json, in its order: the rule table is data, and these say what it means.
describe("the channel of a lead (content/channels.json)", () => {
  it.each([
    ["a Google Ads click id", { gclid: "Cj0", referrer: "https://www.google.com" }, "Paid Search"],
    ["a Microsoft Ads click id", { msclkid: "m1" }, "Paid Search"],
    ["an iOS click id", { gbraid: "g" }, "Paid Search"],
    ["utm_medium cpc", { utm_medium: "cpc", utm_source: "google" }, "Paid Search"],
    ["utm_medium PPC, in capitals", { utm_medium: "PPC" }, "Paid Search"],
    ["utm_medium paid", { utm_medium: "paid" }, "Paid Search"],
    ["utm_medium email", { utm_medium: "email", referrer: "https://mail.google.com" }, "Email"],
    ["utm_medium newsletter", { utm_medium: "newsletter" }, "Email"],
    ["utm_medium social", { utm_medium: "social", utm_source: "linkedin" }, "Social"],
    ["utm_source linkedin alone", { utm_source: "linkedin" }, "Social"],
    ["a LinkedIn referrer", { referrer: "https://www.linkedin.com" }, "Social"],
    ["a t.co referrer", { referrer: "https://t.co" }, "Social"],
    ["a Google referrer", { referrer: "https://www.google.co.in" }, "Organic Search"],
    ["a Bing referrer", { referrer: "https://www.bing.com" }, "Organic Search"],
    ["a DuckDuckGo referrer", { referrer: "https://duckduckgo.com" }, "Organic Search"],
    ["any other site", { referrer: "https://www.salesforceben.com" }, "Referral"],
    ["no referrer at all", { referrer: "" }, "Direct"],
  ])("%s → %s", (_case, visit, channel) => {
    expect(channelOf(visit)).toBe(channel);
  });

  it("names no channel when nothing is known of the visit (a form sent without script)", () => {
    expect(channelOf({})).toBeUndefined();
    expect(channelOf({ page: "/contact" })).toBeUndefined();
  });

  it("reads every row of the table as a rule that names a channel and says when", () => {
    expect(CHANNELS.rules.length).toBe(table.rules.length);
    for (const rule of CHANNELS.rules) {
      expect(rule.channel).toMatch(/\S/);
      expect(rule.when).toMatch(/\S/);
      expect(Boolean(rule.clickId || rule.utm_medium || rule.utm_source || rule.referrer)).toBe(true);
    }
  });

  it("matches a host by its name, its subdomains, or any ending for name.*", () => {
    expect(hostMatches("www.linkedin.com", "linkedin.com")).toBe(true);
    expect(hostMatches("notlinkedin.com", "linkedin.com")).toBe(false);
    expect(hostMatches("www.google.co.uk", "google.*")).toBe(true);
    expect(hostMatches("google.evil.example", "google.*")).toBe(true);
    expect(hostMatches("googleads.example", "google.*")).toBe(false);
  });
});
