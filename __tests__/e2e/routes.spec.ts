import { JSDOM } from "jsdom";
import site from "../../content/site.json";
import { allRoutes } from "../support/spec-routes";
import { expect, test } from "./fixtures";

const origin = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "");

// What a route's server HTML says of itself, read as crawlers and visitors without script get it: a parser, no
// browser (84 pages through a browser took six minutes of the suite's time; the markup is the server's either way).
test.describe("every route of the specification", () => {
  for (const route of allRoutes()) {
    test(`${route} answers 200 with one h1, a title, a description, canonical and alternate links`, async ({
      request,
    }) => {
      const response = await request.get(route, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const { document } = new JSDOM(await response.text()).window;
      const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name);
      expect(document.querySelectorAll("h1")).toHaveLength(1);
      expect(document.documentElement.lang).toBe("en");
      expect(document.title.length).toBeGreaterThan(5);
      expect(attr('meta[name="description"]', "content")).toMatch(/.{40,}/);
      expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
      expect(attr('link[rel="canonical"]', "href")).toBe(`${origin}${route}`);
      expect(attr('link[rel="alternate"][hreflang="x-default"]', "href")).toBe(`${origin}${route}`);
      expect(attr('link[rel="alternate"][hreflang="en"]', "href")).toBe(`${origin}${route}`);
      expect(document.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
      expect(document.querySelectorAll('meta[name="twitter:card"]')).toHaveLength(1);
    });
  }
});

test("the about page has the anchors whoweare, Core-value and MeetOur-Team", async ({ page }) => {
  await page.goto("/about");
  for (const id of ["whoweare", "Core-value", "MeetOur-Team"])
    await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
});

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("We could not find that page");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("paths keep their letter case: a lower-cased address is not the page", async ({ request }) => {
  expect((await request.get("/services/Salesforce-CPQ-Cloud")).status()).toBe(200);
  expect((await request.get("/services/salesforce-cpq-cloud")).status()).toBe(404);
  expect((await request.get("/webinar-Success-email")).status()).toBe(200);
});

test("a trailing slash is not a second copy of a page", async ({ request }) => {
  const response = await request.get("/about/", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/about");
});
