// The Content-Security-Policy of the site: exactly the sources it uses.
// reCAPTCHA: https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
// Google Analytics 4: https://developers.google.com/tag-platform/security/guides/csp
// Calendly: the popup widget's script and stylesheet from assets.calendly.com, the booking page in a frame.
export const THIRD_PARTY = {
  script: [
    "https://www.google.com/recaptcha/",
    "https://www.gstatic.com/recaptcha/",
    "https://www.googletagmanager.com",
    "https://assets.calendly.com",
  ],
  style: ["https://assets.calendly.com"],
  img: [
    "https://www.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://www.gstatic.com",
    "https://assets.calendly.com",
  ],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/", "https://calendly.com"],
};

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy({ scriptHashes, leadEndpoint, webToLeadUrl }) {
  const lead = originOf(leadEndpoint);
  const webToLead = originOf(webToLeadUrl);
  const directives = {
    "default-src": ["'self'"],
    // 'wasm-unsafe-eval': the site search (Pagefind) compiles its WebAssembly; it allows no JavaScript eval
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...THIRD_PARTY.script],
    "style-src": ["'self'", "'unsafe-inline'", ...THIRD_PARTY.style],
    "img-src": ["'self'", "data:", ...THIRD_PARTY.img],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(lead ? [lead] : []), ...THIRD_PARTY.connect],
    "frame-src": [...THIRD_PARTY.frame, ...(webToLead ? [webToLead] : [])],
    // the forms post to the endpoint without script (and to Web-to-Lead with it)
    "form-action": ["'self'", ...(lead ? [lead] : []), ...(webToLead ? [webToLead] : [])],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "manifest-src": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
