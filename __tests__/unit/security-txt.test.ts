import site from "../../content/site.json";
import { securityTxt } from "../../src/lib/security-txt";

const fieldsOf = (text: string) =>
  new Map(
    text
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
  );

describe("/.well-known/security.txt (RFC 9116), written by every build", () => {
  const fields = fieldsOf(securityTxt(site, "2026-11-25"));

  it("names the security mailbox of content/site.json as its contact", () => {
    expect(fields.get("Contact")).toBe(`mailto:${site.emails.security}`);
  });

  it("is canonical at the site's own address, in English", () => {
    expect(fields.get("Canonical")).toBe(`${site.siteUrl}/.well-known/security.txt`);
    expect(fields.get("Preferred-Languages")).toBe("en");
  });

  it("expires a year after the build's day at most, so each daily build renews it", () => {
    expect(fields.get("Expires")).toBe("2027-11-25T00:00:00.000Z");
    // across a leap day too: never more than a year, as RFC 9116 recommends
    expect(fieldsOf(securityTxt(site, "2027-03-01")).get("Expires")).toBe("2028-02-29T00:00:00.000Z");
  });
});
