/**
 * The attribute the head's script sets on <html> where the browser has no Invoker Commands (`commandfor` and
 * `command`): there the contact buttons show as links to /contact (actions/contact-button.module.css). Set before
 * the first paint, so no control changes under the visitor. Without script it stays unset and the buttons show:
 * a browser that has invokers opens the modal with them.
 */
export const NO_INVOKERS_ATTRIBUTE = "data-no-invokers";

/** The head's inline script (allowed by its hash in the page's Content-Security-Policy: scripts/csp.mjs). */
export const INVOKERS_SCRIPT = `"commandForElement"in HTMLButtonElement.prototype||document.documentElement.setAttribute("${NO_INVOKERS_ATTRIBUTE}","")`;
