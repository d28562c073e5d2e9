import site from "../../content/site.json";
import { allRoutes, notFoundPages, thankYouPages } from "../support/spec-routes";
import { expect, linkAnswer, test } from "./fixtures";

const origin = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "");
const local = (url: string) => url.replace(origin, "");

test("crawling from / finds no broken internal link or anchor", async ({ request }) => {
  test.setTimeout(120_000);
  const pages = new Map<string, string>();
  const queue = ["/"];
  const links: { from: string; href: string }[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const { response, got, want, onward } = await linkAnswer(request, path);
    expect(got).toBe(want);
    // a link that leads on to another site has no page of the site to crawl
    if (onward) {
      pages.set(path, "");
      continue;
    }
    const html = await response.text();
    pages.set(path, html);
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      links.push({ from: path, href });
      const target = href.split("#")[0];
      if (target && !pages.has(target) && !queue.includes(target)) queue.push(target);
    }
  }
  expect(pages.size).toBeGreaterThanOrEqual(allRoutes().length);
  const brokenAnchors = links.filter(({ from, href }) => {
    const [target, id] = href.split("#");
    if (!id) return false;
    return !new RegExp(`\\bid="${id}"`).test(pages.get(target || from) ?? "");
  });
  expect(brokenAnchors).toEqual([]);
});

test("the sitemap lists every public page at its canonical address, with dates for posts", async ({ request }) => {
  const index = await (await request.get("/sitemap-index.xml")).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => local(m[1]));
  const urls: { loc: string; lastmod?: string }[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    for (const [, entry] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g))
      urls.push({
        loc: /<loc>([^<]+)<\/loc>/.exec(entry)![1],
        lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1],
      });
  }
  const paths = urls.map((u) => local(u.loc));
  expect(paths).toContain("/");
  expect(paths).toContain("/services/Salesforce-CPQ-Cloud");
  for (const hidden of [...thankYouPages, ...notFoundPages]) expect(paths).not.toContain(hidden);
  expect(paths.filter((p) => p.length > 1 && p.endsWith("/"))).toEqual([]);
  expect(urls.find((u) => u.loc.includes("/blog/data-cloud-first-90-days"))?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}/);
  for (const url of urls) {
    const html = await (await request.get(local(url.loc))).text();
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(url.loc);
  }
  for (const noindex of thankYouPages) {
    expect(await (await request.get(noindex)).text()).toContain('<meta name="robots" content="noindex, follow"');
  }
});

test("robots.txt points to the sitemap", async ({ request }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${origin}/sitemap-index.xml`);
});

test("the RSS feed lists published posts and every page links to it", async ({ request, page }) => {
  const rss = await (await request.get("/rss.xml")).text();
  expect(rss).toContain("<rss");
  expect((rss.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(15);
  expect(rss).toContain(`${origin}/blog/data-cloud-first-90-days`);
  await page.goto("/pricing");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");
});

test("every page, the 404 page too, has its own 1200×630 share image used by og:image and twitter:image", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto("/services/agentforce");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);

  // every page the sitemap lists, the noindex pages and the 404 page, by their HTML
  const index = await (await request.get("/sitemap-index.xml")).text();
  const paths = [...thankYouPages, "/404", "/does-not-exist"];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(local(sitemap))).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(local(loc));
  }
  const images = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og, path).toBeTruthy();
    expect(html, path).toContain(`<meta name="twitter:image" content="${og}"`);
    images.set(path, local(og!));
  }
  expect(images.size).toBeGreaterThan(90);
  // one image per page: no two pages share a picture, save the 404 page under its two addresses
  expect(new Set(images.values()).size).toBe(images.size - 1);
  for (const [path, url] of images) {
    const png = await request.get(url);
    expect(`${path} ${png.status()} ${png.headers()["content-type"]}`).toBe(`${path} 200 image/png`);
    const bytes = await png.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], path).toEqual([1200, 630]);
  }
});

test("no page's HTML holds a NUL character (React 18's streaming renderer can leave one beside a non-ASCII character)", async ({
  request,
}) => {
  const index = await (await request.get("/sitemap-index.xml")).text();
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(local(sitemap))).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const body = await (await request.get(local(loc))).body();
      expect(body.includes(0), local(loc)).toBe(false);
    }
  }
});

test("the web app manifest names the company, its icons and theme colour", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: site.company.name, theme_color: site.themeColor, start_url: "/" });
  expect(manifest.icons.length).toBeGreaterThan(3);
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", site.themeColor);
});

test("/favicon.ico, asked for whatever a page links, is the site's icon, not the 404 page", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect([...(await response.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test("JSON-LD: the organisation on every page, a breadcrumb on nested pages, the right type on each kind", async ({
  page,
}) => {
  const types = async (path: string) => {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((b) => JSON.parse(b)["@type"]);
  };
  expect(await types("/")).toEqual(["ProfessionalService", "WebSite"]);
  expect(await types("/services/agentforce")).toEqual(
    expect.arrayContaining(["ProfessionalService", "FAQPage", "BreadcrumbList"]),
  );
  expect(await types("/blog/data-cloud-first-90-days")).toEqual(
    expect.arrayContaining(["BlogPosting", "BreadcrumbList"]),
  );
  expect(await types("/products/smartsell")).toEqual(expect.arrayContaining(["SoftwareApplication", "FAQPage"]));
  expect(await types("/careers")).toEqual(expect.arrayContaining(["JobPosting"]));
  expect(await types("/events")).toEqual(expect.arrayContaining(["Event"]));
  expect(await types("/pricing")).toEqual(expect.arrayContaining(["Service"]));
});

test("tag pages list their posts, and each post ends with three related posts", async ({ page }) => {
  await page.goto("/blog/data-cloud-first-90-days");
  await page.getByRole("link", { name: "data-cloud", exact: true }).click();
  await expect(page).toHaveURL(/\/blogs\/tag\/data-cloud$/);
  await expect(page.locator("h1")).toHaveText("Posts about data-cloud");
  await expect(page.getByRole("link", { name: "Your First 90 Days with Salesforce Data Cloud" })).toBeVisible();
  await page.goto("/blog/data-cloud-first-90-days");
  await expect(page.getByRole("region", { name: "Related posts" }).getByRole("listitem")).toHaveCount(3);
});
