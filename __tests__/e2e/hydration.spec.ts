import type { Page } from "@playwright/test";
import { fakeRecaptchaScript } from "./fakes";
import { expect, holdScripts, hydrationErrors, scrolledTo, test } from "./fixtures";

// Issue 34: whatever a visitor does first, while the page's script is still on its way or React is hydrating, React
// reports no error and nothing done is undone: the menu, its sections, a form typed into, the contact modal, the
// search. The page's scripts are held until the visitor has acted, then let go, and the visitor goes on acting while
// React hydrates. The journeys of every engine (docs/browsers.md) act during the load too.

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** The page at this width, painted with its scripts held; returns its errors and what lets the scripts go. */
async function heldLoad(page: Page, path: string, width: number, height: number) {
  await fakeRecaptchaScript(page);
  const errors = hydrationErrors(page);
  await page.setViewportSize({ width, height });
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  return { errors, release };
}

for (const path of ["/", "/services/agentforce", "/blog/data-cloud-first-90-days", "/contact"]) {
  test(`at 390 px on ${path}: the menu, a section of it, the newsletter, then the search as React hydrates`, async ({
    page,
  }) => {
    const { errors, release } = await heldLoad(page, path, 390, 844);

    const menu = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    await expect(menu).toBeVisible();
    await menu.locator("summary").filter({ hasText: "Company section" }).click();
    await expect(menu.getByRole("link", { name: "Our team" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    const email = page.getByRole("form", { name: "Newsletter" }).getByLabel("Email address");
    await (await scrolledTo(email)).fill("not-an-address");

    release();
    // while React hydrates: the search from the keyboard, the menu again
    await page.keyboard.press("Control+k");
    await hydrated(page);
    const search = page.getByRole("dialog", { name: "Search" });
    if (!(await search.isVisible())) await page.keyboard.press("Control+k");
    await expect(search).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(search).toBeHidden();

    // what was typed is the form's: its check runs on it
    await page.getByRole("form", { name: "Newsletter" }).getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("form", { name: "Newsletter" }).getByText("Invalid email address")).toBeVisible();
    await expect(email).toHaveValue("not-an-address");
    expect(errors).toEqual([]);
  });
}

test("at 1440 px: a mega menu by hover, the contact modal typed into, then the search as React hydrates", async ({
  page,
}) => {
  const { errors, release } = await heldLoad(page, "/pricing", 1440, 900);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Services", exact: true }).hover();
  await expect(nav.getByRole("link", { name: "Agentforce Implementation Services" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Contact Us" }).click();
  const modal = page.getByRole("dialog", { name: "Tell us about your project" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Name").fill("Asha");

  release();
  await modal.getByLabel("Message").fill("Typed while the page hydrated.");
  await hydrated(page);
  await expect(modal.locator("[data-island][data-hydrated]")).toBeAttached();
  await expect(modal.getByLabel("Name")).toHaveValue("Asha");
  await expect(modal.getByLabel("Message")).toHaveValue("Typed while the page hydrated.");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("dialog", { name: "Search" })).toBeVisible();
  expect(errors).toEqual([]);
});
