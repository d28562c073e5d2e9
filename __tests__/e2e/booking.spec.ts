import { consentCookie, expect, test, visit } from "./fixtures";
import { ANALYTICS, CALENDLY, fakeAnalytics, fakeCalendlyScripts, RECAPTCHA, site, thirdPartyRequests } from "./fakes";

const bookingUrl = `${site.thirdParty.calendlyUrl}?a1=${encodeURIComponent(site.thirdParty.calendlyPrefill).replace(/%20/g, "+")}`;

test("the consultation button is a real link to the prefilled booking page", async ({ page }) => {
  await visit(page, "/");
  const button = page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" });
  await expect(button).toHaveAttribute("href", bookingUrl);
  await expect(button).toHaveAttribute("target", "_blank");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the consultation button opens the prefilled booking page in a new tab", async ({ page }) => {
    await page
      .context()
      .route(/^https:\/\/calendly\.com\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>Booking page</h1>" }),
      );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/pricing");
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click(),
    ]);
    await expect(tab).toHaveURL(bookingUrl);
    await expect(tab.locator("h1")).toHaveText("Booking page");
    await expect(page).toHaveURL(/\/pricing$/);
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
