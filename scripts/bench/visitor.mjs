/* global window, document, webVitals, PerformanceObserver, MutationObserver, addEventListener, requestAnimationFrame */
// What a visitor on a phone feels, measured in Debian's Chromium over the DevTools protocol (npm run bench), with the
// web-vitals library in the page (its IIFE build, added by the bench to each page it loads; nothing of it is in the
// site's own bundles) for the first and largest contentful paint, layout shift and input to next paint, and the bench's
// own probes for what no tool measures:
// - loads with applied throttling (slow 4G: 150 ms round trips, 1.6 Mbps down, 750 kbps up; 4× CPU), 390 px:
//   first contentful paint, the time until a tap works (the first tap on the mobile menu button that opens the menu;
//   taps at its place every 50 ms from the start of the load), and layout shift;
// - the same load left alone until it is quiet: the largest contentful paint, and every long task (over 50 ms, the
//   Long Tasks API) from navigation until the network and the main thread have been quiet a while, with the consent
//   banner of a first visit, the browser's commit of the navigation apart;
// - the same load at 1440 px, clicking the header's "Contact Us" at its place from the start of the load: when the
//   contact modal opened, and whether that was before React hydrated the page (the control works from the HTML alone);
// - the main interactions at 4× CPU on a loaded page, each the page's one interaction: its input to next paint (INP,
//   as web-vitals reports it) and until what the visitor asked for is on screen.
import { chromium } from "@playwright/test";
import { readFileSync } from "fs";
import path from "path";
import { fileURLToPath } from "url";

const PHONE = { width: 390, height: 844 };
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
export const CPU_SLOWDOWN = 4;
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

/** web-vitals' IIFE build: a script that defines `webVitals` in the page. */
const WEB_VITALS = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.resolve("web-vitals"))), "web-vitals.iife.js"),
  "utf8",
);

// In every page, after web-vitals: its metrics (every change reported), long tasks, each tap's time, hydration, and
// when a menu or dialog opened.
const OBSERVE = () => {
  const m = (window.__bench = {
    fcp: null,
    lcp: null,
    cls: 0,
    inp: null,
    taps: [],
    longTasks: [],
    hydrated: null,
    opened: null,
    // now: inside the navigation's commit, the browser's task that creates the document and runs this first
    created: performance.now(),
  });
  const all = { reportAllChanges: true };
  webVitals.onFCP((metric) => (m.fcp = metric.value), all);
  webVitals.onLCP((metric) => (m.lcp = metric.value), all);
  webVitals.onCLS((metric) => (m.cls = metric.value), all);
  // Event Timing's threshold at its lowest: an interaction of 16 ms or more is reported
  webVitals.onINP(
    (metric) => (m.inp = { value: metric.value, start: Math.min(...metric.entries.map((e) => e.startTime)) }),
    { ...all, durationThreshold: 16 },
  );
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
  addEventListener("click", (e) => m.taps.push(e.timeStamp), { capture: true });
  // the mobile menu is a popover: opening it changes no attribute, so its (non-bubbling) event is caught on the way
  const opens = (e) => {
    if (m.opened === null && e.newState === "open") {
      m.opened = performance.now();
      window.__benchOpened?.();
    }
  };
  addEventListener("beforetoggle", opens, { capture: true });
  new MutationObserver(() => {
    if (m.hydrated === null && document.documentElement.hasAttribute("data-hydrated")) m.hydrated = performance.now();
    // a <dialog> (the contact modal) says it is open with its attribute
    if (m.opened === null && document.querySelector("dialog[open]")) {
      m.opened = performance.now();
      window.__benchOpened?.();
    }
  }).observe(document, { attributes: true, subtree: true });
};

async function launch(executablePath, args) {
  return chromium.launch({ executablePath, args });
}

/**
 * `measure(browser)` in a Chromium launched for it alone, closed afterwards: a first visit, as Lighthouse's CLI makes
 * each run. Playwright gives each launch a fresh, temporary profile (its own --user-data-dir), removed on close; no
 * cache, compiled code or warm renderer is carried from one load to the next.
 */
export async function cold(executablePath, args, measure) {
  const browser = await launch(executablePath, args);
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

const DESKTOP = { width: 1440, height: 900 };

async function phonePage(browser, { network, desktop = false, cpu = CPU_SLOWDOWN, before, cache = false }) {
  const context = await browser.newContext(
    desktop
      ? { viewport: DESKTOP }
      : { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: MOBILE_UA },
  );
  // third parties cannot be reached here; they are left out, as Lighthouse's runs leave them out
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: !cache });
  if (network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  if (before) await page.addInitScript(...before);
  await page.addInitScript({ content: `${WEB_VITALS}\n;(${OBSERVE})();` });
  return { context, page };
}

/**
 * Where a control's middle is, from an unthrottled load of `url` (the page lays out the same every time), kept for the
 * run: `find(page)` is its locator, `desktop` the profile.
 */
const places = new Map();
async function placeOf(browser, url, { desktop = false, find }) {
  const key = `${desktop ? "desktop" : "phone"} ${url}`;
  if (!places.has(key)) {
    const { context, page } = await phonePage(browser, { network: false, cpu: 1, desktop });
    try {
      await page.goto(url);
      const box = await find(page).boundingBox();
      places.set(key, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    } finally {
      await context.close();
    }
  }
  return places.get(key);
}

/** Where the phone menu's button is: by its name, as the header has other buttons that open a dialog (search). */
export const menuButtonAt = (browser, url) =>
  placeOf(browser, url, { find: (page) => page.getByRole("button", { name: "Open menu", exact: true }) });

/** Where the header's "Contact Us" is at 1440 px: the button where the browser has invokers, else the link. */
export const contactAt = (browser, url) =>
  placeOf(browser, url, {
    desktop: true,
    find: (page) => {
      const banner = page.getByRole("banner");
      return banner
        .getByRole("button", { name: "Contact Us", exact: true })
        .or(banner.getByRole("link", { name: "Contact Us", exact: true }))
        .filter({ visible: true });
    },
  });

/**
 * Until the page's viewport is set, a phone shows it zoomed out: a tap at the button's place on the screen lands
 * elsewhere on the page (on the logo's link, which loads the page again and loses the measurement). Such a tap is
 * not a visitor's, who sees nothing to tap yet: it is dropped before the page or the measurement sees it.
 */
const ONLY_AT = ([x, y]) =>
  addEventListener(
    "click",
    (e) => {
      if (Math.abs(e.clientX - x) > 2 || Math.abs(e.clientY - y) > 2) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    },
    { capture: true },
  );

/**
 * A throttled page for `url` whose control at `at` (a place from `placeOf`) is pressed from the start of the load, a
 * tap on a phone, a click on a desktop (`desktop`): the page, and `pressUntilOpen(left)`, which presses every 50 ms
 * until the page reports a menu or dialog open (at most 30 s, or until `left()` says a press took the page away;
 * false if it never opened), and `presses()`, which reads them: `m`, `worked` (the last press before it opened) and
 * `firstPainted` (the first press the painted control could have answered: the first at or after the first paint,
 * or the paint itself when a press made before it was still waiting; the presses are 50 ms apart, and between two
 * the bench is idle).
 */
async function pressingPage(browser, url, { at, desktop = false, ...options }) {
  const { context, page } = await phonePage(browser, {
    network: true,
    desktop,
    ...options,
    before: [ONLY_AT, [at.x, at.y]],
  });
  let opened = false;
  await page.exposeFunction("__benchOpened", () => (opened = true));
  const press = desktop ? () => page.mouse.click(at.x, at.y) : () => page.touchscreen.tap(at.x, at.y);
  const pressUntilOpen = async (left = () => false) => {
    const deadline = Date.now() + 30_000;
    while (!opened && !left() && Date.now() < deadline) {
      await press();
      await page.waitForTimeout(50);
    }
    return opened;
  };
  const presses = async () => {
    const m = await page.evaluate(() => window.__bench);
    return {
      m,
      worked: m.opened === null ? undefined : m.taps.filter((t) => t <= m.opened).at(-1),
      firstPainted: m.taps.find((t) => t >= m.fcp && t <= m.opened) ?? m.fcp,
    };
  };
  return { context, page, pressUntilOpen, presses };
}

/** A phone's page for `url` whose menu button is tapped from the start of the load (`pressingPage`). */
const menuTapPage = async (browser, url, options = {}) =>
  pressingPage(browser, url, { ...options, at: await menuButtonAt(browser, url) });

/**
 * One throttled load of `url`: the first paint, when a tap on the menu works, layout shift (the largest paint is
 * the quiet load's: a browser stops looking for it at the first input). A person taps the menu button
 * as soon as it shows, and again until it answers: the taps come every 50 ms from the start of the load, at the
 * button's place, so the measurement waits on nothing in the page; the menu's opening is reported from the page.
 * The budget is the wait of the first tap on the painted button (a tap from the first paint on): the time from the
 * first paint alone would count the bench's own 50 ms between taps.
 */
export async function visit(browser, url) {
  const { context, page, pressUntilOpen, presses } = await menuTapPage(browser, url);
  try {
    await page.goto(url, { waitUntil: "commit" });
    await pressUntilOpen();
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_000);
    const { m, worked, firstPainted } = await presses();
    return {
      fcpMs: Math.round(m.fcp),
      tapMs: worked === undefined ? null : Math.round(worked),
      // the menu on screen, after the first paint that showed its button (0: it answered a tap before that paint)
      tapAfterPaintMs: m.opened === null ? null : Math.max(0, Math.round(m.opened - m.fcp)),
      // how long a person who tapped the painted button waited for the menu: from that first tap to the menu
      tapAnsweredMs: m.opened === null ? null : Math.max(0, Math.round(m.opened - firstPainted)),
      taps: m.taps.length,
      hydratedMs: m.hydrated === null ? null : Math.round(m.hydrated),
      cls: Math.round(m.cls * 1000) / 1000,
    };
  } finally {
    await context.close();
  }
}

/**
 * One throttled load of `url` that nobody touches, until it is quiet: at least 5 s after navigation (the consent
 * banner comes once the page is idle), 3 s after the last long task and 2 s after the last response, at most 20 s.
 * Every long task from navigation on (start and length, ms) but the navigation's commit, which is reported apart; the
 * longest; and when the network went quiet.
 * `warm`: the page's second load in the same browser and tab, 3 s after the first, its HTTP cache and the code V8
 * compiled and cached on the first kept: a visitor coming back within the visit, not a first visit.
 */
export async function quietLoad(browser, url, { warm = false } = {}) {
  const { context, page } = await phonePage(browser, { network: true, cache: warm });
  try {
    if (warm) {
      await page.goto(url, { waitUntil: "load", timeout: 60_000 });
      await page.waitForTimeout(3_000);
    }
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const state = () =>
      page.evaluate(() => {
        const ends = performance.getEntriesByType("resource").map((r) => r.responseEnd);
        const last = window.__bench.longTasks.at(-1);
        return {
          now: performance.now(),
          networkQuietAt: Math.max(performance.getEntriesByType("navigation")[0]?.responseEnd ?? 0, ...ends),
          mainQuietAt: last ? last[0] + last[1] : 0,
        };
      });
    for (let s = await state(); s.now < 20_000; s = await state()) {
      if (s.now >= 5_000 && s.now - s.mainQuietAt >= 3_000 && s.now - s.networkQuietAt >= 2_000) break;
      await page.waitForTimeout(250);
    }
    const { networkQuietAt } = await state();
    const m = await page.evaluate(() => window.__bench);
    // the navigation's commit is the browser's task, before the page has any content (Chromium 150 reports it to an
    // observer made within it; docs/performance.md): kept apart from the page's own tasks, which the budget judges
    const isCommit = ([start, duration]) => start <= m.created && m.created <= start + duration;
    const longTasks = m.longTasks.filter((task) => !isCommit(task));
    return {
      fcpMs: Math.round(m.fcp),
      lcpMs: Math.round(m.lcp),
      commitMs: m.longTasks.find(isCommit)?.[1] ?? 0,
      longTasks,
      longestTaskMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
      networkQuietMs: Math.round(networkQuietAt),
      hydratedMs: m.hydrated === null ? null : Math.round(m.hydrated),
      cls: Math.round(m.cls * 1000) / 1000,
    };
  } finally {
    await context.close();
  }
}

/**
 * One throttled load at 1440 px, clicking the header's "Contact Us" at its place every 50 ms from the start of the
 * load, until the contact modal is open (reported from the page, as the phone menu's taps are: the clicks wait on no
 * question to the page, which a busy main thread would answer late): when the click that worked came, and when React
 * had hydrated the page.
 */
export async function contactBeforeHydration(browser, url) {
  const at = await contactAt(browser, url);
  const { context, page, pressUntilOpen, presses } = await pressingPage(browser, url, { at, desktop: true });
  try {
    await page.goto(url, { waitUntil: "commit" });
    // a build whose control is a plain link leaves for /contact when clicked before hydration: that is no modal
    const left = () => new URL(page.url()).pathname !== new URL(url).pathname;
    await pressUntilOpen(left);
    if (left()) return { fcpMs: null, openedMs: null, hydratedMs: null, beforeHydration: false, left: true };
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    const { m, worked } = await presses();
    const isContact = await page.evaluate(() =>
      Boolean(document.querySelector("dialog[open]")?.textContent?.includes("your project")),
    );
    const clicked = isContact ? worked : undefined;
    return {
      fcpMs: Math.round(m.fcp),
      openedMs: clicked === undefined ? null : Math.round(clicked),
      hydratedMs: m.hydrated === null ? null : Math.round(m.hydrated),
      beforeHydration: clicked !== undefined && m.hydrated !== null && m.opened < m.hydrated,
    };
  } finally {
    await context.close();
  }
}

/** The interactions measured, each on a freshly loaded, quiet page at 4× CPU. */
export const INTERACTIONS = [
  {
    name: "open the mobile menu",
    path: "/",
    act: (page) => page.getByRole("button", { name: "Open menu", exact: true }).tap(),
    shown: (page) => page.getByRole("dialog", { name: "Menu" }).waitFor(),
  },
  {
    name: "open the contact modal",
    path: "/services/agentforce",
    prepare: async (page) => {
      const button = contactControl(page);
      await button.scrollIntoViewIfNeeded();
      return button;
    },
    act: (page, button) => button.tap(),
    shown: (page) => page.getByRole("dialog", { name: "Tell us about your project" }).waitFor(),
  },
  {
    name: "open the country list",
    path: "/services/agentforce",
    prepare: async (page) => {
      const button = contactControl(page);
      await button.scrollIntoViewIfNeeded();
      // opened by script, an event the page's INP does not count: the tap on the list is the page's one interaction
      await button.evaluate((control) => control.click());
      const combobox = page.getByRole("dialog").getByRole("combobox", { name: "Country code" });
      await combobox.waitFor();
      await page.waitForTimeout(1_000);
      return combobox;
    },
    act: (page, combobox) => combobox.tap(),
    shown: (page) => page.getByRole("dialog").getByRole("listbox").waitFor(),
  },
  {
    name: "send the newsletter form with a bad address",
    path: "/pricing",
    prepare: async (page) => {
      const form = page.getByRole("form", { name: "Newsletter" });
      await form.scrollIntoViewIfNeeded();
      await form.getByLabel("Email address").fill("not-an-address");
      await page.waitForTimeout(500);
      return form.getByRole("button", { name: "Subscribe" });
    },
    act: (page, button) => button.tap(),
    shown: (page) => page.getByRole("form", { name: "Newsletter" }).getByText("Invalid email address").waitFor(),
  },
];

/** The last "Contact Us" in the page's main content: a button that opens the modal, or the link to /contact. */
function contactControl(page) {
  const main = page.getByRole("main");
  return main
    .getByRole("button", { name: "Contact Us", exact: true })
    .or(main.getByRole("link", { name: "Contact Us", exact: true }))
    .last();
}

/** One interaction on a loaded page: its input to next paint (web-vitals' INP), and until its result is painted. */
export async function interact(browser, origin, interaction) {
  const { context, page } = await phonePage(browser, { network: false });
  try {
    await page.goto(`${origin}${interaction.path}`, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(1_500);
    const target = await interaction.prepare?.(page);
    const started = await page.evaluate(() => performance.now());
    await interaction.act(page, target);
    await interaction.shown(page);
    const shownAt = await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))),
    );
    await page.waitForTimeout(300);
    const inp = await page.evaluate(() => window.__bench.inp);
    return {
      inputToPaintMs: inp?.value ?? null,
      untilShownMs: Math.round(shownAt - Math.min(started, inp?.start ?? started)),
    };
  } finally {
    await context.close();
  }
}

export const median = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
