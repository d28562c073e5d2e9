// GET /api/book, the consultation link of every page (src/lib/booking.ts): a 303 to the booking page with the
// topic prefilled and the campaign of the page the link was followed from, as its Referer says it (the site's
// pages send their full address to their own origin). So a visitor without script, or one who opens the link in
// a new tab, books with the page's own campaign, as the forms send it without consent; nothing is kept but the
// token each request takes of its client's rate limit (rate-limit.ts).
import { bookingUrl, campaignOfPage } from "../lib/booking";
import { FORM_PAGE_HEADERS, messagePage } from "./form-pages";
import { pageCameFrom } from "./page-shell";
import { LIMITED, retryAfter, type Limiter } from "./rate-limit";
import { htmlAnswer } from "./security-headers";

export interface BookingRedirectOptions {
  calendlyUrl: string;
  topic: string;
  /** the site's origins: a Referer from anywhere else passes on nothing */
  origins: readonly string[];
  limiter?: Limiter;
}

export function createBookingRedirect({ calendlyUrl, topic, origins, limiter }: BookingRedirectOptions) {
  return async (request: Request, context: { ip?: string } = {}): Promise<Response> => {
    const limit = (await limiter?.take("book", context.ip)) ?? { ok: true };
    const referer = request.headers.get("referer");
    if (!limit.ok)
      return htmlAnswer(
        429,
        messagePage(
          LIMITED.title,
          `Many requests came from your connection in a short time. Please follow the booking link again in ${limit.retryAfterSeconds} seconds.`,
          "/",
          pageCameFrom(referer, origins.find((origin) => referer?.startsWith(`${origin}/`)) ?? null),
        ),
        { ...FORM_PAGE_HEADERS, ...retryAfter(limit) },
      );
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    const campaign = campaignOfPage(referer, origins);
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
