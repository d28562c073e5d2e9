import type { Page } from "@playwright/test";
import { pageKinds } from "../support/spec-routes";
import { fakeRecaptchaScript } from "./fakes";
import { consentCookie, expect, test, visit } from "./fixtures";

// The look, guarded: one page of each template, and the open states that matter, at 390 and 1440 px, compared with
// the baselines in visual.spec.ts-snapshots/. A change that moves the look fails here until its baselines are
// updated on purpose, in the same commit (docs/performance.md says how: --update-snapshots on a fresh build).
// Deterministic: the clock is frozen (no welcome popup, no date moves), third parties are faked away by the
// fixtures, animations and the caret are stopped, every image is loaded and every block of main laid out.

const widths = [390, 1440] as const;
const FROZEN = new Date("2026-11-24T10:00:00Z");

/** A page as it settles: fonts, every image decoded, blocks laid out (content-visibility), nothing moving. */
async function settle(page: Page) {
  await page.addStyleTag({
    content:
      "main > * { content-visibility: visible !important; } *, *::before, *::after { transition: none !important; }",
  });
  await page.evaluate(async () => {
    document.querySelectorAll("img[loading=lazy]").forEach((img) => ((img as HTMLImageElement).loading = "eager"));
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? img.decode().catch(() => undefined) : new Promise((r) => (img.onload = img.onerror = r)),
      ),
    );
  });
}

async function open(page: Page, path: string, width: number) {
  await page.clock.install({ time: FROZEN });
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await visit(page, path);
  await settle(page);
}

const name = (path: string, width: number, state = "") =>
  `${path === "/" ? "home" : path.slice(1).replace(/\//g, "-")}${state ? `-${state}` : ""}-${width}.png`;

test.describe("every kind of page looks as its baseline", () => {
  for (const path of pageKinds)
    for (const width of widths)
      test(`${path} at ${width} px`, async ({ page }) => {
        await open(page, path, width);
        await expect(page).toHaveScreenshot(name(path, width), { fullPage: true });
      });
});

test.describe("the open states look as their baselines", () => {
  test("the mobile menu with a section expanded, at 390 px", async ({ page }) => {
    await open(page, "/", 390);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.locator("summary").filter({ hasText: "Services section" }).click();
    await expect(page).toHaveScreenshot(name("/", 390, "mobile-menu"));
  });

  test("the Services mega menu, at 1440 px", async ({ page }) => {
    await open(page, "/", 1440);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).hover();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Agentforce" }),
    ).toBeVisible();
    await expect(page).toHaveScreenshot(name("/", 1440, "mega-menu"));
  });

  for (const width of widths)
    test(`the contact modal, at ${width} px`, async ({ page }) => {
      await fakeRecaptchaScript(page);
      await open(page, "/pricing", width);
      await page.getByRole("main").getByText("Contact Us", { exact: true }).first().click();
      const modal = page.getByRole("dialog", { name: "Tell us about your project" });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole("button", { name: "I'm not a robot" })).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(name("/pricing", width, "contact-modal"));
    });

  for (const width of widths)
    test(`the consent banner of a first visit, at ${width} px`, async ({ page, context }) => {
      await context.clearCookies();
      await open(page, "/", width);
      const banner = page.getByRole("dialog", { name: "Cookies and your privacy" });
      await expect(banner).toBeVisible();
      await page.clock.runFor(2_000); // its slide-in, under the frozen clock
      await expect(page).toHaveScreenshot(name("/", width, "consent-banner"));
      // the fixture's answer back, for the tests that follow in this worker
      await context.addCookies([consentCookie(["necessary"])]);
    });

  test("the search with results, at 1440 px", async ({ page }) => {
    await open(page, "/", 1440);
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.getByRole("combobox", { name: "Search the site" }).fill("Agentforce");
    await expect(dialog.getByRole("option").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveScreenshot(name("/", 1440, "search"));
  });
});
