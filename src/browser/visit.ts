// Where this visit came from, as the browser knows it, under the visitor's consent
// (docs/store.md#where-a-lead-came-from):
// - without consent to analytics nothing about the visit is kept on the device: a form sends what the current page's
//   own address and document.referrer say, so a lead sent on the landing page keeps its campaign and one sent after
//   moving on does not;
// - with it, the visit's first touch is kept in sessionStorage (this tab, until it closes) and sent with any later
//   form; withdrawing consent deletes it.
import { campaignOf, referrerOrigin, type Attribution } from "../lib/attribution";
import { analyticsGranted, readConsent } from "../lib/consent";
import { readStored, removeStored, STORAGE_KEYS, writeStored } from "./storage";

export interface PageView {
  /** the current address */
  href: string;
  /** document.referrer: the page before this document was loaded */
  referrer: string;
  /** the address this document was loaded at (the browser's navigation entry): the landing page of a visit whose
   * pages followed by the site's own links, which change the address without loading a document */
  loadedAt: string;
}

/** The first touch of a visit: where it landed, from where, with which campaign. */
export function firstTouchOf(view: PageView): Attribution {
  const landed = new URL(view.loadedAt);
  const referrer = referrerOrigin(view.referrer, [landed.origin]);
  return {
    landing_page: landed.pathname,
    ...(referrer === undefined ? {} : { referrer }),
    ...campaignOf(landed.search),
  };
}

/**
 * What a form sends: the page it is sent from, and the visit's first touch when one is kept; else what this page's
 * own address says (its landing page only when this document was loaded here).
 */
export function attributionOf(view: PageView, kept: Attribution | null): Attribution {
  const here = new URL(view.href);
  if (kept) return { ...kept, page: here.pathname };
  const referrer = referrerOrigin(view.referrer, [here.origin]);
  const landedHere = new URL(view.loadedAt).pathname === here.pathname;
  return {
    ...(landedHere ? { landing_page: here.pathname } : {}),
    page: here.pathname,
    ...(referrer === undefined ? {} : { referrer }),
    ...campaignOf(here.search),
  };
}

/**
 * Where this visit came from, under the visitor's consent now: the first touch with consent to analytics, else what
 * this page's own address says. What a form and the booking link send; only in event handlers.
 */
export const currentAttribution = (view: PageView = currentView()): Attribution =>
  attributionOf(view, analyticsGranted(readConsent(document.cookie)) ? readFirstTouch() : null);

/** The page as the browser sees it now; only in event handlers and effects. */
export function currentView(): PageView {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return { href: window.location.href, referrer: document.referrer, loadedAt: entry?.name || window.location.href };
}

export function readFirstTouch(): Attribution | null {
  try {
    const kept = JSON.parse(readStored("session", STORAGE_KEYS.firstTouch) ?? "null") as unknown;
    return kept && typeof kept === "object" && !Array.isArray(kept) ? (kept as Attribution) : null;
  } catch {
    return null;
  }
}

/** With consent: keeps the visit's first touch, once per visit. */
export function keepFirstTouch(): void {
  if (!readFirstTouch()) writeStored("session", STORAGE_KEYS.firstTouch, JSON.stringify(firstTouchOf(currentView())));
}

export const forgetFirstTouch = (): void => removeStored("session", STORAGE_KEYS.firstTouch);
