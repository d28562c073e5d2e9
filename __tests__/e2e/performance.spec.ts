import benchPages from "../../scripts/bench-pages.json";
import type { Page } from "@playwright/test";
import { gzipSync } from "zlib";
import { HINT, HINTED } from "../../src/node/compile-hints";
import { expect, layoutShifts, test, visit, watchLayoutShifts } from "./fixtures";

const BUDGET_BYTES = 100 * 1024;
// the benchmark's pages, and a webinar page with its registration form
const pages = [...benchPages, "/webinar/data-cloud-foundations"];

/**
 * Every script of `path` until it is idle (and, on a first visit, until the consent banner shows), with its size
 * gzipped, whatever encoding the server chose (its CDN sends brotli, and gzip to a browser without it: the body
 * is measured).
 */
async function firstLoadScripts(page: Page, path: string, banner: boolean) {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await visit(page, path);
  if (banner) {
    await expect(page.getByRole("dialog", { name: "Cookies and your privacy" })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  return scripts;
}

for (const firstVisit of [false, true]) {
  test.describe(firstVisit ? "a first visit, with the consent banner" : "a visitor who answered the banner", () => {
    test.use({ consent: firstVisit ? null : ["necessary"] });

    for (const path of pages) {
      test(`${path} loads at most 100 KB of gzip JavaScript before any interaction`, async ({ page }) => {
        const scripts = await firstLoadScripts(page, path, firstVisit);
        const total = [...scripts.values()].reduce((a, b) => a + b, 0);
        const detail = [...scripts]
          .map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`)
          .join(", ");
        expect(total, detail).toBeLessThanOrEqual(BUDGET_BYTES);
        expect([...scripts.keys()].filter((url) => !url.startsWith("http://127.0.0.1"))).toEqual([]);
      });
    }
  });
}

test("covers below the fold load only when they come within 200 px of the viewport", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requested = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "image" && r.url().includes("/static/")) requested.add(r.url());
  });
  await visit(page, "/blogs");
  const boxes = page.locator("main li").filter({ has: page.locator("[data-lazy-image], img") });
  const count = await boxes.count();
  expect(count).toBeGreaterThan(10);
  const tops = await boxes.evaluateAll((items) => items.map((i) => i.getBoundingClientRect().top));
  const near = tops.filter((top) => top < 844 + 200).length;
  expect(near).toBeLessThan(count);
  await expect(page.locator("main li img")).toHaveCount(near);
  expect(requested.size).toBe(near);

  // one card past the margin has not loaded; scrolled to within 150 px of it, it loads
  const next = tops.findIndex((top) => top >= 844 + 200);
  await page.evaluate((y) => window.scrollTo(0, y - 844 - 150), tops[next]);
  await expect(page.locator("main li img")).toHaveCount(
    near + 1 + tops.filter((t, i) => i > next && t < tops[next] + 350).length,
  );
  for (let y = 0; y < tops[tops.length - 1]; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.locator("main li img")).toHaveCount(count);
});

test("nothing moves while a page loads: no layout shift", async ({ page }) => {
  await watchLayoutShifts(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/blog/data-cloud-first-90-days", "/blogs", "/contact"]) {
      await visit(page, path);
      expect({ [`${path} at ${width}`]: await layoutShifts(page) }).toEqual({ [`${path} at ${width}`]: [] });
    }
  }
});

test("a phone lays out a page's first block at once and the others as they come near", async ({ page }) => {
  await watchLayoutShifts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/");
  const visibility = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).contentVisibility);
  expect(await visibility("main > :first-child")).toBe("visible");
  expect(await visibility("main > #services")).toBe("auto");
  // not the footer: its text would be checked against the page's white background while it is not laid out
  expect(await visibility("footer")).toBe("visible");
  // down to the footer and back up, a screen at a time: blocks laid out on the way keep what is on screen still
  // (a block's height is an estimate until it is laid out, so the page's length is read at every step)
  const step = (by: number) =>
    page.evaluate(async (dy) => {
      window.scrollBy(0, dy);
      await new Promise(requestAnimationFrame);
      const { scrollY, innerHeight } = window;
      return dy > 0 ? scrollY + innerHeight >= document.documentElement.scrollHeight - 1 : scrollY === 0;
    }, by);
  for (let i = 0; i < 50 && !(await step(700)); i++);
  await expect(page.getByRole("contentinfo").locator("summary", { hasText: "Get in touch" })).toBeInViewport();
  for (let i = 0; i < 50 && !(await step(-700)); i++);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  expect(await layoutShifts(page)).toEqual([]);
});

test("the static HTML carries every menu link, so the menus work before and without script (issue 24)", async ({
  page,
  request,
}) => {
  const post = await (await request.get("/blog/data-cloud-first-90-days")).text();
  const header = post.slice(post.indexOf("<header"), post.indexOf("</header>"));
  expect(header).toContain('aria-label="Main"');
  expect(header).toContain('aria-label="Mobile"');
  // Services' mega menu and the other dropdowns, once for the desktop navigation and once for the mobile menu
  for (const href of ["/services/agentforce", "/industryexpert/insurance", "/events"])
    expect(header.split(`href="${href}"`).length - 1).toBe(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/blog/data-cloud-first-90-days");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Blogs" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/blog/data-cloud-first-90-days");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).hover();
  await expect(
    page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Training" }),
  ).toBeVisible();
});

test("the head preloads the data Gatsby fetches before it hydrates, and the page fetches each file once", async ({
  page,
  request,
}) => {
  const path = "/blog/data-cloud-first-90-days";
  const html = await (await request.get(path)).text();
  const preloaded = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(preloaded).toEqual(expect.arrayContaining(["/page-data/app-data.json", `/page-data${path}/page-data.json`]));
  expect(preloaded.some((href) => href.startsWith("/page-data/sq/d/"))).toBe(true);
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  const unused: string[] = [];
  page.on("console", (m) => /preload/i.test(m.text()) && unused.push(m.text()));
  await visit(page, path);
  for (const href of preloaded)
    expect(
      fetched.filter((f) => f === href),
      href,
    ).toHaveLength(1);
  expect(unused).toEqual([]);
});

test("pages with dates make no Intl object in the browser (the first one costs a phone a long task)", async ({
  page,
}) => {
  // Every way a script can reach the browser's locale data, counted from before the page's first script.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __intl: string[] }).__intl = made;
    const intl = Intl as unknown as Record<string, object | undefined>;
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const original = intl[name];
      if (typeof original !== "function") continue;
      intl[name] = new Proxy(original, {
        construct: (target, args) => (made.push(`Intl.${name}`), Reflect.construct(target as never, args)),
        apply: (target, self, args) => (made.push(`Intl.${name}`), Reflect.apply(target as never, self, args)),
      });
    }
    const methods: Array<[object, string]> = [
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [Number.prototype, "toLocaleString"],
      [String.prototype, "localeCompare"],
    ];
    for (const [proto, method] of methods) {
      const target = proto as Record<string, (...args: unknown[]) => unknown>;
      const original = target[method];
      target[method] = function (this: unknown, ...args: unknown[]) {
        made.push(method);
        return original.apply(this, args);
      };
    }
  });
  for (const path of [
    "/blog/data-cloud-first-90-days",
    "/blogs",
    "/careers",
    "/events",
    "/webinar",
    "/webinar/cpq-to-revenue-cloud",
  ]) {
    await visit(page, path);
    await expect(page.locator("main time").first(), path).toHaveText(/^(\w+day, )?[A-Z][a-z]+ \d{1,2}, \d{4}\b/);
    expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl), path).toEqual([]);
  }
});

test("the scripts every page runs at load begin with V8's compile hint, and only those (issue 45)", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await visit(page, "/blog/data-cloud-first-90-days");
  const firstLine = async (path: string) => (await (await request.get(path)).text()).split("\n", 1)[0];
  const hint = HINT.trimEnd();
  const hinted = scripts.filter((path) => HINTED.test(path.slice(1)));
  expect(hinted).toHaveLength(2);
  for (const path of hinted) expect(await firstLine(path), path).toBe(hint);
  for (const path of scripts.filter((p) => !hinted.includes(p))) expect(await firstLine(path), path).not.toBe(hint);
});
