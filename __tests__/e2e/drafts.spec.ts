import AxeBuilder from "@axe-core/playwright";
import { readdirSync } from "fs";
import path from "path";
import type { APIRequestContext } from "@playwright/test";
import site from "../../content/site.json";
import { EDITOR_POST, EDITOR_REPOSITORY } from "../support/editor-post";
import { TEST_SERVER_PORTS } from "../support/ports";
import { expect, test, visit } from "./fixtures";
import { ROOT, startServer } from "./servers";

// Drafts and scheduled posts (src/lib/publication.ts) in the two kinds of build. scripts/test-all.mjs builds both
// from one copy of content/ with the two posts of __tests__/fixtures/unpublished-posts added: production into
// public/ (the build every browser test uses) and a Netlify deploy preview (CONTEXT=deploy-preview) into
// PREVIEW_BUILD_DIR. Without that variable, public/ may hold a build of content/ alone, where the absence of
// these posts proves nothing: the tests are skipped.
const previewDir = process.env.PREVIEW_BUILD_DIR ? path.resolve(ROOT, process.env.PREVIEW_BUILD_DIR) : null;
test.skip(!previewDir, "PREVIEW_BUILD_DIR is not set: `npm test` builds the deploy preview these tests compare");

const DRAFT = "/blog/draft-preview-check";
const SCHEDULED = "/blog/scheduled-preview-check";
const UNPUBLISHED = [DRAFT, SCHEDULED];
const PUBLISHED = "/blog/permission-set-groups-guide"; // shares both tags of the draft

const siteOrigin = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "");

/** Every page of a build's sitemap, the sitemap itself and the feed: what a build lists, as text, by address. */
async function everythingListed(request: APIRequestContext, origin: string) {
  const get = async (p: string) => {
    const response = await request.get(`${origin}${p}`);
    expect(`${p} ${response.status()}`).toBe(`${p} 200`);
    return response.text();
  };
  const listed = new Map<string, string>();
  listed.set("/rss.xml", await get("/rss.xml"));
  const index = await get("/sitemap-index.xml");
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const sitemap = loc.replace(siteOrigin, "");
    const xml = await get(sitemap);
    listed.set(sitemap, xml);
    for (const [, page] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const p = page.replace(siteOrigin, "");
      listed.set(p, await get(p));
    }
  }
  return listed;
}

/** The addresses among `listed` whose text mentions one of the unpublished posts. */
const mentioning = (listed: Map<string, string>) =>
  [...listed].filter(([, text]) => UNPUBLISHED.some((p) => text.includes(p))).map(([where]) => where);

/** The HTML files of a build's public/ folder, relative to it. */
function htmlFiles(dir: string, under = ""): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) return htmlFiles(dir, relative);
    return entry.name.endsWith(".html") ? [relative] : [];
  });
}

test.describe("a production build", () => {
  test("has no page for a draft or a post dated after the build's day", async ({ request }) => {
    for (const p of UNPUBLISHED) expect(`${p} ${(await request.get(p)).status()}`).toBe(`${p} 404`);
  });

  test("lists neither anywhere: no page, sitemap or feed names them", async ({ request }) => {
    const listed = await everythingListed(request, "");
    expect(listed.has("/blogs")).toBe(true);
    expect(listed.has(PUBLISHED)).toBe(true);
    expect(listed.has("/blogs/tag/admin")).toBe(true);
    expect(mentioning(listed)).toEqual([]);
  });

  test("differs from the deploy preview of the same content by the unpublished posts' pages only", () => {
    const production = htmlFiles(path.join(ROOT, "public"));
    const preview = htmlFiles(path.join(previewDir!, "public"));
    // in `npm test` the preview's content also holds the draft the editor wrote (editor.spec.ts)
    const drafts = [...UNPUBLISHED, ...(EDITOR_REPOSITORY ? [`/blog/${EDITOR_POST.slug}`] : [])];
    expect(production.filter((f) => !preview.includes(f))).toEqual([]);
    expect(preview.filter((f) => !production.includes(f)).sort()).toEqual(
      drafts.map((p) => `${p.slice(1)}.html`).sort(),
    );
  });
});

test.describe("a deploy-preview build", () => {
  // one server of the preview build for these tests, so they run one after the other, in one worker
  test.describe.configure({ mode: "serial" });
  let preview: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    preview = await startServer(TEST_SERVER_PORTS.preview, {}, { root: previewDir! });
  });
  test.afterAll(async () => {
    await preview?.stop();
  });

  test("shows a draft with a Draft banner above its title, and noindex", async ({ page }) => {
    await visit(page, `${preview.origin}${DRAFT}`);
    const banner = page.locator("article [data-unpublished]");
    await expect(banner).toBeVisible();
    await expect(banner.locator("strong")).toHaveText("Draft");
    await expect(banner).toContainText("Not published");
    const [bannerBox, titleBox] = [await banner.boundingBox(), await page.locator("h1").boundingBox()];
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(titleBox!.y);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /^noindex\b/);
  });

  test("shows a post dated after the build's day with the day it publishes on, and noindex", async ({ page }) => {
    await visit(page, `${preview.origin}${SCHEDULED}`);
    const banner = page.locator("article [data-unpublished]");
    await expect(banner.locator("strong")).toHaveText("Scheduled: publishes on January 15, 2099");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /^noindex\b/);
  });

  test("a bannered post has no WCAG 2.2 A or AA violations at 390 and 1440 px", async ({ page }) => {
    test.setTimeout(90_000); // four pages through axe, which takes 5–10 s a page on CI's two cores
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const p of UNPUBLISHED) {
        await page.goto(`${preview.origin}${p}`);
        const { violations } = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        expect(violations.map((v) => `${width} px ${p}: ${v.id}`)).toEqual([]);
      }
    }
  });

  test("shows the post written in the editor at /admin/, its uploaded cover made responsive", async ({ page }) => {
    // editor.spec.ts saves it into the content the deploy preview is built from, when `npm test` runs it first
    test.skip(!EDITOR_REPOSITORY, "EDITOR_REPOSITORY is not set: `npm test` writes this post through the editor");
    const response = await visit(page, `${preview.origin}/blog/${EDITOR_POST.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText(EDITOR_POST.title);
    await expect(page.locator("article [data-unpublished] strong")).toHaveText("Draft");
    await expect(page.locator("article .prose")).toContainText(EDITOR_POST.paragraph);
    // the cover went through gatsby-plugin-image like every other: WebP and JPEG at the site's widths
    const cover = page.locator("article picture").first();
    await expect(cover.locator("source[type='image/webp']")).toHaveAttribute("srcset", /\/static\/.+640w/);
    await expect(cover.locator("img")).toHaveAttribute("alt", EDITOR_POST.coverAlt);
    const production = await page.request.get(`/blog/${EDITOR_POST.slug}`);
    expect(production.status()).toBe(404);
  });

  test("builds published posts as production does: no banner, indexable", async ({ page }) => {
    await visit(page, `${preview.origin}${PUBLISHED}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator("[data-unpublished]")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("lists neither: the blog, the tag pages, related posts, the sitemap and the feed leave them out", async ({
    request,
  }) => {
    const listed = await everythingListed(request, preview.origin);
    for (const p of UNPUBLISHED) expect(listed.has(p)).toBe(false);
    expect(listed.has(PUBLISHED)).toBe(true);
    expect(mentioning(listed)).toEqual([]);
  });
});
