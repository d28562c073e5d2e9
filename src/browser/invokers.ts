/**
 * The attribute the head's script sets on <html> where the browser has no Invoker Commands (`commandfor` and
 * `command`): there the contact buttons show as links to /contact (actions/contact-button.module.css). Set before
 * the first paint, so no control changes under the visitor; a page without script leaves it unset and shows the
 * buttons, which such a browser submits to /contact.
 */
export const NO_INVOKERS_ATTRIBUTE = "data-no-invokers";

/** The head's inline script (allowed by its hash in the page's Content-Security-Policy: scripts/csp.mjs). */
export const INVOKERS_SCRIPT = `"commandForElement"in HTMLButtonElement.prototype||document.documentElement.setAttribute("${NO_INVOKERS_ATTRIBUTE}","")`;
