import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { allRoutes, pageKinds } from "../support/spec-routes";
import { consentCookie, expect, layoutShifts, scrolledTo, test, visit, watchLayoutShifts } from "./fixtures";
import { fakeAnalytics } from "./fakes";

// Issue 19: consent before analytics (src/lib/consent.ts, src/components/consent/). These tests start as a first
// visit, with no answer stored.
test.use({ consent: null });

const banner = (page: Page) => page.getByRole("dialog", { name: "Cookies and your privacy" });
const settings = (page: Page) => page.getByRole("dialog", { name: "Cookie settings" });
const popup = (page: Page) => page.getByRole("dialog", { name: "Are you looking for?" });

type Call = [string, ...unknown[]];
const gtagCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __gtagCalls?: Call[] }).__gtagCalls ?? []);
const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name);
const storedConsent = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === "tidewell_consent");
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[]; revision: number }) : null;
};

/** Index of the first call that starts with `command` (and, for consent, `mode`). */
const at = (calls: Call[], command: string, mode?: string) =>
  calls.findIndex((c) => c[0] === command && (mode === undefined || c[1] === mode));

test("the banner shows on a first visit with three equal choices, and not once answered", async ({ page }) => {
  await visit(page, "/");
  await expect(banner(page)).toBeVisible();
  const buttons = ["Accept all", "Reject all", "Settings"].map((name) => banner(page).getByRole("button", { name }));
  for (const button of buttons) await expect(button).toBeVisible();
  // equal prominence: Accept and Reject look the same
  const look = (i: number) =>
    buttons[i].evaluate((b) => {
      const s = getComputedStyle(b);
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, b.getBoundingClientRect().height].join();
    });
  expect(await look(0)).toBe(await look(1));
  // not a modal: the page stays usable, for pointers and for assistive technology
  await expect(banner(page)).toHaveAttribute("aria-modal", "false");
  await page.getByRole("banner").getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(banner(page)).toBeVisible();

  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  await visit(page, "/about");
  await page.waitForTimeout(2_500); // past the idle time at which a first visit is asked
  await expect(banner(page)).toBeHidden();
  await expect(banner(page)).toHaveCount(0);
});

/** Every request to Google's tag the page makes from now on. */
const tagRequests = (page: Page) => {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (/^https:\/\/www\.googletagmanager\.com\//.test(request.url())) seen.push(request.url());
  });
  return seen;
};

test("before any answer, and after Reject all, Google's tag is never requested, on any page", async ({ page }) => {
  await fakeAnalytics(page);
  const requested = tagRequests(page);
  await visit(page, "/");
  await page.waitForTimeout(2_500); // past the idle time at which the tag loaded for everyone before
  await expect(banner(page)).toBeVisible();
  expect(requested).toEqual([]);
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ categories: ["necessary"], revision: 1 });

  for (const path of ["/", "/services/agentforce", "/blogs"]) {
    await visit(page, path);
    await page.waitForTimeout(2_500);
    expect(requested).toEqual([]);
    expect(await gtagCalls(page)).toEqual([]);
    expect(await page.evaluate(() => "gtag" in window)).toBe(false);
    expect(await cookieNames(page)).not.toContainEqual(expect.stringMatching(/^_ga/));
  }
});

test("Accept all: consent update grants analytics, and the next page starts granted before config", async ({
  page,
}) => {
  await fakeAnalytics(page);
  const requested = tagRequests(page);
  await visit(page, "/");
  await expect(banner(page)).toBeVisible();
  // before the answer: no tag, and no analytics cookie
  expect(requested).toEqual([]);
  expect(await cookieNames(page)).not.toContainEqual(expect.stringMatching(/^_ga/));
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  // the tag loads on this page, at once
  await expect.poll(async () => at(await gtagCalls(page), "config")).toBeGreaterThanOrEqual(0);
  expect(requested).toHaveLength(1);
  const calls = await gtagCalls(page);
  const update = calls.findIndex((c) => c[0] === "consent" && c[1] === "update");
  expect(update).toBeGreaterThan(at(calls, "consent", "default"));
  expect(calls[update][2]).toEqual({ analytics_storage: "granted" });
  expect(await cookieNames(page)).toContain("_ga");
  expect(await storedConsent(page)).toMatchObject({ categories: ["necessary", "analytics"] });

  await visit(page, "/pricing");
  await expect.poll(async () => at(await gtagCalls(page), "config")).toBeGreaterThanOrEqual(0);
  const next = await gtagCalls(page);
  expect(at(next, "consent", "default")).toBeLessThan(at(next, "consent", "update"));
  expect(at(next, "consent", "update")).toBeLessThan(at(next, "config"));
  expect(next[at(next, "consent", "update")][2]).toEqual({ analytics_storage: "granted" });
  await expect(banner(page)).toBeHidden();
});

test("changing one's mind: settings turn analytics off, the _ga cookies go and consent is denied", async ({ page }) => {
  await page.context().addCookies([consentCookie(["necessary", "analytics"])]);
  await fakeAnalytics(page);
  await visit(page, "/");
  await expect.poll(() => cookieNames(page)).toContain("_ga");
  await (await scrolledTo(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }))).click();
  await expect(settings(page)).toBeVisible();
  const analytics = settings(page).getByRole("checkbox", { name: /Analytics/ });
  await expect(analytics).toBeChecked();
  await analytics.uncheck({ force: true });
  await settings(page).getByRole("button", { name: "Save settings" }).click();
  await expect(settings(page)).toBeHidden();
  const calls = await gtagCalls(page);
  expect(calls.at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
  // Google's own switch: the tag sends nothing more from this page
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)["ga-disable-G-TIDEWELL01"])).toBe(
    true,
  );
  expect(await cookieNames(page)).not.toContainEqual(expect.stringMatching(/^_ga/));
  expect(await storedConsent(page)).toMatchObject({ categories: ["necessary"] });
  // and on the next page it is not loaded at all
  await visit(page, "/pricing");
  await page.waitForTimeout(2_500);
  expect(await gtagCalls(page)).toEqual([]);
});

test("every page has Cookie settings in its footer", async ({ request }) => {
  for (const route of allRoutes()) {
    const html = await (await request.get(route)).text();
    expect(html, route).toMatch(/<footer[\s\S]*<button[^>]*>Cookie settings<\/button>[\s\S]*<\/footer>/);
  }
});

// one page of each kind, and the 404 page
for (const path of [...pageKinds, "/no-such-page"]) {
  test(`Cookie settings reopen the choices from the footer of ${path}`, async ({ page }) => {
    await page.context().addCookies([consentCookie(["necessary"])]);
    await visit(page, path);
    await expect(banner(page)).toHaveCount(0);
    await (await scrolledTo(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }))).click();
    await expect(settings(page)).toBeVisible();
    await expect(settings(page).getByRole("checkbox", { name: /Analytics/ })).not.toBeChecked();
    await page.keyboard.press("Escape");
    await expect(settings(page)).toBeHidden();
  });
}

test("the privacy policy lists every cookie and storage key, and its Cookie settings link opens the settings", async ({
  page,
}) => {
  await page.context().addCookies([consentCookie(["necessary"])]);
  await visit(page, "/privacy-policy");
  const table = page.locator("table", { hasText: "tidewell_consent" });
  for (const key of [
    "tidewell_consent",
    "saveDetails",
    "name",
    "email",
    "popupShown",
    "firstTouch",
    "_ga",
    "_ga_<id>",
  ]) {
    await expect(table.locator("td code", { hasText: new RegExp(`^${key}$`) })).toHaveCount(1);
  }
  await page.getByRole("main").getByRole("link", { name: "Cookie settings" }).first().click();
  await expect(settings(page)).toBeVisible();
});

test("Global Privacy Control counts as Reject: no banner, consent denied, and the visitor may still opt in", async ({
  page,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  await fakeAnalytics(page);
  const requested = tagRequests(page);
  await visit(page, "/");
  await page.waitForTimeout(2_500);
  await expect(banner(page)).toHaveCount(0);
  expect(await cookieNames(page)).not.toContainEqual(expect.stringMatching(/^_ga/));
  expect(requested).toEqual([]);

  await (await scrolledTo(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }))).click();
  await settings(page).getByRole("button", { name: "Accept all" }).click();
  await expect(settings(page)).toBeHidden();
  await expect.poll(async () => at(await gtagCalls(page), "config")).toBeGreaterThanOrEqual(0);
  expect((await gtagCalls(page)).filter((c) => c[0] === "consent")).toEqual([
    ["consent", "default", expect.objectContaining({ analytics_storage: "denied" })],
    ["consent", "update", { analytics_storage: "granted" }],
  ]);
  expect(await cookieNames(page)).toContain("_ga");
});

test("a changed policy (a new revision) asks again", async ({ page }) => {
  await page.context().addCookies([consentCookie(["necessary", "analytics"], 0)]);
  await fakeAnalytics(page);
  await visit(page, "/");
  await expect(banner(page)).toBeVisible();
  // an answer to an older policy grants nothing: the tag is not loaded
  expect(await gtagCalls(page)).toEqual([]);
});

test("the welcome popup waits until the banner is answered, so the two never overlap", async ({ page }) => {
  await page.clock.install();
  await visit(page, "/");
  await page.clock.runFor(2_500); // the banner comes when the page is idle
  await expect(banner(page)).toBeVisible();
  await page.clock.runFor(40_000);
  await expect(popup(page)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("popupShown"))).toBeNull();

  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(popup(page)).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect(popup(page).getByRole("button", { name: "Close" })).toBeVisible();
});

for (const width of [390, 1440]) {
  test(`at ${width} px the banner sits at the bottom, clear of the chat button, with no layout shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await watchLayoutShifts(page);
    await visit(page, "/");
    const h1 = await page.locator("h1").boundingBox();
    await expect(banner(page)).toBeVisible();
    await page.waitForTimeout(500); // its entrance transition
    const box = (await banner(page).boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(width < 500 ? 844 : 900);
    expect(box.width).toBe(width);
    const chat = (await page.getByRole("link", { name: "Chat on WhatsApp", exact: true }).boundingBox())!;
    expect(chat.y + chat.height).toBeLessThanOrEqual(box.y);
    expect(await page.locator("h1").boundingBox()).toEqual(h1);
    expect(await layoutShifts(page)).toEqual([]);

    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await banner(page).getByRole("button", { name: "Settings" }).click();
    await expect(settings(page)).toBeVisible();
    await page.waitForTimeout(500);
    const again = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(again.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("at 390 px nothing hides under the banner: the page's end scrolls clear of it, and what is scrolled into view stops above it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/services/agentforce");
  await expect(banner(page)).toBeVisible();
  await page.waitForTimeout(500); // its entrance transition
  const bannerTop = (await banner(page).boundingBox())!.y;
  const bottomOf = (locator: ReturnType<Page["locator"]>) =>
    locator.evaluate((el) => Math.round(el.getBoundingClientRect().bottom));

  // a link below the screen brought to the bottom edge, as Firefox and Safari do when Tab focuses it (Chromium
  // centres it): it stops above the banner
  // (again until it holds: the blocks above it are laid out only as they near the screen, content-visibility, and
  // may move it after the first scroll)
  const contact = page.getByRole("main").getByRole("button", { name: "Contact Us" }).last();
  await expect
    .poll(async () => {
      await contact.evaluate((el) => el.scrollIntoView({ block: "end" }));
      return bottomOf(contact);
    })
    .toBeLessThanOrEqual(Math.ceil(bannerTop));

  // the footer's last line, at the very end of the page
  const lastLink = page.getByRole("contentinfo").getByRole("link").last();
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return bottomOf(lastLink);
    })
    .toBeLessThanOrEqual(bannerTop);

  // answered, the room it took goes
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(page.locator("body")).toHaveCSS("padding-bottom", "0px");
});

test("the banner comes first for a keyboard, and is answered by it alone", async ({ page }) => {
  await visit(page, "/");
  await expect(banner(page)).toBeVisible();
  const accept = banner(page).getByRole("button", { name: "Accept all" });
  // it takes no focus of its own: a visitor typing in a field keeps typing
  await expect(page.locator("body")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("link", { name: "Privacy policy" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(accept).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ categories: ["necessary"] });
});

test("when the settings' code cannot load, nothing is granted, the banner still asks, and the page goes on", async ({
  page,
}) => {
  await page.route(/\/consent-settings-[0-9a-f]+\.js$/, (route) => route.abort());
  await fakeAnalytics(page);
  await visit(page, "/");
  await banner(page).getByRole("button", { name: "Settings" }).click();
  await expect(settings(page)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  expect(await storedConsent(page)).toBeNull();
  expect(await cookieNames(page)).not.toContainEqual(expect.stringMatching(/^_ga/));
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ categories: ["necessary"] });
});
