// GET /api/book, the consultation link of every page (src/lib/booking.ts): a 303 to the booking page with the
// topic prefilled and the campaign of the page the link was followed from, as its Referer says it (the site's
// pages send their full address to their own origin). So a visitor without script, or one who opens the link in
// a new tab, books with the page's own campaign, as the forms send it without consent; nothing is kept.
import { bookingUrl, campaignOfPage } from "../lib/booking";

export interface BookingRedirectOptions {
  calendlyUrl: string;
  topic: string;
  /** the site's origins: a Referer from anywhere else passes on nothing */
  origins: readonly string[];
}

export function createBookingRedirect({ calendlyUrl, topic, origins }: BookingRedirectOptions) {
  return (request: Request): Response => {
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    const campaign = campaignOfPage(request.headers.get("referer"), origins);
    return new Response(null, {
      status: 303,
      headers: {
        Location: bookingUrl(calendlyUrl, topic, campaign),
        // the answer depends on the page the link was on
        "Cache-Control": "no-store",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  };
}
