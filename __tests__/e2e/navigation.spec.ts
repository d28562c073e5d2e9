import { readdirSync } from "fs";
import path from "path";
import type { Page } from "@playwright/test";
import { menuSections } from "../support/spec-routes";
import { expect, scrolledTo, test, visit } from "./fixtures";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

test.describe("header", () => {
  test("becomes fixed at 5 px of scroll, not at 4 px, without moving the content", async ({ page }) => {
    await page.setViewportSize(desktop);
    await visit(page, "/services/agentforce");
    const header = page.locator("header");
    const mainTop = () => page.locator("main").evaluate((m) => m.getBoundingClientRect().top + window.scrollY);
    const before = await mainTop();
    await page.evaluate(() => window.scrollTo(0, 4));
    await expect(header).toHaveAttribute("data-fixed", "false");
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).toHaveAttribute("data-fixed", "true");
    await expect(header).toHaveCSS("position", "fixed");
    expect(await mainTop()).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-fixed", "false");
  });

  for (const [path, section] of menuSections) {
    test(`underlines ${section} on ${path}`, async ({ page }) => {
      await page.setViewportSize(desktop);
      await page.goto(path);
      const current = mainNav(page).locator("a[data-current='true']");
      await expect(current).toHaveText([section]);
      await expect(current).toHaveCSS("text-decoration-line", "underline");
    });
  }

  test("what is scrolled into view at the top edge stops below the fixed header, not under it", async ({ page }) => {
    await page.setViewportSize(phone);
    await visit(page, "/services/agentforce");
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect(page.locator("header")).toHaveAttribute("data-fixed", "true");
    // a link above the screen, brought to the top edge as Firefox and Safari do when Shift+Tab focuses it (again
    // until it holds: the blocks around it are laid out only as they near the screen, and may move it)
    await page.evaluate(() =>
      [...document.querySelectorAll("main a[href]")]
        .find((a) => !a.id && a.checkVisibility() && a.getBoundingClientRect().top + window.scrollY > 1000)!
        .setAttribute("data-test-above", ""),
    );
    const link = page.locator("[data-test-above]");
    const headerBottom = await page.locator("header").evaluate((h) => h.getBoundingClientRect().bottom);
    await expect
      .poll(() =>
        link.evaluate((a) => {
          a.scrollIntoView({ block: "start" });
          return a.getBoundingClientRect().top;
        }),
      )
      .toBeGreaterThanOrEqual(headerBottom - 1);
  });

  test("the breakpoint is 1024 px: below it the menu button, from it the navigation", async ({ page }) => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
  });
});

test.describe("desktop menus", () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(desktop));

  test("open on hover and close when the pointer leaves", async ({ page }) => {
    await visit(page, "/");
    const toggle = mainNav(page).getByRole("button", { name: "Products menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await mainNav(page).getByRole("link", { name: "Products", exact: true }).hover();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeVisible();
    await page.mouse.move(700, 600);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("open on keyboard focus; arrows, Home and End move; Escape closes and returns focus", async ({ page }) => {
    await visit(page, "/");
    await mainNav(page).getByRole("link", { name: "Industries", exact: true }).focus();
    const toggle = mainNav(page).getByRole("button", { name: "Industries menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: "Software" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: "Accounting and Tax" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(mainNav(page).getByRole("link", { name: "Home Services" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(mainNav(page).getByRole("link", { name: "Software" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(mainNav(page).getByRole("link", { name: "Home Services" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mainNav(page).getByRole("link", { name: "Industries", exact: true })).toBeFocused();
  });

  test("close when focus leaves", async ({ page }) => {
    await visit(page, "/");
    await mainNav(page).getByRole("link", { name: "Pricing", exact: true }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(mainNav(page).getByRole("button", { name: "Blogs menu" })).toBeFocused();
    await expect(mainNav(page).getByRole("button", { name: "Blogs menu" })).toHaveAttribute("aria-expanded", "true");
    await mainNav(page).getByRole("link", { name: "Pricing", exact: true }).focus();
    await expect(mainNav(page).getByRole("button", { name: "Blogs menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("type-ahead moves to the next item starting with the typed letters; the buffer resets after 350 ms", async ({
    page,
  }) => {
    await page.clock.install();
    await visit(page, "/");
    // from here time moves only when the test says so, however slowly the keys arrive
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await mainNav(page).getByRole("link", { name: "Industries", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("re");
    await expect(mainNav(page).getByRole("link", { name: "Real Estate" })).toBeFocused();
    await page.keyboard.type("t");
    await expect(mainNav(page).getByRole("link", { name: "Retail" })).toBeFocused();
    await page.clock.runFor(400);
    await page.keyboard.type("l");
    await expect(mainNav(page).getByRole("link", { name: "Loan and Lending" })).toBeFocused();
    await page.keyboard.type("l");
    await expect(mainNav(page).getByRole("link", { name: "Logistics" })).toBeFocused();
  });

  test("the Services mega menu shows three columns of expandable groups", async ({ page }) => {
    await visit(page, "/");
    await mainNav(page).getByRole("link", { name: "Services", exact: true }).hover();
    // a group is a <details>: its summary toggles it
    const group = mainNav(page)
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Training" }) });
    await expect(group).toHaveJSProperty("open", true);
    // the groups' container: the Training group's parent
    const columns = await group.locator("xpath=..").evaluate((el) => getComputedStyle(el).columnCount);
    expect(columns).toBe("3");
    await group.locator("summary").click();
    await expect(group).toHaveJSProperty("open", false);
    await expect(mainNav(page).getByRole("link", { name: /Corporate Training/ })).toBeHidden();
  });

  test("Escape closes a dropdown opened by focus, and it stays closed while focus is inside it", async ({ page }) => {
    await visit(page, "/");
    await mainNav(page).getByRole("link", { name: "Products", exact: true }).focus();
    await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainNav(page).getByRole("link", { name: "SmartSell" })).toBeHidden();
    await expect(mainNav(page).getByRole("link", { name: "Products", exact: true })).toBeFocused();
  });
});

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(phone));

  test("keeps focus inside, stops the page scrolling, and closes with Escape and its button", async ({ page }) => {
    await visit(page, "/");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
  });

  test("expands a section and its Services groups", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    // sections and groups are <details>: their summaries expand them
    await dialog.locator("summary", { hasText: "Services section" }).click();
    await dialog.locator("summary", { hasText: "Data and Analytics" }).click();
    await dialog.getByRole("link", { name: /Tableau/ }).click();
    await expect(page).toHaveURL(/\/services\/tableau-consulting-services$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe("hash navigation", () => {
  test("a link to /about#Core-value scrolls there 500 ms after the page shows, below the header", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.clock.install();
    await visit(page, "/");
    // from here time moves only when the test says so: the 500 ms start when the page shows, and the time the check
    // of the address takes on a busy machine is not among them
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await mainNav(page).getByRole("link", { name: "Company", exact: true }).hover();
    await mainNav(page).getByRole("link", { name: "Our values" }).click();
    await expect(page).toHaveURL(/\/about#Core-value$/);
    await page.clock.runFor(400);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);
    await page.clock.runFor(200);
    const headerHeight = await page.locator("header").evaluate((h) => h.getBoundingClientRect().height);
    await expect
      .poll(() => page.locator("#Core-value").evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
        timeout: 3_000,
      })
      .toBe(Math.round(headerHeight));
  });

  test("with reduced motion it jumps instead of scrolling smoothly", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await visit(page, "/");
    await mainNav(page).getByRole("link", { name: "Company", exact: true }).hover();
    await mainNav(page).getByRole("link", { name: "Our team" }).click();
    // the clock runs once the page is shown: the site fetches its data when the link is followed
    await expect(page).toHaveURL(/\/about#MeetOur-Team$/);
    await page.locator("#MeetOur-Team").waitFor({ state: "attached" });
    await page.clock.runFor(600);
    const headerHeight = await page.locator("header").evaluate((h) => h.getBoundingClientRect().height);
    expect(Math.round(await page.locator("#MeetOur-Team").evaluate((el) => el.getBoundingClientRect().top))).toBe(
      Math.round(headerHeight),
    );
  });

  test("opening /about#MeetOur-Team directly leaves the heading below the header", async ({ page }) => {
    await page.setViewportSize(phone);
    await visit(page, "/about#MeetOur-Team");
    const headerHeight = await page.locator("header").evaluate((h) => h.getBoundingClientRect().height);
    await expect
      .poll(() => page.locator("#MeetOur-Team").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(Math.round(headerHeight));
  });
});

test.describe("footer", () => {
  test("the service list shows 5, then 10 more at a time until all, then Show Less returns to 8", async ({ page }) => {
    await page.setViewportSize(desktop);
    await visit(page, "/");
    const list = page.getByTestId("footer-services").getByRole("listitem");
    // the summary of a <details> (it reveals them all without script)
    const button = await scrolledTo(page.getByRole("contentinfo").locator("summary", { hasText: /Show (More|Less)/ }));
    const counts: number[] = [await list.count()];
    for (let i = 0; i < 5; i++) {
      await button.click();
      counts.push(await list.count());
    }
    // spec §4 with however many services content/ holds: 5 first, 10 more a click until all, then back to 8
    const total = readdirSync(path.resolve(__dirname, "../../content/services")).filter((f) =>
      f.endsWith(".md"),
    ).length;
    const expected = [Math.min(5, total)];
    while (expected.length < counts.length) {
      const shown = expected[expected.length - 1];
      expected.push(shown < total ? Math.min(total, shown + 10) : Math.min(8, total));
    }
    expect(counts).toEqual(expected);
  });

  test("below 1024 px the sections are accordions; from 1024 px they are open", async ({ page }) => {
    await page.setViewportSize(phone);
    await visit(page, "/");
    // each section is a <details> whose summary holds its heading
    const section = (name: string) =>
      page
        .getByRole("contentinfo")
        .locator("details")
        .filter({ has: page.getByRole("heading", { name, exact: true }) });
    const toggle = await scrolledTo(section("Get in touch").locator("summary"));
    await expect(section("Get in touch")).toHaveJSProperty("open", false);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /\+1 512 555 0147/ })).toBeHidden();
    await toggle.click();
    await expect(section("Get in touch")).toHaveJSProperty("open", true);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /\+1 512 555 0147/ })).toBeVisible();
    await page.setViewportSize(desktop);
    for (const name of ["Services", "Company", "Get in touch"]) {
      await expect(section(name)).toHaveJSProperty("open", true);
    }
  });
});
