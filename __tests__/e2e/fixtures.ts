import { test as base, expect, type Page } from "@playwright/test";

// Third-party hosts cannot be reached here; every test blocks them unless it routes a fake first.
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await use(page);
  },
});

/**
 * Opens a page and waits until React has hydrated it (`<html data-hydrated>`, src/browser/hydrated.ts), so clicks
 * reach its handlers (before that, links behave as plain links, which is the no-script path), and until the
 * network is quiet. A page adds its scripts only after its first paint (src/node/scripts-after-paint.ts): on a busy
 * machine the network can be quiet for a while before they start, so a quiet network alone proves nothing.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  return response;
}

/** The origin the browser tests serve the build at (playwright.config.ts starts it). */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT || 9123}`;

export { expect };
