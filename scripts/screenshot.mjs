// Screenshots of pages of the running site at phone and desktop widths, for looking at what we build.
import { mkdirSync, readFileSync } from "fs";
import path from "path";
import { chromium } from "@playwright/test";
import { commandLine } from "./command-line.mjs";

const USAGE = `Usage: node scripts/screenshot.mjs [options] [/path ...]   (default: /)
  --base URL        the running site (default http://127.0.0.1:9000)
  --out DIR         where the PNG files go (default screenshots)
  --widths W,W      viewport widths in px (default 390,1440)
  --full no         the viewport only, not the whole page
  --click SELECTOR  click the first element it matches before each capture (opens a disclosure, say)`;
const { values: options, positionals } = commandLine(USAGE, {
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://127.0.0.1:9000" },
    out: { type: "string", default: "screenshots" },
    full: { type: "string", default: "yes" },
    widths: { type: "string", default: "390,1440" },
    click: { type: "string" },
  },
});
const browserSetup = JSON.parse(readFileSync(new URL("./chromium.json", import.meta.url), "utf8"));
const { base, out } = options;
const full = options.full !== "no";
const widths = options.widths.split(",").map(Number);
const paths = positionals.length ? positionals : ["/"];

/**
 * A full-page capture does not scroll: the covers below the fold (loaded within 200 px of the viewport) and the
 * blocks of main the browser has not laid out yet (content-visibility: auto) would show as empty boxes. The page
 * is scrolled to the bottom as a reader would, then every block is laid out for the capture.
 */
async function showWholePage(page) {
  /* global window, document, requestAnimationFrame -- the callbacks below run in the page */
  for (let i = 0; i < 100; i++) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      await new Promise(requestAnimationFrame);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) break;
  }
  await page.addStyleTag({ content: "main > * { content-visibility: visible !important; }" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || browserSetup.executablePath,
  args: browserSetup.args,
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    if (options.click) await page.locator(options.click).first().click();
    if (full) await showWholePage(page);
    const file = path.join(out, `${p.replace(/\W+/g, "_") || "home"}-${width}.png`);
    await page.screenshot({ path: file, fullPage: full });
    console.log(file);
  }
  await page.close();
}
await browser.close();
