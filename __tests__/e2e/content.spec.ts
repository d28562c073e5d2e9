import { readdirSync, readFileSync } from "fs";
import path from "path";
import { PLACEHOLDER } from "../support/placeholder";
import { pageKinds, serviceSlugs } from "../support/spec-routes";
import { expect, test } from "./fixtures";

const publicDir = path.resolve(__dirname, "../../public");
const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(path.join(dir, e.name)) : e.name.endsWith(".html") ? [path.join(dir, e.name)] : [],
  );
const visibleText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");

test("no built page contains placeholder words", () => {
  const pages = htmlFiles(publicDir);
  expect(pages.length).toBeGreaterThan(80);
  const offenders = pages.filter((file) => PLACEHOLDER.test(visibleText(readFileSync(file, "utf8"))));
  expect(offenders.map((f) => path.relative(publicDir, f))).toEqual([]);
});

test("every image in every built page has an alt text or is marked decorative", () => {
  const missing = htmlFiles(publicDir).flatMap((file) =>
    (readFileSync(file, "utf8").match(/<img\b[^>]*>/g) ?? [])
      .filter((img) => !/\balt=/.test(img))
      .map((img) => `${path.relative(publicDir, file)}: ${img.slice(0, 80)}`),
  );
  expect(missing).toEqual([]);
});

for (const slug of serviceSlugs) {
  test(`/services/${slug} has 350 words or more`, async ({ page }) => {
    await page.goto(`/services/${slug}`);
    // innerText leaves out blocks not laid out yet (content-visibility: auto below the fold): lay them all out
    const text = await page.locator("main").evaluate((main) => {
      for (const block of main.children) (block as HTMLElement).style.contentVisibility = "visible";
      return (main as HTMLElement).innerText;
    });
    const count = text.split(/\s+/).filter((w) => /\w/.test(w)).length;
    expect(count).toBeGreaterThanOrEqual(350);
  });
}

for (const width of [360, 390, 768, 1024, 1280, 1440]) {
  test(`no page kind scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const route of pageKinds) {
      await page.goto(route);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(`${route}: ${overflow}`).toBe(`${route}: 0`);
    }
  });
}

test("the blog post's cover, the largest image on first paint, loads eagerly", async ({ page }) => {
  await page.goto("/blog/data-cloud-first-90-days");
  await expect(page.locator("article img")).toHaveAttribute("loading", "eager");
  await expect(page.locator("article img")).toHaveAttribute("fetchpriority", "high");
});
