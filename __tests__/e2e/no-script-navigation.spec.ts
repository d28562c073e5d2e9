import type { Locator, Page } from "@playwright/test";
import { expect, scrolledTo, test, visit } from "./fixtures";

// Issue 24: every way around the site works from the first paint, before and without JavaScript (the platform's
// popover, <details>, CSS :hover and :focus-within), and the same journeys still work once React has hydrated.

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const menuDialog = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const summary = (scope: Locator | Page, text: string) => scope.locator("summary").filter({ hasText: text });

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const open = (page: Page, path: string) => (javaScriptEnabled ? visit(page, path) : page.goto(path));
    // scrolledTo waits for frames, which a page without script does not run for it
    const reach = async (target: Locator) =>
      javaScriptEnabled ? scrolledTo(target) : (await target.scrollIntoViewIfNeeded(), target);

    test("the header shows the search and the menus' toggles only where script can run them", async ({ page }) => {
      await page.setViewportSize(desktop);
      await open(page, "/");
      const search = page.getByRole("banner").getByRole("button", { name: "Search" });
      const toggle = mainNav(page).getByRole("button", { name: "Industries menu" });
      if (javaScriptEnabled) {
        await expect(search).toBeVisible();
        await expect(toggle).toBeVisible();
      } else {
        // a button that could do nothing is not shown: the menus open by hover and focus, the footer reaches every page
        await expect(search).toBeHidden();
        await expect(toggle).toBeHidden();
      }
    });

    test.describe("mobile menu", () => {
      test.beforeEach(async ({ page }) => page.setViewportSize(phone));

      test("opens from its button and a link in a section reaches its page", async ({ page }) => {
        await open(page, "/");
        await expect(menuDialog(page)).toBeHidden();
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(menuDialog(page)).toBeVisible();
        await expect(menuDialog(page).getByRole("link", { name: "Insurance" })).toBeHidden();
        await summary(menuDialog(page), "Industries section").click();
        await menuDialog(page).getByRole("link", { name: "Insurance" }).click();
        await expect(page).toHaveURL(/\/industryexpert\/insurance$/);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(/insurance/i);
        await expect(menuDialog(page)).toBeHidden();
      });

      test("a Services group expands and its service is one tap away", async ({ page }) => {
        await open(page, "/blog/data-cloud-first-90-days");
        await page.getByRole("button", { name: "Open menu" }).click();
        await summary(menuDialog(page), "Services section").click();
        await summary(menuDialog(page), "Data and Analytics").click();
        await menuDialog(page)
          .getByRole("link", { name: /Tableau/ })
          .click();
        await expect(page).toHaveURL(/\/services\/tableau-consulting-services$/);
        await expect(menuDialog(page)).toBeHidden();
      });

      test("moves focus to its close button; Escape, the close button and a tap outside close it", async ({ page }) => {
        await open(page, "/");
        const opener = page.getByRole("button", { name: "Open menu" });
        await opener.click();
        await expect(menuDialog(page).getByRole("button", { name: "Close menu" })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(menuDialog(page)).toBeHidden();
        await expect(opener).toBeFocused();
        await opener.click();
        await menuDialog(page).getByRole("button", { name: "Close menu" }).click();
        await expect(menuDialog(page)).toBeHidden();
        await opener.click();
        // the backdrop left of the slide-in panel
        await page.mouse.click(5, 400);
        await expect(menuDialog(page)).toBeHidden();
      });
    });

    test.describe("desktop menus", () => {
      test.beforeEach(async ({ page }) => page.setViewportSize(desktop));

      test("a dropdown opens on hover and its link reaches its page", async ({ page }) => {
        await open(page, "/");
        await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeHidden();
        await mainNav(page).getByRole("link", { name: "Products", exact: true }).hover();
        await mainNav(page).getByRole("link", { name: "SmartSell" }).click();
        await expect(page).toHaveURL(/\/products\/smartsell$/);
      });

      test("a dropdown opens on keyboard focus and Tab reaches its links", async ({ page }) => {
        await open(page, "/");
        await mainNav(page).getByRole("link", { name: "Industries", exact: true }).focus();
        await expect(mainNav(page).getByRole("link", { name: "Software" })).toBeVisible();
        // with script the menu's toggle comes between; without, it is not shown (it could do nothing there)
        if (javaScriptEnabled) await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(mainNav(page).getByRole("link", { name: "Software" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/\/industryexpert\/software$/);
      });

      test("the Services mega menu's groups collapse and expand, and its links reach their page", async ({ page }) => {
        await open(page, "/");
        await mainNav(page).getByRole("link", { name: "Services", exact: true }).hover();
        const training = summary(mainNav(page), "Training");
        await training.click();
        await expect(mainNav(page).getByRole("link", { name: /Corporate Training/ })).toBeHidden();
        await training.click();
        await mainNav(page)
          .getByRole("link", { name: /Corporate Training/ })
          .click();
        await expect(page).toHaveURL(/\/services\/salesforce-corporate-training$/);
      });
    });

    test.describe("footer", () => {
      test("Show More reveals the rest of the services, and a revealed link works", async ({ page }) => {
        await page.setViewportSize(desktop);
        await open(page, "/");
        const services = page.getByTestId("footer-services");
        await expect(services.getByRole("listitem")).toHaveCount(5);
        const last = services.locator("a").last();
        await expect(last).toBeHidden();
        const more = await reach(summary(page.getByRole("contentinfo"), "Show More"));
        // without script one tap shows them all; with it, 10 more a tap until all show (spec §4)
        while (!(await last.isVisible())) await more.click();
        const href = await last.getAttribute("href");
        await expect(summary(page.getByRole("contentinfo"), "Show Less")).toBeVisible();
        await last.click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
      });

      test("on a phone the sections are accordions", async ({ page }) => {
        await page.setViewportSize(phone);
        await open(page, "/");
        const footer = page.getByRole("contentinfo");
        const phoneLink = footer.getByRole("link", { name: /\+1 512 555 0147/ });
        await expect(phoneLink).toBeHidden();
        await (await reach(summary(footer, "Get in touch"))).click();
        await expect(phoneLink).toBeVisible();
        await summary(footer, "Get in touch").click();
        await expect(phoneLink).toBeHidden();
      });

      test("from 1024 px every section is open", async ({ page }) => {
        await page.setViewportSize(desktop);
        await open(page, "/");
        const footer = page.getByRole("contentinfo");
        await expect(footer.getByRole("link", { name: /\+1 512 555 0147/ })).toBeVisible();
        await expect(footer.getByRole("link", { name: "Our values" })).toBeVisible();
      });
    });
  });
}

test.describe("opened before hydration", () => {
  /** Holds the site's scripts until `release` is called, so the page is painted and usable but not hydrated. */
  async function holdScripts(page: Page) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/^http:\/\/127\.0\.0\.1:\d+\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return { release, errors };
  }

  const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  test("the mobile menu, its section and a footer accordion stay open, with no hydration error", async ({ page }) => {
    await page.setViewportSize(phone);
    const { release, errors } = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await summary(page.getByRole("contentinfo"), "Company").click();
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    await summary(menuDialog(page), "Blogs section").click();
    await expect(menuDialog(page).getByRole("link", { name: "Events" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(menuDialog(page).getByRole("link", { name: "Events" })).toBeVisible();
    await expect(opener).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Our values" })).toBeAttached();
    expect(
      await summary(page.getByRole("contentinfo"), "Company").evaluate((s) => s.parentElement!.hasAttribute("open")),
    ).toBe(true);
    // script has taken over: a link closes the menu on its way
    await menuDialog(page).getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(menuDialog(page)).toBeHidden();
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    expect(errors.filter((e) => /react|hydrat|#4\d\d/i.test(e))).toEqual([]);
  });

  test("a desktop dropdown and the footer's Show More stay open", async ({ page }) => {
    await page.setViewportSize(desktop);
    const { release, errors } = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const more = summary(page.getByRole("contentinfo"), "Show More");
    await more.scrollIntoViewIfNeeded();
    await more.click();
    const services = page.getByTestId("footer-services").getByRole("listitem");
    const all = await services.count();
    expect(all).toBeGreaterThan(5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await mainNav(page).getByRole("link", { name: "Products", exact: true }).hover();
    await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeVisible();
    release();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(mainNav(page).getByRole("button", { name: "Products menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeVisible();
    await expect(services).toHaveCount(all);
    // and the spec's steps from there: Show Less returns to 8
    await summary(page.getByRole("contentinfo"), "Show Less").click();
    await expect(services).toHaveCount(8);
    expect(errors.filter((e) => /react|hydrat|#4\d\d/i.test(e))).toEqual([]);
  });
});

test("a menu opened at phone width gives way to the header when the window is widened past 1024 px", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await visit(page, "/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menuDialog(page)).toBeVisible();
  await page.setViewportSize(desktop);
  await expect(menuDialog(page)).toBeHidden();
  await expect(mainNav(page)).toBeVisible();
  // the page scrolls again
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
