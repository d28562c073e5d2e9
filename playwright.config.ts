import { defineConfig } from "@playwright/test";
import chromium from "./scripts/chromium.json";
import { E2E_PORT, WEB_TO_LEAD_FAKE, WEB_TO_LEAD_FAKE_PORT } from "./__tests__/support/ports";

// Browser tests run against the production build served as Netlify serves it (scripts/serve.mjs),
// in Debian's Chromium: nothing downloads a browser.
const port = E2E_PORT;

export default defineConfig({
  testDir: "__tests__/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only, as Playwright's own template does; scripts/test-all.mjs names every test that
  // needed it, so a flaky test is reported rather than hidden.
  retries: process.env.CI ? 1 : 0,
  // Bounds against a hang, not speeds: on a busy 2-core machine a function's answer through Netlify's emulation takes
  // 2 to 8 s (a worker and the function's bundle loaded anew for each request: docs/store.md#under-load), which
  // Playwright's default 5 s for an expectation did not always wait for
  timeout: 60_000,
  // toHaveScreenshot (visual.spec.ts): a pixel may differ a little (anti-aliasing), and at most 0.2 % of them
  expect: {
    timeout: 15_000,
    toHaveScreenshot: { animations: "disabled", caret: "hide", scale: "css", threshold: 0.2, maxDiffPixelRatio: 0.002 },
  },
  // scripts/test-all.mjs runs the editor's project apart, with a report of its own
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || chromium.executablePath,
      args: chromium.args,
    },
    trace: "off",
  },
  // the editor's tests run first in `npm test`, on the content the deploy-preview build then reads
  // (scripts/test-all.mjs); `npx playwright test` runs both
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: /editor\.spec\.ts$/ },
    { name: "editor", use: { browserName: "chromium" }, testMatch: /editor\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: `node --import tsx scripts/serve.mjs --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      // it answers once every function is bundled (src/server/netlify-emulation.ts): about 10 s for nine on a quiet
      // machine, several times that beside a build
      timeout: 120_000,
      // the endpoints' rate limits are tested on servers of their own (rate-limit.spec.ts, relay.spec.ts); here many
      // tests share one client address. The store is the
      // embedded one, in a folder of its own outside test-results/, which Playwright empties when it starts
      // (scripts/test-all.mjs empties and seeds it before the build)
      env: {
        LEADS_STORE_DIR: ".data/e2e-store",
        LEAD_RATE_LIMIT: "100000",
        CVS_WITHOUT_CAPTCHA_PER_DAY: "100000",
        WEB_TO_LEAD_URL: WEB_TO_LEAD_FAKE,
      },
    },
    // the server's Web-to-Lead posts go to this stand-in, never to Salesforce
    {
      command: `node --import tsx __tests__/support/web-to-lead-fake.ts ${WEB_TO_LEAD_FAKE_PORT}`,
      url: `http://127.0.0.1:${WEB_TO_LEAD_FAKE_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
