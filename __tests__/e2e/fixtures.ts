import { test as base, expect } from "@playwright/test";

// Third-party hosts cannot be reached here; every test blocks them unless it routes a fake first.
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await use(page);
  },
});

export { expect };
