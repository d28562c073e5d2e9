import { expect, test, visit } from "./fixtures";
import { fakeRecaptchaScript } from "./fakes";
import partners from "../../content/partners.json";
import type { Locator } from "@playwright/test";

// Issue 20: each partnership is a badge image (content/badges/) with alt text naming it, on the home page and
// beside the contact form.
const BADGE_RATIO = 160 / 184;

/** Each badge of the list, one after the other: scrolled into view, loaded, named by its alt text, undistorted. */
async function expectBadges(list: Locator) {
  const images = list.getByRole("img");
  await expect(images).toHaveCount(partners.length);
  for (const [i, partner] of partners.entries()) {
    const image = images.nth(i);
    await expect(image).toHaveAttribute("alt", partner.name);
    await expect(list.getByRole("img", { name: partner.name, exact: true })).toHaveCount(1);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `${partner.name}'s badge has loaded`,
      })
      .toBe(true);
    expect(await image.getAttribute("src")).toMatch(/^\/static\/[0-9a-f]{32}\/[a-z-]+\.svg$/);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThan(80);
    expect(box.width / box.height).toBeCloseTo(BADGE_RATIO, 2);
  }
}

for (const width of [390, 1440]) {
  test(`the home page shows each partnership as a badge image with its name as alt text and its detail (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/");
    const list = page.getByRole("main").getByRole("list", { name: "Partnerships" });
    await expectBadges(list);
    for (const partner of partners) await expect(list.getByText(partner.detail)).toBeVisible();
  });

  test(`the contact modal shows the badges, with alt text and without the details (${width} px)`, async ({ page }) => {
    await fakeRecaptchaScript(page);
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/");
    await page.getByRole("button", { name: "Contact Us" }).last().click();
    const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
    await expect(dialog).toBeVisible();
    const list = dialog
      .getByRole("complementary", { name: "What clients say" })
      .getByRole("list", { name: "Partnerships" });
    await expectBadges(list);
    await expect(list.getByText(partners[0].detail)).toHaveCount(0);
    // three to a row
    const tops = await list.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().top));
    expect(tops.filter((top) => Math.abs(top - tops[0]) < 1)).toHaveLength(3);
  });
}
