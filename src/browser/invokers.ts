/**
 * The attribute the head's script sets on <html> where the browser has Invoker Commands (`commandfor` and
 * `command`): there the contact buttons show, and open the modal natively, before the page's script has run
 * (actions/contact-button.module.css). Set before the first paint, so no control changes under the visitor.
 * Elsewhere, and wherever no script runs at all, the link to /contact shows: every control always leads somewhere
 * (a browser without script cannot tell whether it has invokers, and a button there might do nothing).
 */
export const INVOKERS_ATTRIBUTE = "data-invokers";

/** The head's inline script (allowed by its hash in the page's Content-Security-Policy: scripts/csp.mjs). */
export const INVOKERS_SCRIPT = `"commandForElement"in HTMLButtonElement.prototype&&document.documentElement.setAttribute("${INVOKERS_ATTRIBUTE}","")`;
