import type { Page } from "@playwright/test";
import { notFoundPages, thankYouPages } from "../support/spec-routes";
import { expect, test, visit } from "./fixtures";
import { fakeRecaptchaScript } from "./fakes";

// Issue 20: the site search (Pagefind, src/components/search/, scripts/search-index.mjs).
const dialog = (page: Page) => page.getByRole("dialog", { name: "Search" });
const box = (page: Page) => dialog(page).getByRole("combobox", { name: "Search the site" });
const options = (page: Page) => dialog(page).getByRole("option");

/** Every request of the page whose address names the search. */
function searchRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (/pagefind|search-dialog/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test("nothing of search is requested before it opens; then it finds the Agentforce service and posts", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const requests = searchRequests(page);
  await visit(page, "/");
  await page.waitForTimeout(2_500); // past idle: analytics, the banner of a first visit
  expect(requests).toEqual([]);

  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await box(page).fill("Agentforce");
  await expect(options(page).first()).toBeVisible();
  expect(requests.length).toBeGreaterThan(0);

  const found = await options(page).evaluateAll((items) =>
    items.map((item) => ({
      section: item.children[0]?.textContent,
      title: item.children[1]?.textContent,
      marked: [...item.querySelectorAll("mark")].map((m) => m.textContent?.toLowerCase()),
    })),
  );
  expect(found).toContainEqual(
    expect.objectContaining({ section: "Services", title: expect.stringMatching(/Agentforce/) }),
  );
  const posts = found.filter((r) => r.section === "Blog");
  expect(posts.length).toBeGreaterThan(0);
  for (const result of found) expect(result.marked).toContain("agentforce");
});

test("arrow keys and Enter open a result; Escape closes", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/pricing");
  await page.keyboard.press("Control+k");
  await expect(box(page)).toBeFocused();
  await page.keyboard.type("Agentforce");
  await expect(options(page).nth(1)).toBeVisible();
  await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", (await options(page).nth(1).getAttribute("id"))!);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  const last = options(page).last();
  await expect(last).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
  const title = await options(page).first().locator("span").nth(1).textContent();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator("h1")).toHaveText(title!);

  await page.keyboard.press("Meta+k");
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.type("pricing");
  await expect(options(page).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
});

test("each result is a link to its page: Ctrl+click opens it in a new tab, a click opens it here", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/pricing");
  await page.keyboard.press("Control+k");
  await box(page).fill("Agentforce");
  const first = options(page).first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute("href"))!;
  expect(href).toMatch(/^\/[^/]/);

  const [tab] = await Promise.all([page.context().waitForEvent("page"), first.click({ modifiers: ["Control"] })]);
  await expect(tab).toHaveURL(new RegExp(`${href}$`));
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await expect(page).toHaveURL(/\/pricing$/);

  await first.click();
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("keys typed while the search is still loading are kept", async ({ page }) => {
  await visit(page, "/about");
  // slow the search's code down, as on a phone's first opening
  await page.route(/search-dialog/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.keyboard.press("Control+k");
  await page.keyboard.type("agentforce");
  await expect(box(page)).toHaveValue("agentforce");
  await expect(options(page).first()).toBeVisible();
});

test("no results says so and offers the contact form", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await visit(page, "/");
  await page.keyboard.press("Control+k");
  await box(page).fill("zzqxv");
  await expect(dialog(page).getByText("No results for “zzqxv”.")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Contact us" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("dialog", { name: "Tell us about your project" })).toBeVisible();
});

test("the mobile menu has a search; at 390 px it opens without moving the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/services/agentforce");
  const h1 = await page.locator("h1").boundingBox();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  await expect(box(page)).toBeFocused();
  await box(page).fill("insurance");
  await expect(options(page).first()).toBeVisible();
  const width = await dialog(page).evaluate((d) => d.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(390);
  await page.keyboard.press("Escape");
  expect(await page.locator("h1").boundingBox()).toEqual(h1);
});

test("the index leaves out the thank-you pages and the 404 page", async ({ page }) => {
  await visit(page, "/");
  const urls = await page.evaluate(async () => {
    const pagefind = await import(/* webpackIgnore: true */ "/pagefind/pagefind.js" as string);
    const search = await pagefind.search(null, {});
    const all = await Promise.all(search.results.map((r: { data(): Promise<{ url: string }> }) => r.data()));
    return all.map((d: { url: string }) => d.url);
  });
  expect(urls.length).toBeGreaterThan(50);
  expect(urls).toContain("/services/agentforce");
  for (const left of [...thankYouPages, ...notFoundPages]) expect(urls).not.toContain(left);
});

test("search runs under the site's Content-Security-Policy", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await visit(page, "/");
  await page.keyboard.press("Control+k");
  await box(page).fill("data cloud");
  await expect(options(page).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

for (const width of [390, 1440]) {
  test(`at ${width} px the search, with results and with none, has no WCAG 2.2 A or AA violations`, async ({
    page,
  }) => {
    const { default: AxeBuilder } = await import("@axe-core/playwright");
    const audit = async () =>
      (
        await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()
      ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await box(page).fill("salesforce");
    await expect(options(page).first()).toBeVisible();
    expect(await audit()).toEqual([]);
    await box(page).fill("zzqxv");
    await expect(dialog(page).getByText("No results", { exact: false })).toBeVisible();
    expect(await audit()).toEqual([]);
  });
}
