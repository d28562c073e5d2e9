// The authors' editor at /admin/ (src/cms/), through its own UI in Chromium, on the production build served as
// Netlify serves it, with Decap's local backend writing into a scratch copy of content/ (its server's
// GIT_REPO_DIRECTORY): what a save writes is read back from the disk and checked by the build's own rules.
// In `npm test` the copy is EDITOR_REPOSITORY, which the deploy-preview build then reads (drafts.spec.ts finds the
// post written here on that build); run alone, a temporary folder.
import { expect, type Frame, type Page } from "@playwright/test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import matter from "gray-matter";
import os from "os";
import path from "path";
import sharp from "sharp";
import { fieldProblem, inspect, type RuleContext } from "../../src/lib/content-fields";
import { markdownKinds, serviceGroupsOf } from "../../src/lib/content-model";
import { dayIn } from "../../src/lib/publication";
import { EDITOR_POST, EDITOR_REPOSITORY } from "../support/editor-post";
import { TEST_SERVER_PORTS } from "../support/ports";
import { test } from "./fixtures";
import { ROOT, startServer } from "./servers";

test.describe.configure({ mode: "serial" });

const repository = EDITOR_REPOSITORY
  ? path.resolve(ROOT, EDITOR_REPOSITORY)
  : mkdtempSync(path.join(os.tmpdir(), "tidewell-editor-"));
const content = path.join(repository, "content");
const shots = path.join(ROOT, "test-results", "editor");
let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  if (!existsSync(path.join(content, "site.json"))) cpSync(path.join(ROOT, "content"), content, { recursive: true });
  server = await startServer(TEST_SERVER_PORTS.editor, { GIT_REPO_DIRECTORY: repository });
});
test.afterAll(async () => {
  await server?.stop();
  if (!EDITOR_REPOSITORY) rmSync(repository, { recursive: true, force: true });
});

/** The editor at `hash`, signed in to the local backend (which asks for no account: one press). */
async function openEditor(page: Page, hash = "") {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.origin}/admin/${hash}`);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The preview pane's document. */
async function previewPane(page: Page): Promise<Frame> {
  const handle = await page.locator("iframe").first().elementHandle();
  return (await handle!.contentFrame())!;
}

const ctxFor = (file: string): RuleContext => ({
  resolveFile: (relative) => {
    const absolute = path.resolve(path.dirname(file), relative);
    return existsSync(absolute) ? absolute : null;
  },
  serviceGroups: serviceGroupsOf(JSON.parse(readFileSync(path.join(content, "navigation.json"), "utf8"))),
});

test("opens on the collections the content model declares, posts first", async ({ page }) => {
  await openEditor(page);
  await expect(page.getByRole("link", { name: "Blog posts" })).toBeVisible();
  const names = await page
    .locator("a[href^='#/collections/']")
    .evaluateAll((links) =>
      links.filter((a) => /^#\/collections\/[^/]+$/.test(a.getAttribute("href")!)).map((a) => a.textContent),
    );
  expect(names.map((n) => n!.trim())).toEqual([
    "Blog posts",
    "Archived posts",
    "Campaigns",
    "Webinars",
    "Services",
    "Industries",
    "Products",
    "Pages",
    "Company lists",
    "Contact details",
  ]);
  await page.getByRole("link", { name: "Blog posts" }).click();
  await expect(page.getByText("Your First 90 Days with Salesforce Data Cloud")).toBeVisible();
  await page.screenshot({ path: path.join(shots, "collections.png") });
});

test("writes a new post through its form: the file the model wants, its cover beside it", async ({ page }) => {
  const cover = path.join(os.tmpdir(), "Field Guide Cover.JPG");
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#1d5f7a" } })
    .jpeg()
    .toFile(cover);
  await openEditor(page, "#/collections/blog/new");
  await page.getByLabel("Title").fill(EDITOR_POST.title);
  await page.getByLabel("Author").fill(EDITOR_POST.author);
  for (const [i, tag] of EDITOR_POST.tags.entries()) {
    await page.getByRole("button", { name: "Add tags" }).click();
    await page.locator("input[id^='item-field-']").nth(i).fill(tag);
  }
  await page.getByRole("button", { name: "Choose an image" }).click();
  await page.locator("input[type=file]").setInputFiles(cover);
  await page.getByRole("button", { name: "Choose selected" }).click();
  await page.getByLabel("Cover alt").fill(EDITOR_POST.coverAlt);
  await page.getByLabel("Description").fill(EDITOR_POST.description);
  await page.locator("[data-slate-editor]").click();
  await page.keyboard.type(EDITOR_POST.paragraph);

  // beside the form, the post as a reader will see it, with the banner a deploy preview shows a draft with
  const pane = await previewPane(page);
  await expect(pane.locator("h1")).toHaveText(EDITOR_POST.title);
  await expect(pane.locator("[data-unpublished='draft']")).toContainText("Draft");
  await expect(pane.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([...EDITOR_POST.tags]);
  await expect(pane.locator("article picture img")).toHaveAttribute("alt", EDITOR_POST.coverAlt);
  await expect(pane.locator("article .prose")).toContainText(EDITOR_POST.paragraph);
  await page.screenshot({ path: path.join(shots, "post-beside-its-preview.png") });

  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect(page.getByText("Entry saved")).toBeVisible();

  const file = path.join(content, "blog", `${EDITOR_POST.slug}.md`);
  await expect.poll(() => existsSync(file)).toBe(true);
  const text = readFileSync(file, "utf8");
  const { data, content: body } = matter(text, { language: "yaml" });
  // the build's own check of the file: nothing to refuse
  expect(
    inspect(`content/blog/${EDITOR_POST.slug}.md`, markdownKinds.blog.frontmatter(ctxFor(file)), data).problem,
  ).toBe(undefined);
  expect({ ...data, date: new Date(data.date).toISOString().slice(0, 10) }).toEqual({
    title: EDITOR_POST.title,
    date: dayIn(new Date()),
    author: EDITOR_POST.author,
    tags: [...EDITOR_POST.tags],
    // beside the post, as the model reads it (Decap writes a relative path without "./")
    cover: "images/field-guide-cover.jpg",
    coverAlt: EDITOR_POST.coverAlt,
    description: EDITOR_POST.description,
    // a new post starts as a draft, as `npm run new:post` starts one
    draft: true,
  });
  expect(body.trim()).toBe(EDITOR_POST.paragraph);
  // the picture that was uploaded, byte for byte, in the folder the build reads covers from
  expect(readFileSync(path.join(content, "blog", "images", "field-guide-cover.jpg"))).toEqual(readFileSync(cover));
});

test("draws a post's preview with the site's template and CSS: the built page's HTML and styles", async ({
  page,
  context,
}) => {
  const slug = "data-cloud-first-90-days";
  await openEditor(page, `#/collections/blog/entries/${slug}`);
  const pane = await previewPane(page);
  await expect(pane.locator("h1")).toHaveText("Your First 90 Days with Salesforce Data Cloud");
  const width = await page
    .locator("iframe")
    .first()
    .evaluate((frame) => frame.clientWidth);

  // the same post, built, at the width of the pane
  const built = await context.newPage();
  await built.setViewportSize({ width, height: 900 });
  await built.goto(`${server.origin}/blog/${slug}`);
  const prose = (where: Page | Frame) => where.locator("article .prose").evaluate((el) => el.innerHTML);
  expect(await prose(pane)).toBe(await prose(built));
  const looks = (where: Page | Frame) =>
    where.locator("article").evaluate((article) => {
      const of = (selector: string) => {
        const style = getComputedStyle(article.querySelector(selector)!);
        return [style.fontFamily, style.fontSize, style.fontWeight, style.color, style.lineHeight].join(" ");
      };
      return { title: of("h1"), meta: of("header p:nth-of-type(2)"), tag: of("ul a"), body: of(".prose p") };
    });
  expect(await looks(pane)).toEqual(await looks(built));
  await expect(pane.locator("article header")).toContainText("Sofia Martinez");
  await expect(pane.locator("article header")).toContainText("August 26, 2025");
  await expect(pane.locator("[data-unpublished]")).toHaveCount(0);
});

test("changes one field of a service in its file, and no other line", async ({ page }) => {
  const file = path.join(content, "services", "agentforce.md");
  const before = readFileSync(file, "utf8");
  const summary = "Agentforce agents that resolve real customer requests, with tested topics, actions and guardrails.";
  await openEditor(page, "#/collections/service/entries/agentforce");
  await page.getByLabel("Summary").fill(summary);
  const pane = await previewPane(page);
  await expect(pane.getByText(summary)).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect(page.getByText("Entry saved")).toBeVisible();

  const after = readFileSync(file, "utf8");
  const lines = (text: string) => text.split("\n");
  const changed = lines(after).flatMap((line, i) => (line === lines(before)[i] ? [] : [[lines(before)[i], line]]));
  expect(changed).toEqual([[expect.stringMatching(/^summary: /), `summary: ${summary}`]]);
  expect(lines(after)).toHaveLength(lines(before).length);
  // what the save changed, for a person to read beside the screenshots
  writeFileSync(
    path.join(shots, "service-save.diff"),
    `--- content/services/agentforce.md\n+++ content/services/agentforce.md (saved in the editor)\n${changed
      .map(([was, is]) => `-${was}\n+${is}\n`)
      .join("")}`,
  );
  writeFileSync(file, before);
});

test("refuses a description of 20 characters in the build's words, and writes nothing", async ({ page }) => {
  const short = "Data Cloud for admin";
  expect(short).toHaveLength(20);
  const written = () => readdirSync(path.join(content, "blog")).sort();
  const files = written();
  let saves = 0;
  await page.route("**/admin/api/v1", async (route) => {
    if (/"action":"persist/.test(route.request().postData() ?? "")) saves += 1;
    await route.continue();
  });
  await openEditor(page, "#/collections/blog/new");
  await page.getByLabel("Title").fill("Twenty characters are not enough");
  await page.getByLabel("Author").fill(EDITOR_POST.author);
  await page.getByRole("button", { name: "Add tags" }).click();
  await page.locator("input[id^='item-field-']").first().fill("data-cloud");
  await page.getByLabel("Cover alt").fill(EDITOR_POST.coverAlt);
  await page.getByLabel("Description").fill(short);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();

  // what the build would stop with for a post that is right in all but its description, after the file's name
  const post = markdownKinds.blog.frontmatter({ resolveFile: (p) => p, serviceGroups: [] });
  const built = inspect("content/blog/twenty-characters-are-not-enough.md", post, {
    title: "Twenty characters are not enough",
    date: "2026-12-06",
    author: EDITOR_POST.author,
    tags: ["data-cloud"],
    // beside the post, as the model reads it (Decap writes a relative path without "./")
    cover: "images/field-guide-cover.jpg",
    coverAlt: EDITOR_POST.coverAlt,
    description: short,
  });
  const words = fieldProblem("description", post.shape.description, short)!;
  expect(built.problem).toBe(`content/blog/twenty-characters-are-not-enough.md: ${words}`);
  expect(words).toBe('field "description" must be a text of at least 50 characters, got "Data Cloud for admin"');
  const description = page.locator("li").filter({ hasText: words });
  await expect(description).toBeVisible();
  await description.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "short-description-refused.png") });
  expect(saves).toBe(0);
  expect(written()).toEqual(files);
});

test("serves the editor at /admin and /admin/ with a policy of its own, never to be indexed", async ({ request }) => {
  for (const address of ["/admin", "/admin/"]) {
    const response = await request.get(`${server.origin}${address}`, { maxRedirects: 0 });
    expect([address, response.status()]).toEqual([address, 200]);
    const headers = response.headers();
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    // the GitHub sign-in popup hands its token back to this window (a visitor page's policy is same-origin)
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(headers["content-security-policy"]).toContain("connect-src 'self' blob: https://api.github.com");
    expect(await response.text()).toContain('<meta name="robots" content="none">');
  }
  const page = await request.get(`${server.origin}/`);
  expect(page.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  for (const listing of ["/sitemap-0.xml", "/rss.xml"])
    expect([listing, await (await request.get(`${server.origin}${listing}`)).text()]).not.toEqual([
      listing,
      // an address of the editor (a tag named "admin" is /blogs/tag/admin)
      expect.stringMatching(/:\/\/[^/<\s]+\/admin\b/),
    ]);
});

test("without JavaScript, says the editor needs it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.origin}/admin/`);
  // (Playwright's text locators skip <noscript>, whatever the browser shows of it)
  const message = page.locator("noscript p");
  await expect(message).toBeVisible();
  await expect(message).toContainText("The editor needs JavaScript: turn it on for this page.");
  await context.close();
});

test("loads none of its code on a visitor's page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || r.resourceType() === "stylesheet") scripts.push(new URL(r.url()).pathname);
  });
  for (const address of ["/", "/blog/data-cloud-first-90-days", "/pricing"]) {
    await page.goto(`${server.origin}${address}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((s) => s.startsWith("/admin/"))).toEqual([]);
  const code = await Promise.all(
    [...new Set(scripts)].map(async (s) => (await page.request.get(`${server.origin}${s}`)).text()),
  );
  expect(code.filter((text) => /decap|netlify-identity/i.test(text))).toEqual([]);
});
