const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]";

/**
 * Keeps Tab inside a modal dialog: from the last control it wraps to the first, and back with Shift+Tab,
 * rather than leaving for the browser's own controls.
 */
export function wrapFocus(event: React.KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Tab") return;
  // what Tab reaches: shown, and not taken out of the order (the search's results: tabindex -1)
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
  );
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
