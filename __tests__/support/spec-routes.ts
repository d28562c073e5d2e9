import { readdirSync } from "fs";
import path from "path";

// The routes of spec §2, written out here as the spec writes them, so a test fails if one goes missing.
/** The seven service groups of spec §2, in order. */
export const SERVICE_GROUPS = [
  "Salesforce",
  "CRM",
  "AI and ML",
  "Data and Analytics",
  "Digital Engineering",
  "Automation",
  "Training",
];

export const serviceSlugs = [
  "salesforce-consulting-services",
  "salesforce-implementation-services",
  "salesforce-industry-services",
  "salesforce-development-services",
  "salesforce-integration-services",
  "migrate-to-salesforce",
  "salesforce-ai-implementation",
  "salesforce-managed-services",
  "hire-a-salesforce-expert",
  "appexchange-app-development-services",
  "agentforce",
  "slack-implementation",
  "zoho-crm-implementation-services",
  "hubspot-implementation-services",
  "ai-agent-services",
  "machine-learning-solutions-for-business",
  "salesforce-data-cloud-implementation",
  "crm-analytics-usa",
  "microsoft-power-bi-analytics",
  "tableau-consulting-services",
  "webapp-development",
  "mobile-app-development",
  "aws-partner",
  "google-cloud-partner",
  "uipath-partner",
  "salesforce-corporate-training",
  "salesforce-college-training-campus-program",
  "salesforce-data-analytics-ai",
  "salesforce-admin-support",
  "Salesforce-CPQ-Cloud",
];

export const industrySlugs = [
  "software",
  "accounting-tax",
  "insurance",
  "loan",
  "real-estate",
  "health-care",
  "non-profit",
  "education",
  "manufacturing",
  "logistics",
  "retail",
  "home-service",
];

export const productPaths = [
  "/products/smartsell",
  "/products/salesforce-smart-messenger-ai-sms-whatsapp-integration",
  "/products/Salesforce-smart-file-management-ai",
];

export const staticRoutes = [
  "/",
  "/about",
  "/culture",
  "/services/overview",
  "/support",
  "/products",
  "/industryexpert",
  "/project-success-stories",
  "/blogs",
  "/events",
  "/pricing",
  "/webinar",
  "/webinar-Success-email",
  "/careers",
  "/contact",
  "/privacy-policy",
  "/success-email",
];

/** The pages a visitor reaches only by sending a form: no search result, no sitemap entry, noindex. */
export const thankYouPages = ["/success-email", "/webinar-Success-email"];
/** The 404 page, as the build writes it: kept out of the search and the sitemap too. */
export const notFoundPages = ["/404", "/404.html"];

/**
 * One page of each kind, for the tests that look at every kind of page rather than at every page (layout, the
 * footer's cookie settings, the search's rules).
 */
export const pageKinds = [
  "/",
  "/services/agentforce",
  "/industryexpert/insurance",
  "/products/smartsell",
  "/blog/data-cloud-first-90-days",
  "/blogs",
  "/pricing",
  "/careers",
  "/contact",
  "/webinar",
  "/webinar/data-cloud-foundations",
  "/events",
  "/about",
];

/** Pages and the one item of the main menu that is underlined on each (the section a visitor is in). */
export const menuSections: [path: string, section: string][] = [
  ["/services/agentforce", "Services"],
  ["/services/overview", "Services"],
  ["/blog/data-cloud-first-90-days", "Blogs"],
  ["/blog/old-posts/lwc-for-aura-developers", "Blogs"],
  ["/blogs", "Blogs"],
  ["/webinar", "Blogs"],
  ["/webinar/data-cloud-foundations", "Blogs"],
  ["/industryexpert/insurance", "Industries"],
  ["/industryexpert/retail", "Industries"],
  ["/products/smartsell", "Products"],
  ["/careers", "Company"],
  ["/pricing", "Pricing"],
];

const content = path.resolve(__dirname, "../../content");
const slugsIn = (dir: string) =>
  readdirSync(path.join(content, dir))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.replace(/\.md$/, ""));

/** Posts and webinars are whatever content/ holds. */
export const postPaths = () => [
  ...slugsIn("blog").map((s) => `/blog/${s}`),
  ...slugsIn("blog/old-posts").map((s) => `/blog/old-posts/${s}`),
];
export const webinarPaths = () => slugsIn("webinars").map((s) => `/webinar/${s}`);

export const allRoutes = () => [
  ...staticRoutes,
  ...serviceSlugs.map((s) => `/services/${s}`),
  ...industrySlugs.map((s) => `/industryexpert/${s}`),
  ...productPaths,
  ...postPaths(),
  ...webinarPaths(),
];
