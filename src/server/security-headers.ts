/**
 * The security headers every function answer sets itself: Netlify applies the rules of netlify.toml and
 * public/_headers to files it serves, not to what a function answers. The local server's own answers (its 400, 301,
 * 405, 413 and 500: scripts/serve.mjs, netlify-emulation.ts) set them too, through `ownAnswer`. The values are netlify.toml's for every path
 * (a unit test keeps the two the same), plus a policy of their own: a JSON answer loads nothing, and a page of a
 * function sets a stricter CSP over this one.
 */
export const SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
} as const;

/** SECURITY_HEADERS, then `more` over them. */
export const securityHeaders = (more: Record<string, string> = {}): Headers =>
  new Headers({ ...SECURITY_HEADERS, ...more });

/** A JSON answer of a function, with the security headers. */
export const jsonAnswer = (status: number, body: unknown, more: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: securityHeaders({ "Content-Type": "application/json; charset=utf-8", ...more }),
  });

/** An HTML page of a function, with the security headers and the page's own (its policy). */
export const htmlAnswer = (status: number, html: string, more: Record<string, string> = {}): Response =>
  new Response(html, { status, headers: securityHeaders({ "Content-Type": "text/html; charset=utf-8", ...more }) });

/** An answer the local server makes itself, not a file's or a function's: plain text, with the security headers. */
export const ownAnswer = (status: number, text: string | null, more: Record<string, string> = {}): Response =>
  new Response(text, {
    status,
    headers: securityHeaders(text === null ? more : { "Content-Type": "text/plain; charset=utf-8", ...more }),
  });
