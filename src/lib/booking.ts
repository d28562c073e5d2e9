// The free-consultation booking (spec §1): Calendly's popup widget, loaded on the first click.

export const CALENDLY_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";
export const CALENDLY_STYLES = "https://assets.calendly.com/assets/external/widget.css";

/** The booking page with the discussion topic prefilled (Calendly's first custom answer, a1). */
export function bookingUrl(calendlyUrl: string, topic: string): string {
  const url = new URL(calendlyUrl);
  url.searchParams.set("a1", topic);
  return url.toString();
}

export interface CalendlyApi {
  initPopupWidget: (options: { url: string }) => void;
}
