// The loopback addresses the browser tests use, from E2E_PORT (playwright.config.ts serves the build there).

export const E2E_PORT = Number(process.env.E2E_PORT || 9123);

/**
 * The servers some browser tests start for themselves (__tests__/e2e/servers.ts), one port each, so that tests in
 * two workers never meet on one and runs on other E2E_PORTs do not meet either (the range: docs/configuration.md).
 */
export const TEST_SERVER_PORTS = {
  /** store.spec.ts: the store with its webhook and mailbox, then one whose database cannot be reached */
  store: E2E_PORT + 8,
  storeUnreachable: E2E_PORT + 9,
  moderation: E2E_PORT + 10,
  spam: E2E_PORT + 11,
  /** spam.spec.ts: a held enquiry released with `npm run leads -- release` */
  spamRelease: E2E_PORT + 34,
  /** drafts.spec.ts: the deploy-preview build */
  preview: E2E_PORT + 12,
  /** servers.spec.ts: a port a squatter holds, and a server whose process is killed */
  squatted: E2E_PORT + 13,
  killed: E2E_PORT + 14,
  /** editor.spec.ts: the build with the editor's local backend on a scratch copy of content/ */
  editor: E2E_PORT + 16,
  /** editor-backend.spec.ts: the backend on loopback, then on 0.0.0.0 off, and on with EDITOR_ON_NETWORK */
  editorBackend: E2E_PORT + 35,
  editorOffNetwork: E2E_PORT + 36,
  editorOnNetwork: E2E_PORT + 37,
  netlifyRuntime: E2E_PORT + 28,
  bookings: E2E_PORT + 29,
  /** relay.spec.ts: what a post without the captcha can make the site send; rate-limit.spec.ts: every endpoint's limit */
  relay: E2E_PORT + 30,
  rateLimit: E2E_PORT + 31,
  /** scheduled.spec.ts: the scheduled functions' addresses, and `npm run leads -- run` */
  scheduled: E2E_PORT + 33,
  /** burst.spec.ts: fifty enquiries at once */
  burst: E2E_PORT + 32,
  /** first-frame.spec.ts: the build's pages with their HTML sent in two parts */
  slowHtml: E2E_PORT + 38,
} as const;

/** The local stand-in for Salesforce Web-to-Lead the server posts to (__tests__/e2e/attribution.spec.ts). */
export const WEB_TO_LEAD_FAKE_PORT = E2E_PORT + 21;
export const WEB_TO_LEAD_FAKE = `http://127.0.0.1:${WEB_TO_LEAD_FAKE_PORT}/servlet/servlet.WebToLead`;

/**
 * The cross-engine journeys (__tests__/journeys/): the site as their browsers see it (site-front.ts, which is also
 * their proxy to the third parties' fakes), the production build's server behind it, WebKitWebDriver, and the
 * Web-to-Lead stand-in of that server.
 */
export const JOURNEYS_PORT = E2E_PORT + 40;
export const JOURNEYS_SITE_PORT = E2E_PORT + 41;
export const JOURNEYS_WEBDRIVER_PORT = E2E_PORT + 42;
export const JOURNEYS_WEB_TO_LEAD_PORT = E2E_PORT + 43;
