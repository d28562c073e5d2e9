// The header rules gatsby-adapter-netlify writes into public/_headers, made the site's (scripts/csp.mjs runs this
// after every build): the adapter gives every path Gatsby's own security headers (gatsby/dist/utils/adapter/
// constants.js, BASE_HEADERS), which Netlify sends beside netlify.toml's; Gatsby's `headers` option can change their
// values but not take one away, the adapter has no option for them, and netlify.toml cannot remove a header. So:
//   - each header that netlify.toml sets for every path is taken out of the adapter's rule for every path, so
//     netlify.toml's value is the one a visitor gets (Gatsby's `referrer-policy: same-origin` among them);
//   - `X-XSS-Protection` is taken out of every rule: browsers no longer have the filter it switches on, and where
//     one still does, `1; mode=block` let a page's scripts be probed (OWASP and MDN advise against sending it; the
//     Content-Security-Policy is what protects the pages);
//   - the policies csp.mjs writes are taken out too, so that running it again on the same build writes them once.
import { parseAllHeaders } from "@netlify/headers-parser";

/** Headers the site never sends, whoever adds them. */
export const NEVER_SENT = ["x-xss-protection"];

/** The first line of the section csp.mjs appends. */
export const POLICIES_MARK = "# Content-Security-Policy per page, from scripts/csp.mjs";

/** `_headers` as the adapter wrote it, made the site's (above); `netlifyConfigPath` is the project's netlify.toml. */
export async function siteHeaders(text, netlifyConfigPath) {
  const { headers } = await parseAllHeaders({ headersFiles: [], netlifyConfigPath });
  const everyPath = new Set(
    headers.filter((rule) => rule.for === "/*").flatMap((rule) => Object.keys(rule.values).map((n) => n.toLowerCase())),
  );
  const mark = text.indexOf(`\n${POLICIES_MARK}`);
  let rule = null;
  return (mark === -1 ? text : text.slice(0, mark))
    .split("\n")
    .filter((line) => {
      if (!/^\s/.test(line)) rule = line.trim();
      const name = /^\s+([^:\s]+)\s*:/.exec(line)?.[1]?.toLowerCase();
      return !(name && (NEVER_SENT.includes(name) || (rule === "/*" && everyPath.has(name))));
    })
    .join("\n");
}
