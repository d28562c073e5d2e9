import { test as base, expect, type Page } from "@playwright/test";

// Third-party hosts cannot be reached here; every test blocks them unless it routes a fake first.
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await use(page);
  },
});

/**
 * Opens a page and waits until its scripts have loaded and the network is quiet, so React has hydrated and
 * clicks reach its handlers (before that, links behave as plain links, which is the no-script path).
 * A page adds its scripts after its first paint (src/node/scripts-after-paint.ts), which on a busy machine can
 * come after the network has been quiet for a while: hence the wait for Gatsby's app script first.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('script[src^="/app-"]').waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  return response;
}

/** The origin the browser tests serve the build at (playwright.config.ts starts it). */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT || 9123}`;

export { expect };
