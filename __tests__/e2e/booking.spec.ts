import type { Page } from "@playwright/test";
import { consentCookie, expect, ORIGIN, test, visit } from "./fixtures";
import {
  ANALYTICS,
  CALENDLY,
  fakeAnalytics,
  fakeCalendlyScripts,
  fakeLeadEndpoint,
  fakeRecaptchaScript,
  fakeWebToLead,
  RECAPTCHA,
  site,
  thirdPartyRequests,
} from "./fakes";

const bookingUrl = `${site.thirdParty.calendlyUrl}?a1=${encodeURIComponent(site.thirdParty.calendlyPrefill).replace(/%20/g, "+")}`;

test("the consultation button is a real link, through the site's own /api/book, to the prefilled booking page", async ({
  page,
}) => {
  await visit(page, "/");
  const button = page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" });
  await expect(button).toHaveAttribute("href", "/api/book");
  await expect(button).toHaveAttribute("target", "_blank");
  const answer = await page.request.get("/api/book", { maxRedirects: 0, headers: { referer: `${ORIGIN}/` } });
  expect(answer.status()).toBe(303);
  expect(answer.headers()["location"]).toBe(bookingUrl);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** The tab the header's consultation link opens from `path`, on a stand-in booking page. */
  async function bookFrom(page: Page, path: string) {
    await page
      .context()
      .route(/^https:\/\/calendly\.com\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>Booking page</h1>" }),
      );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click(),
    ]);
    await expect(tab.locator("h1")).toHaveText("Booking page");
    return tab;
  }

  test("the consultation button opens the prefilled booking page in a new tab", async ({ page }) => {
    const tab = await bookFrom(page, "/pricing");
    await expect(tab).toHaveURL(bookingUrl);
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("from a campaign's landing page, the booking page gets that page's campaign", async ({ page }) => {
    const tab = await bookFrom(
      page,
      "/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=nov-cpq&email=x@y.z",
    );
    expect(campaignOf(tab.url())).toEqual({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov-cpq" });
  });
});

/** The utm_* parameters of a booking page's address. */
const campaignOf = (url: string) =>
  Object.fromEntries([...new URL(url).searchParams].filter(([key]) => key.startsWith("utm_")));

const LANDING = "/services/agentforce?utm_source=linkedin&utm_medium=paid_social&utm_campaign=agentforce-q4";
const CAMPAIGN = { utm_source: "linkedin", utm_medium: "paid_social", utm_campaign: "agentforce-q4" };

/** The address Calendly's popup was opened with, from a click of the header's consultation button. */
async function popupCampaign(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click();
  const overlay = page.locator(".calendly-overlay").last();
  await expect(overlay).toBeAttached();
  return campaignOf((await overlay.getAttribute("data-url"))!);
}

test.describe("the booking carries the campaign, under the forms' consent rules", () => {
  test.beforeEach(async ({ page }) => {
    await fakeCalendlyScripts(page);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test.describe("after Accept", () => {
    test.use({ consent: ["necessary", "analytics"] });
    test("the visit's campaign, on the landing page and after moving on", async ({ page }) => {
      await fakeAnalytics(page);
      await visit(page, LANDING);
      expect(await popupCampaign(page)).toEqual(CAMPAIGN);
      await visit(page, "/pricing");
      expect(await popupCampaign(page)).toEqual(CAMPAIGN);
    });
  });

  test.describe("after Reject", () => {
    test.use({ consent: ["necessary"] });
    test("only the landing URL's own campaign, and none once the visitor moved on", async ({ page }) => {
      await visit(page, LANDING);
      expect(await popupCampaign(page)).toEqual(CAMPAIGN);
      await visit(page, "/pricing");
      expect(await popupCampaign(page)).toEqual({});
    });
  });
});

test.describe("conversions in analytics", () => {
  /** Google's events the page raised (the fake tag records every command: __tests__/support/third-party-fakes.ts). */
  const events = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { __gtagCalls?: unknown[][] }).__gtagCalls ?? []).filter((call) => call[0] === "event"),
    );
  const sendContact = async (page: Page) => {
    await fakeRecaptchaScript(page);
    await fakeLeadEndpoint(page, 200);
    await fakeWebToLead(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(page, "/contact");
    const form = page.getByRole("form", { name: "Contact" });
    await expect(form.locator("xpath=ancestor::*[@data-hydrated]")).toBeAttached();
    await form.getByLabel("Name").fill("Asha Rao");
    await form.getByLabel("Email").fill("asha@example.com");
    await form.getByLabel("Message").fill("CPQ help");
    await form.getByRole("button", { name: "I'm not a robot" }).click();
    await page.clock.runFor(2_500);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Your message is sent. We'll get back to you at the earliest.")).toBeVisible();
  };

  test.describe("after Accept", () => {
    test.use({ consent: ["necessary", "analytics"] });
    test("a sent enquiry and a booking raise generate_lead with their kind and page, and nothing personal", async ({
      page,
    }) => {
      await page.clock.install();
      await fakeAnalytics(page);
      await sendContact(page);
      await expect
        .poll(() => events(page))
        .toEqual([
          ["event", "generate_lead", { form_kind: "contact", page_path: "/contact", transport_type: "beacon" }],
        ]);
      await fakeCalendlyScripts(page);
      await page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click();
      await expect(page.locator(".calendly-overlay")).toBeAttached();
      await page.evaluate(() =>
        window.dispatchEvent(
          new MessageEvent("message", { origin: "https://calendly.com", data: { event: "calendly.event_scheduled" } }),
        ),
      );
      const raised = await events(page);
      expect(raised[1]).toEqual([
        "event",
        "generate_lead",
        { form_kind: "booking", page_path: "/contact", transport_type: "beacon" },
      ]);
      expect(JSON.stringify(raised)).not.toContain("asha");
    });
  });

  test.describe("after Reject", () => {
    test.use({ consent: ["necessary"] });
    test("a sent enquiry raises nothing, and Google's tag never loads", async ({ page }) => {
      await page.clock.install();
      const requested = thirdPartyRequests(page);
      await fakeAnalytics(page);
      await sendContact(page);
      expect(requested.filter((u) => ANALYTICS.test(u))).toEqual([]);
      expect(await page.evaluate(() => "gtag" in window)).toBe(false);
    });
  });
});

test("no third-party script loads before interaction except analytics after idle", async ({ page }) => {
  await fakeAnalytics(page);
  const requested = thirdPartyRequests(page);
  await visit(page, "/services/agentforce");
  expect(requested.filter((u) => CALENDLY.test(u) || RECAPTCHA.test(u))).toEqual([]);
  expect(requested.every((u) => ANALYTICS.test(u))).toBe(true);
  const html = await (await page.request.get("/services/agentforce")).text();
  expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
});

test("the first click loads Calendly's script and stylesheet and opens the popup with the prefilled link", async ({
  page,
}) => {
  await fakeCalendlyScripts(page);
  const requested = thirdPartyRequests(page);
  await visit(page, "/pricing");
  expect(requested.filter((u) => CALENDLY.test(u))).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click();
  await expect(page.locator(".calendly-overlay")).toHaveAttribute("data-url", bookingUrl);
  expect(requested.filter((u) => CALENDLY.test(u)).sort()).toEqual([
    "https://assets.calendly.com/assets/external/widget.css",
    "https://assets.calendly.com/assets/external/widget.js",
  ]);
  await expect(page).toHaveURL(/\/pricing$/);
});

test("when the widget cannot load, the click still reaches the booking page", async ({ page }) => {
  await fakeCalendlyScripts(page, { fail: true });
  await page.route(/^https:\/\/calendly\.com\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Booking page</h1>" }),
  );
  await visit(page, "/pricing");
  await page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click();
  await expect(page).toHaveURL(bookingUrl);
  await expect(page.locator("h1")).toHaveText("Booking page");
});

test("analytics loads after the page is idle with the configured id, for a visitor who accepted it", async ({
  page,
}) => {
  await page.context().addCookies([consentCookie(["necessary", "analytics"])]);
  await fakeAnalytics(page);
  await visit(page, "/");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded))
    .toBe(true);
  const queued = await page.evaluate(() =>
    (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)[0]),
  );
  expect(queued).toEqual(expect.arrayContaining(["js", "config"]));
  const html = await (await page.request.get("/")).text();
  expect(html).not.toContain("googletagmanager");
});
