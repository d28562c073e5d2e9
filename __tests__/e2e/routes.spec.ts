import site from "../../content/site.json";
import { allRoutes } from "../support/spec-routes";
import { expect, test } from "./fixtures";

const origin = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "");

test.describe("every route of the specification", () => {
  for (const route of allRoutes()) {
    test(`${route} answers 200 with one h1, a title, a description, canonical and alternate links`, async ({
      page,
    }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(route);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      expect((await page.title()).length).toBeGreaterThan(5);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${route}`);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        `${origin}${route}`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}${route}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
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
