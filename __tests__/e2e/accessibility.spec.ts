import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { allRoutes, pageKinds } from "../support/spec-routes";
import { expect, test, visit } from "./fixtures";
import { fakeRecaptchaScript } from "./fakes";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's findings on the page as a visitor meets it, every block laid out. Blocks below the first are laid out only
 * near the viewport (content-visibility: auto, layout.module.css), so before that axe found other blocks at a
 * skipped block's text and read the hero's or the footer's dark blue as its background: a flaky "color-contrast" on
 * /pricing in CI. `floating: "hidden"` also hides the chat button fixed in the corner, which sits over some text at
 * any scroll position; the button itself is audited with the pages' open states. A constructed style sheet, which the
 * pages' CSP allows (it is not inline markup).
 */
async function audit(page: Page, { floating = "hidden", only }: { floating?: "hidden" | "shown"; only?: string } = {}) {
  await page.evaluate((hideFloating) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      `* { content-visibility: visible !important; }${hideFloating ? " [data-above-consent] { visibility: hidden !important; }" : ""}`,
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, floating === "hidden");
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  const { violations } = await (only ? builder.include(only) : builder).analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
}

// One page of each kind, whole, at both widths; and the content (main) of every page at the phone's width, where the
// layout is tightest. The header and footer are one component on every page, and pages of one kind share their
// template, so auditing them again on each of 82 pages only spent CI's bounded time (axe takes 3–10 s a page).
for (const width of [390, 1440]) {
  test.describe(`axe at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 900 }));

    for (const route of pageKinds)
      test(`${route} has no WCAG 2.2 A or AA violations`, async ({ page }) => {
        await page.goto(route);
        expect(await audit(page)).toEqual([]);
      });
    if (width === 390)
      for (const route of allRoutes().filter((r) => !pageKinds.includes(r)))
        test(`${route}: its content has no WCAG 2.2 A or AA violations`, async ({ page }) => {
          await page.goto(route);
          expect(await audit(page, { only: "main" })).toEqual([]);
        });

    test("with the contact modal open", async ({ page }) => {
      await fakeRecaptchaScript(page);
      await visit(page, "/");
      await page.locator("[data-contact]:visible").first().click();
      await expect(page.getByRole("dialog", { name: "Tell us about your project" })).toBeVisible();
      // Send validates, not posts
      await expect(page.getByRole("dialog").locator("[data-island][data-hydrated]")).toBeAttached();
      await page.getByRole("dialog").getByRole("button", { name: "Send message" }).click();
      expect(await audit(page, { floating: "shown" })).toEqual([]);
    });

    test("with the welcome popup open", async ({ page }) => {
      await page.clock.install();
      await visit(page, "/");
      await page.clock.runFor(31_000);
      await expect(page.getByRole("dialog", { name: "Are you looking for?" })).toBeVisible();
      expect(await audit(page, { floating: "shown" })).toEqual([]);
    });
  });
}

test("with the mobile menu open", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).locator("summary", { hasText: "Services section" }).click();
  expect(await audit(page, { floating: "shown" })).toEqual([]);
});

test("a skip link leads to the main content", async ({ page }) => {
  await visit(page, "/pricing");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("closing the contact modal returns focus to the button that opened it", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/");
  const opener = page.getByRole("banner").getByRole("button", { name: "Contact Us" });
  await opener.click();
  // The modal is a lazy chunk: wait until it is open before closing it, as a person would.
  const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
