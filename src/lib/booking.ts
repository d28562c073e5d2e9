// The free-consultation booking (spec §1): Calendly's popup widget, loaded on the first click, and the booking
// page's address with the discussion topic and where the visit came from (issue 44), in Calendly's own prefill
// parameters, so that Calendly's Salesforce integration and its webhook (src/server/calendly*.ts) see the campaign.
import { CAMPAIGN_KEYS, campaignOf, MAX_ATTRIBUTION_LENGTH, type Attribution } from "./attribution";

export const CALENDLY_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";
export const CALENDLY_STYLES = "https://assets.calendly.com/assets/external/widget.css";
/** Where Calendly's popup posts its events from (its embed's `message` events). */
export const CALENDLY_ORIGIN = "https://calendly.com";

/**
 * The consultation link of every page: the site's own address, which sends a visitor on to the booking page with
 * the page's own campaign (src/server/booking-redirect.ts), so that a link opened without script, or in a new tab,
 * carries it too.
 */
export const BOOKING_PATH = "/api/book";

/**
 * The booking page with the discussion topic prefilled (Calendly's first custom answer, a1) and the visit's campaign
 * as Calendly's utm_* parameters, which it keeps with the booking.
 */
export function bookingUrl(calendlyUrl: string, topic: string, attribution: Attribution = {}): string {
  const url = new URL(calendlyUrl);
  url.searchParams.set("a1", topic);
  for (const key of CAMPAIGN_KEYS) {
    const value = attribution[key];
    if (value) url.searchParams.set(key, value.slice(0, MAX_ATTRIBUTION_LENGTH));
  }
  return url.toString();
}

/**
 * The campaign a page's address carries, when that page is one of the site's (`origins`): what a booking link
 * followed without script passes on, as the Referer says it. Nothing for another site's page or none.
 */
export function campaignOfPage(page: string | null, origins: readonly string[]): Attribution {
  if (!page) return {};
  try {
    const url = new URL(page);
    if (!origins.includes(url.origin)) return {};
    const campaign = campaignOf(url.search);
    return Object.fromEntries(CAMPAIGN_KEYS.filter((key) => campaign[key]).map((key) => [key, campaign[key]]));
  } catch {
    return {};
  }
}

export interface CalendlyApi {
  initPopupWidget: (options: { url: string }) => void;
}
