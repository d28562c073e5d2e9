import { clockFromHydration, expect, test, visit } from "./fixtures";
import { fakeRecaptchaScript } from "./fakes";

const popup = (page: import("@playwright/test").Page) => page.getByRole("dialog", { name: "Are you looking for?" });

test("the welcome popup shows 30 s after the first load, once per session, and sets popupShown", async ({ page }) => {
  const hydratedAt = await clockFromHydration(page);
  await visit(page, "/");
  // counted from the page's hydration, however long its load took; the clock stands still between the checks
  await page.clock.pauseAt((await hydratedAt()) + 29_000);
  await expect(popup(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("popupShown"))).toBeNull();
  await page.clock.runFor(1_000);
  await expect(popup(page)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("popupShown"))).toBe("true");

  await page.mouse.click(5, 5);
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup(page)).toBeHidden();

  // the next page hydrates only with the clock running (clockFromHydration)
  await page.clock.resume();
  await visit(page, "/about");
  await page.clock.runFor(40_000);
  await expect(popup(page)).toHaveCount(0);
});

test("the welcome popup does not move the page", async ({ page }) => {
  await page.clock.install();
  await visit(page, "/");
  const before = await page.locator("h1").boundingBox();
  await page.clock.runFor(31_000);
  await expect(popup(page)).toBeVisible();
  expect(await page.locator("h1").boundingBox()).toEqual(before);
});

test("Our Services opens the contact modal; the close icon closes the popup", async ({ page }) => {
  await page.clock.install();
  await fakeRecaptchaScript(page);
  await visit(page, "/");
  await page.clock.runFor(31_000);
  await popup(page).getByRole("button", { name: "Our Services" }).click();
  await expect(popup(page)).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Tell us about your project" })).toBeVisible();
});

for (const [choice, path] of [
  ["Careers", "/careers"],
  ["Webinar Registration", "/webinar"],
] as const) {
  test(`${choice} leads to ${path}`, async ({ page }) => {
    await page.clock.install();
    await visit(page, "/pricing");
    await page.clock.runFor(31_000);
    await popup(page).getByRole("button", { name: choice }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(popup(page)).toHaveCount(0);
  });
}

test("the close icon closes the popup", async ({ page }) => {
  await page.clock.install();
  await visit(page, "/");
  await page.clock.runFor(31_000);
  await popup(page).getByRole("button", { name: "Close" }).click();
  await expect(popup(page)).toHaveCount(0);
});
