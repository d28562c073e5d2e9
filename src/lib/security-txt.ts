// /.well-known/security.txt (RFC 9116): whom to tell about a security problem. Every build writes it from
// content/site.json (src/node/on-post-build.ts), with Expires a year after the build's day: the daily production
// build (.github/workflows/daily-build.yml) renews it, so it never lapses and no test waits for a person to renew it.

export interface SecurityTxtSite {
  siteUrl: string;
  language: string;
  company: { name: string };
  emails: { security: string };
}

/** How long after the build's day the file holds: 365 days, a year at most, as RFC 9116 recommends. */
const EXPIRES_AFTER_MS = 365 * 86_400_000;

/** The file, for a build on `buildDay` (YYYY-MM-DD). */
export function securityTxt(site: SecurityTxtSite, buildDay: string): string {
  const expires = new Date(Date.parse(`${buildDay}T00:00:00.000Z`) + EXPIRES_AFTER_MS);
  return [
    `# ${site.company.name}: how to report a security problem in this website (RFC 9116).`,
    `Contact: mailto:${site.emails.security}`,
    `Expires: ${expires.toISOString()}`,
    `Preferred-Languages: ${site.language}`,
    `Canonical: ${site.siteUrl}/.well-known/security.txt`,
    `Policy: ${site.siteUrl}/privacy-policy`,
    "",
  ].join("\n");
}
