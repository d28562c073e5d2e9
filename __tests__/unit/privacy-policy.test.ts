import matter from "gray-matter";
import { readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { SPAM_RETENTION_DAYS } from "../../src/server/spam";

const policy = matter(readFileSync(path.resolve(__dirname, "../../content/pages/privacy-policy.md"), "utf8")).content;

describe("the privacy policy", () => {
  it("says what the website's database keeps, and that the IP address is kept only as a one-way code", () => {
    expect(policy).toMatch(/Everything you send through a form on this site is first stored in our website's database/);
    expect(policy).toMatch(/your IP address itself is never stored/);
  });

  it("gives the same retention as the store deletes after by default", () => {
    const days = readSettings({}, site.siteUrl, site.emails.sales).retentionDays;
    expect(days).toBe(730);
    expect(policy).toContain(`deleted automatically ${(days / 365) * 12} months after it arrived`);
  });

  it("says that comments are moderated before they are published, and how long spam is kept", () => {
    expect(policy).toMatch(/Comments are read by a moderator first; once approved, your name/);
    expect(policy).toContain(
      `Submissions our spam checks flag are passed on only if a person reviewing them finds them genuine; the rest are deleted after ${SPAM_RETENTION_DAYS} days.`,
    );
  });

  it("says how to ask for erasure and what is erased", () => {
    expect(policy).toMatch(/start your message with "Privacy request"/);
    expect(policy).toMatch(/we delete every submission made with your e-mail address from our website's database/);
  });
});
