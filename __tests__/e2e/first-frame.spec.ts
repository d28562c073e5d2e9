import { createServer, type Server } from "http";
import { TEST_SERVER_PORTS } from "../support/ports";
import { expect, layoutShifts, ORIGIN, test, watchLayoutShifts } from "./fixtures";

// A browser paints the HTML it has, before the rest arrives: on a busy machine or a slow network, a page's first
// frame can hold part of the header. Painted in part, the header moved as the rest came (a menu link painted before
// its text sat lower and rose; the buttons at the right edge moved left as the last of them arrived), a layout shift
// that failed consent.spec.ts now and then. No frame is painted before the main content begins, so none with part of
// the header (gatsby-ssr.tsx). Here the home page's HTML is sent in two parts, cut inside the header, the second a
// second later.

// one worker, in order: the server below is on one port
test.describe.configure({ mode: "default" });

const PAUSE_MS = 1_000;
const SLOW = `http://127.0.0.1:${TEST_SERVER_PORTS.slowHtml}`;

let server: Server;
let html: string;

/** Where to cut the page, in bytes: right after the first match of `pattern` after `from`, or at its start. */
function cutAt(pattern: RegExp, from: string, after: boolean) {
  const start = html.indexOf(from);
  const match = pattern.exec(html.slice(start));
  if (start < 0 || !match) throw new Error(`${pattern} not found in the home page's header`);
  return Buffer.byteLength(html.slice(0, start + match.index + (after ? match[0].length : 0)));
}

test.beforeAll(async () => {
  html = await (await fetch(`${ORIGIN}/`)).text();
  // the build served as it is, but a page's HTML cut at ?cut=N: the first N bytes, then the rest a second later
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", SLOW);
    void fetch(`${ORIGIN}${url.pathname}`).then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
      const cut = Number(url.searchParams.get("cut"));
      if (!cut) res.end(body);
      else {
        res.write(body.subarray(0, cut));
        setTimeout(() => res.end(body.subarray(cut)), PAUSE_MS);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(TEST_SERVER_PORTS.slowHtml, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

type Parts = { entries: number; booking: boolean; menuButton: boolean };
type Watched = Window & { headerParts: () => Parts; firstFrame: Parts };

/** Notes what the header shows in the page's first frame: its menu's entries, the booking link, the phone menu's button. */
function watchFirstFrame() {
  const watched = window as unknown as Watched;
  watched.headerParts = () => {
    const header = document.querySelector("header");
    return {
      entries: header?.querySelectorAll("nav[aria-label=Main] > ul > li").length ?? 0,
      booking: Boolean(header?.querySelector("[data-consultation]")),
      menuButton: Boolean(header?.querySelector("button[popovertarget]")),
    };
  };
  requestAnimationFrame(() => (watched.firstFrame = watched.headerParts()));
}

const cuts = {
  "inside a menu link, before its text": { width: 1440, cut: () => cutAt(/<a [^>]*>/, 'aria-label="Main"', true) },
  "before the header's booking link": {
    width: 1440,
    cut: () => cutAt(/<a [^>]*data-consultation/, "</nav>", false),
  },
  "before the phone menu's button": { width: 390, cut: () => cutAt(/<button [^>]*popovertarget/, "</nav>", false) },
};

for (const [where, { width, cut }] of Object.entries(cuts))
  test(`at ${width} px, the HTML cut ${where}: the first frame has the whole header, and nothing moves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await watchLayoutShifts(page);
    await page.addInitScript(watchFirstFrame);
    await page.goto(`${SLOW}/?cut=${cut()}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const { whole, first } = await page.evaluate(() => {
      const watched = window as unknown as Watched;
      return { whole: watched.headerParts(), first: watched.firstFrame };
    });
    expect(whole).toEqual({ entries: expect.any(Number), booking: true, menuButton: true });
    expect(first).toEqual(whole);
    expect(await layoutShifts(page)).toEqual([]);
  });
