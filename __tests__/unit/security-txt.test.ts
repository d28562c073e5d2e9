import { readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";

const text = readFileSync(path.join(__dirname, "../../static/.well-known/security.txt"), "utf8");
const fields = new Map(
  text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
);

describe("/.well-known/security.txt (RFC 9116)", () => {
  it("names the security mailbox of content/site.json as its contact", () => {
    expect(fields.get("Contact")).toBe(`mailto:${site.emails.security}`);
  });

  it("is canonical at the site's own address, in English", () => {
    expect(fields.get("Canonical")).toBe(`${site.siteUrl}/.well-known/security.txt`);
    expect(fields.get("Preferred-Languages")).toBe("en");
  });

  it("expires within a year, and is renewed at least 30 days before it does", () => {
    const expires = Date.parse(fields.get("Expires") ?? "");
    const day = 86_400_000;
    expect(expires - Date.now()).toBeGreaterThan(30 * day);
    expect(expires - Date.now()).toBeLessThan(366 * day);
  });
});
