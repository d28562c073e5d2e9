import { whenOpened } from "../modals/when-opened";

/**
 * When an island's code comes (island.tsx): when the visitor first reaches for it (a pointer over it, a focus, a
 * press, a key, text), also when it comes within 200 px of the screen (`visible`), or when the dialog it is in opens
 * (`open`). A pointer's passing comes before its press, often by a second: the code is mostly there by the click.
 */
export type Wake = "interaction" | "visible" | "open";

const REACHING = ["pointerover", "focusin", "pointerdown", "keydown", "input"] as const;

/** Calls `wakeUp` once, when `wake` says; at once if the visitor is already in it. Returns what stops waiting. */
export function whenToWake(element: HTMLElement, wake: Wake, wakeUp: () => void): () => void {
  const stops: (() => void)[] = [];
  const stop = () => stops.splice(0).forEach((s) => s());
  const once = () => {
    stop();
    wakeUp();
  };
  if (wake === "open") {
    const dialog = element.closest("dialog");
    if (dialog) {
      stops.push(whenOpened(dialog, once));
      return stop;
    }
  }
  if (alreadyIn(element)) {
    wakeUp();
    return () => undefined;
  }
  for (const type of REACHING) {
    element.addEventListener(type, once, { capture: true, passive: true });
    stops.push(() => element.removeEventListener(type, once, { capture: true }));
  }
  if (wake === "visible" && typeof IntersectionObserver === "function") {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && once(), {
      rootMargin: "200px",
    });
    // the element of the island's root draws no box (display: contents, global.css): what it holds is seen
    observer.observe(element.firstElementChild ?? element);
    stops.push(() => observer.disconnect());
  }
  return stop;
}

/** The visitor is in it already: its focus, or a field changed before the page's script ran. */
function alreadyIn(element: HTMLElement): boolean {
  if (element.contains(document.activeElement)) return true;
  return [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].some(changed);
}

function changed(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.type === "file") return Boolean(field.files?.length);
  return field.type !== "hidden" && field.value !== field.defaultValue;
}
