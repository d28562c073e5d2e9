import { FOOTER_SERVICES } from "./constants";

// spec §4: the footer service list shows 5, "Show More" adds 10 until all show, then "Show Less" returns to 8.

export const initialFooterCount = (total: number) => Math.min(FOOTER_SERVICES.initial, total);

/** All are shown: the button says "Show Less" (its <details> is open). */
export const footerShowsAll = (visible: number, total: number) => visible >= total;

export function nextFooterCount(visible: number, total: number): number {
  if (visible < total) return Math.min(total, visible + FOOTER_SERVICES.step);
  return Math.min(FOOTER_SERVICES.collapsed, total);
}
