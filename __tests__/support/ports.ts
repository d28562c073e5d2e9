// The loopback addresses the browser tests use, from E2E_PORT (playwright.config.ts serves the build there).

export const E2E_PORT = Number(process.env.E2E_PORT || 9123);

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
