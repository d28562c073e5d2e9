// Post-build step: a Content-Security-Policy for every page, written into public/_headers; and the adapter's header
// rules made the site's (scripts/adapter-headers.mjs: one value for each header, netlify.toml's; no X-XSS-Protection).
// Run again on the same build, it writes the same file.
// It also removes the NUL characters React 18's streaming renderer (which Gatsby uses) sometimes writes beside a
// multi-byte character at a chunk boundary (facebook/react#31134): the character itself is intact, the NUL
// is an HTML parse error that browsers show as a replacement character.
// Gatsby inlines a few scripts in each page (its page path, chunk map and compilation hash); instead of
// allowing 'unsafe-inline', each page's policy allows exactly its own inline scripts by their sha256 hashes.
// The policy is not in netlify.toml: the hashes exist only after the build, and a second
// policy there would be enforced alongside this one and block them.
import { createHash } from "crypto";
import { appendFileSync, readFileSync } from "fs";
import { readFile, writeFile } from "fs/promises";
import path from "path";
import { parseArgs } from "util";
import { POLICIES_MARK, siteHeaders } from "./adapter-headers.mjs";
import { htmlFiles, routeOf } from "./built-pages.mjs";
import {
  contentSecurityPolicy,
  EDITOR_OPENER_POLICY,
  EDITOR_PATH,
  editorSecurityPolicy,
  OPENER_POLICY,
} from "./csp-policy.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// --public: another copy of a build (the build's own is public/)
const { values: options } = parseArgs({ options: { public: { type: "string", default: path.join(root, "public") } } });
const publicDir = path.resolve(options.public);
const site = JSON.parse(readFileSync(path.join(root, "content", "site.json"), "utf8"));

/** The sha256 source expression of every inline script of a page. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(match[1]) || /type="application\/(ld\+)?json"/.test(match[1])) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const leadEndpoint = process.env.GATSBY_LEAD_ENDPOINT || "/api/lead";
const lines = ["", POLICIES_MARK];
let cleaned = 0;
const files = htmlFiles(publicDir);
const policies = new Array(files.length);
// files are read a few at a time: a site of thousands of pages waits on the disk more than on hashing
let next = 0;
const work = async () => {
  for (let i = next++; i < files.length; i = next++) {
    let html = await readFile(files[i], "utf8");
    if (html.includes("\0")) {
      html = html.replaceAll("\0", "");
      await writeFile(files[i], html);
      cleaned += 1;
    }
    if (`${routeOf(publicDir, files[i])}/` === EDITOR_PATH) {
      policies[i] = editorSecurityPolicy();
      continue;
    }
    policies[i] = contentSecurityPolicy({
      scriptHashes: inlineScriptHashes(html),
      leadEndpoint,
      webToLeadUrl: site.webToLead.url,
    });
    // Netlify answers an unknown path with 404.html under that path's header rules, where no page's policy
    // applies: the page carries its own as a <meta> (the same policy, less frame-ancestors, which a meta cannot
    // set; X-Frame-Options covers it)
    if (routeOf(publicDir, files[i]) === "/404" && !html.includes('http-equiv="Content-Security-Policy"')) {
      const meta = policies[i]
        .split("; ")
        .filter((d) => !d.startsWith("frame-ancestors"))
        .join("; ");
      html = html.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${meta}">`);
      await writeFile(files[i], html);
    }
  }
};
await Promise.all(Array.from({ length: 8 }, work));
files.forEach((file, i) => {
  const route = routeOf(publicDir, file);
  if (`${route}/` === EDITOR_PATH) {
    // the editor's page (also at /admin and /admin/index.html), never to be indexed
    for (const target of [EDITOR_PATH, `${EDITOR_PATH}index.html`])
      lines.push(
        target,
        `  Content-Security-Policy: ${policies[i]}`,
        `  Cross-Origin-Opener-Policy: ${EDITOR_OPENER_POLICY}`,
        "  X-Robots-Tag: noindex, nofollow",
      );
    return;
  }
  for (const target of new Set([route, route === "/404" ? "/404.html" : route])) {
    lines.push(target, `  Content-Security-Policy: ${policies[i]}`, `  Cross-Origin-Opener-Policy: ${OPENER_POLICY}`);
  }
});
const pages = files.length;
const headersFile = path.join(publicDir, "_headers");
await writeFile(headersFile, await siteHeaders(await readFile(headersFile, "utf8"), path.join(root, "netlify.toml")));
appendFileSync(headersFile, `${lines.join("\n")}\n`);
console.log(`Content-Security-Policy written for ${pages} pages; NUL characters removed from ${cleaned}`);
