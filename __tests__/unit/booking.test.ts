/**
 * @jest-environment node
 */
import site from "../../content/site.json";
import { bookingUrl, campaignOfPage } from "../../src/lib/booking";
import { createBookingRedirect } from "../../src/server/booking-redirect";

const { calendlyUrl, calendlyPrefill } = site.thirdParty;
const ORIGIN = "https://www.tidewell.example";

describe("booking link", () => {
  it("prefills the discussion topic", () => {
    const url = new URL(bookingUrl(calendlyUrl, calendlyPrefill));
    expect(url.origin + url.pathname).toBe(calendlyUrl);
    expect(url.searchParams.get("a1")).toBe(calendlyPrefill);
  });

  it("passes the visit's campaign in Calendly's utm_* prefill parameters, and nothing else of the visit", () => {
    const url = new URL(
      bookingUrl(calendlyUrl, calendlyPrefill, {
        utm_source: "linkedin",
        utm_medium: "paid_social",
        utm_campaign: "cpq-q4",
        utm_content: "carousel",
        utm_term: "salesforce cpq",
        gclid: "abc",
        landing_page: "/services/cpq",
        referrer: "https://www.linkedin.com",
      }),
    );
    expect([...url.searchParams.keys()].sort()).toEqual(
      ["a1", "utm_campaign", "utm_content", "utm_medium", "utm_source", "utm_term"].sort(),
    );
    expect(url.searchParams.get("utm_term")).toBe("salesforce cpq");
  });

  it("reads a campaign only from a page of the site", () => {
    expect(campaignOfPage(`${ORIGIN}/pricing?utm_source=x&utm_campaign=y&gclid=z`, [ORIGIN])).toEqual({
      utm_source: "x",
      utm_campaign: "y",
    });
    expect(campaignOfPage("https://elsewhere.example/?utm_source=x", [ORIGIN])).toEqual({});
    expect(campaignOfPage(null, [ORIGIN])).toEqual({});
    expect(campaignOfPage("not a url", [ORIGIN])).toEqual({});
  });
});

describe("GET /api/book, the link without script", () => {
  const redirect = createBookingRedirect({ calendlyUrl, topic: calendlyPrefill, origins: [ORIGIN] });
  const follow = (referer?: string, method = "GET") =>
    redirect(new Request(`${ORIGIN}/api/book`, { method, headers: referer ? { referer } : {} }));

  it("sends the visitor on to the booking page with the campaign of the page the link was on", async () => {
    const answer = await follow(`${ORIGIN}/services/cpq?utm_source=newsletter&utm_campaign=nov`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const location = new URL(answer.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe(calendlyUrl);
    expect(location.searchParams.get("a1")).toBe(calendlyPrefill);
    expect(location.searchParams.get("utm_source")).toBe("newsletter");
    expect(location.searchParams.get("utm_campaign")).toBe("nov");
  });

  it("passes on nothing from another site's page, or without a Referer", async () => {
    for (const referer of ["https://evil.example/?utm_source=spoof", undefined]) {
      const location = new URL((await follow(referer)).headers.get("Location")!);
      expect([...location.searchParams.keys()]).toEqual(["a1"]);
    }
  });

  it("answers only GET and HEAD", async () => {
    expect((await follow(undefined, "POST")).status).toBe(405);
    expect((await follow(undefined, "HEAD")).status).toBe(303);
  });

  it("limited, says when to follow it again, and leads back to the page it was on and to the site", async () => {
    const limited = createBookingRedirect({
      calendlyUrl,
      topic: calendlyPrefill,
      origins: [ORIGIN],
      limiter: { take: async () => ({ ok: false, retryAfterSeconds: 40 }) },
    });
    const answer = await limited(
      new Request(`${ORIGIN}/api/book`, { headers: { referer: `${ORIGIN}/pricing?utm_source=mail` } }),
    );
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("40");
    const html = await answer.text();
    expect(html).toContain("Please follow the booking link again in 40 seconds.");
    expect(html).toContain(
      '<a href="/pricing?utm_source=mail">Back to the page you came from</a> · <a href="/">Back to the site</a>',
    );
    const elsewhere = await limited(
      new Request(`${ORIGIN}/api/book`, { headers: { referer: "https://evil.example/pricing" } }),
    );
    expect(await elsewhere.text()).not.toContain("Back to the page you came from");
  });
});
