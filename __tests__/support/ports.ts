// The loopback addresses the browser tests use, from E2E_PORT (playwright.config.ts serves the build there).

export const E2E_PORT = Number(process.env.E2E_PORT || 9123);

/** The local stand-in for Salesforce Web-to-Lead the server posts to (__tests__/e2e/attribution.spec.ts). */
export const WEB_TO_LEAD_FAKE_PORT = E2E_PORT + 21;
export const WEB_TO_LEAD_FAKE = `http://127.0.0.1:${WEB_TO_LEAD_FAKE_PORT}/servlet/servlet.WebToLead`;
