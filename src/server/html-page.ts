import { createHash } from "crypto";
import site from "../../content/site.json";
import { tokensRule, type DesignToken } from "../lib/design-tokens";

// The one shell of the pages the functions answer with (a form sent without script that could not be taken, a
// moderation link): plain HTML, since a function cannot know the build's hashed stylesheet, drawn with the site's
// design tokens (src/lib/design-tokens.ts), under a policy of their own that allows no script at all.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const TOKENS: DesignToken[] = [
  "color-brand",
  "color-ink",
  "color-text",
  "color-muted",
  "color-line",
  "color-surface",
  "color-surface-alt",
  "color-error",
  "color-field-border",
  "color-white",
  "font-sans",
  "radius-md",
  "radius-lg",
  "shadow-md",
];

const STYLE = `${tokensRule(TOKENS)}
body{font:16px/1.5 var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);margin:0;padding:1.5rem 1rem}
header,main{max-width:40rem;margin:0 auto}header a{font-weight:700;color:var(--color-brand);text-decoration:none}
main{background:var(--color-surface);border-radius:var(--radius-lg);padding:1.5rem 2rem 2rem;box-shadow:var(--shadow-md);margin-top:1rem}
h1{color:var(--color-ink);font-size:1.5rem;margin:.5rem 0}.problem{border-left:4px solid var(--color-error);padding-left:.75rem}
label{display:block;font-weight:600;margin-top:1rem}input,textarea{font:inherit;box-sizing:border-box;width:100%;
padding:.6rem .75rem;border:1px solid var(--color-field-border);border-radius:var(--radius-md);margin-top:.25rem}
textarea{min-height:8rem}[aria-invalid=true]{border:2px solid var(--color-error)}.phone{display:flex;gap:.5rem}
.phone .dial{width:5.5rem;flex:none}button{font:inherit;font-weight:600;color:var(--color-white);
background:var(--color-brand);border:0;border-radius:var(--radius-md);padding:.75rem 1.5rem;margin-top:1.5rem;cursor:pointer}
button.reject{background:var(--color-error)}a{color:var(--color-brand)}.optional,.meta{font-weight:400;color:var(--color-muted)}
blockquote{margin:1rem 0;padding:1rem;background:var(--color-surface-alt);border-left:4px solid var(--color-brand);
white-space:pre-wrap;overflow-wrap:anywhere}.meta{font-size:.9rem}`;

/**
 * The pages' headers: no script at all, their own style by hash, forms back to the function only. `referrer`: a
 * form page keeps `same-origin`, so that its form sends the Origin the endpoint checks (a stricter policy makes the
 * browser send `Origin: null`); a moderation page sends none.
 */
export const pageHeaders = (referrer: "same-origin" | "no-referrer") => ({
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": referrer,
  "X-Robots-Tag": "noindex, nofollow",
});

/** A page of the site's look: `body` is HTML already escaped; `home`, when given, is the way back to the site. */
export function htmlPage(title: string, body: string, home?: string): string {
  const header = home ? `<header><a href="${escapeHtml(home)}">${escapeHtml(site.title)}</a></header>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.title)}</title><style>${STYLE}</style></head><body>${header}<main>${body}</main></body></html>`;
}
