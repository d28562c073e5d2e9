/**
 * The security headers every function answer sets itself: Netlify applies the rules of netlify.toml and
 * public/_headers to files it serves, not to what a function answers (and neither does scripts/serve.mjs). The
 * values are netlify.toml's for every path (a unit test keeps the two the same), plus a policy of their own:
 * a JSON answer loads nothing, and a page of a function sets a stricter CSP over this one.
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

/** Sets SECURITY_HEADERS, then `more` over them. */
export function setSecurityHeaders(
  res: { setHeader(name: string, value: string): unknown },
  more: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, ...more })) res.setHeader(name, value);
}
