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

/** Every page's opener policy: no other site's window keeps a hold on one of ours. */
export const OPENER_POLICY = "same-origin";

/** The address of the authors' editor (src/cms/), whose page is Decap CMS's and has policies of its own. */
export const EDITOR_PATH = "/admin/";

/**
 * The editor's opener policy: it signs in through a popup of Netlify's OAuth provider, which hands the GitHub token
 * back to the window that opened it (window.opener); "same-origin" would cut that link.
 */
export const EDITOR_OPENER_POLICY = "same-origin-allow-popups";

/**
 * The editor's policy: Decap's bundle, the styles it writes into the page (Emotion) and the site's stylesheet its
 * previews draw with; pictures from the repository (blobs it makes of them) and the GitHub avatar of the author signed
 * in; the GitHub API it reads and saves through, and Netlify's OAuth provider, which it opens in a popup.
 * 'unsafe-eval': Decap checks its configuration with Ajv, which compiles each schema into a function at run time;
 * the page runs no script but its own files ('self'), and no visitor page allows it.
 */
export function editorSecurityPolicy() {
  const directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", "blob:", "https://api.github.com", "https://api.netlify.com"],
    "frame-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
