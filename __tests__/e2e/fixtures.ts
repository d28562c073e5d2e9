import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { consentCookieValue } from "../support/consent-cookie";
import { E2E_PORT } from "../support/ports";
import { THIRD_PARTY } from "../support/third-party-fakes";

/** The consent cookie (../support/consent-cookie.ts) for this origin, as Playwright sets cookies. */
export function consentCookie(categories: string[], revision = 1) {
  return { ...consentCookieValue(categories, revision), url: ORIGIN, sameSite: "Lax" as const };
}

// Third-party hosts cannot be reached here; every test blocks them unless it routes a fake first.
// Every test is a visitor who answered the consent banner earlier (with Reject all), so that the banner covers
// nothing it looks at; the consent tests start without an answer (`test.use({ consent: null })`).
export const test = base.extend<{ consent: string[] | null }>({
  consent: [["necessary"], { option: true }],
  page: async ({ page, consent }, use) => {
    await page.route(THIRD_PARTY, (route) => route.abort());
    if (consent) await page.context().addCookies([consentCookie(consent)]);
    await use(page);
  },
});

/**
 * Installs the page's fake clock, and notes by it when React marks each page the test opens hydrated: `<html
 * data-hydrated>`, set in the commit whose effects start the page's own timers (src/browser/hydrated.ts). Returns what
 * gives that time for the page open now; a test counts from it with `page.clock.pauseAt(hydrated + ms)`, and the
 * clock stands still from there. The clock runs until then, as the page's hydration waits on timers (installed
 * paused, no page was ever hydrated), and the time a slow load ran it on counts for nothing: counted from the
 * install, it cut the welcome popup's 30 s by seconds (issue 55).
 */
export async function clockFromHydration(page: Page) {
  await page.clock.install();
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const marked = document.documentElement?.hasAttribute("data-hydrated");
      if (marked && !("hydratedAt" in window)) Object.assign(window, { hydratedAt: Date.now() });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  return () => page.evaluate(() => (window as unknown as { hydratedAt: number }).hydratedAt);
}

/**
 * Opens a page and waits until React has hydrated it (`<html data-hydrated>`, src/browser/hydrated.ts), so clicks
 * reach its handlers (before that, links behave as plain links, which is the no-script path), and until the
 * network is quiet.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  return response;
}

/**
 * Scrolls `target` into view and waits until it has stayed put for three frames. Blocks below a page's first are
 * laid out only when they come near the viewport (content-visibility, layout.module.css), and until then a
 * block's height is an estimate: after a jump from the top straight to the footer, the blocks just above it are
 * laid out a frame or two later and move it, under a click Playwright has already aimed.
 */
export async function scrolledTo<T extends Locator>(target: T): Promise<T> {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = NaN;
        let still = 0;
        const check = () => {
          const top = el.getBoundingClientRect().top;
          still = top === last ? still + 1 : 0;
          last = top;
          if (still >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  return target;
}

/** React's production errors (a hydration mismatch #418, #421's boundary updated before it hydrated, #423, #425…) and
 * any uncaught error of the page. */
export function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error|#41[89]|#42[0-5]/i.test(message.text()))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Holds every script of the site until `release` is called: the page paints, and nothing hydrates it. */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Watches the page's layout shifts from its first paint, afresh on each navigation; `layoutShifts(page)` lists them,
 * each with its score, time, scroll position and every moved element's box before and after, so that a failing
 * `toEqual([])` says what moved. A shift within 500 ms of a discrete input (`hadRecentInput`), which CLS leaves out,
 * is left out unless `withInput`.
 */
export async function watchLayoutShifts(page: Page, { withInput = false } = {}) {
  await page.addInitScript((keepInput) => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const moved = (source: Shift["sources"][number]) => {
      const el = source.node instanceof Element ? source.node : source.node?.parentElement;
      const name = el
        ? `${el.localName}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`
        : "?";
      return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (keepInput || !entry.hadRecentInput)
          shifts.push(
            `${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms, scrolled to ${Math.round(scrollY)}: ${entry.sources.map(moved).join("; ")}`,
          );
    }).observe({ type: "layout-shift", buffered: true });
  }, withInput);
}

export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

/** The origin the browser tests serve the build at (playwright.config.ts starts it). */
export const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * What a link of the site answers, as "href status": a page 200; a function that sends the visitor on to another
 * site (the consultation link, /api/book: a 303 to Calendly) 303, not followed, since the tests never leave the
 * machine.
 */
export async function linkAnswer(request: APIRequestContext, href: string) {
  const onward = href.startsWith("/api/");
  const response = await request.get(href, onward ? { maxRedirects: 0 } : {});
  return { response, got: `${href} ${response.status()}`, want: `${href} ${onward ? 303 : 200}`, onward };
}

export { expect };
