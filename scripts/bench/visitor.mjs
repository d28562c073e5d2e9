/* global window, document, PerformanceObserver, MutationObserver, addEventListener, requestAnimationFrame */
// What a visitor on a phone feels, measured in Debian's Chromium over the DevTools protocol (npm run bench):
// - loads with applied throttling (slow 4G: 150 ms round trips, 1.6 Mbps down, 750 kbps up; 4× CPU), 390 px:
//   first contentful paint, largest contentful paint, the time until a tap works (the first tap on the mobile
//   menu button that opens the menu; taps from the first paint on, every 50 ms), and layout shift;
// - the main interactions at 4× CPU on a loaded page: the time from the input to the next paint (Event Timing's
//   duration, as INP counts it) and until what the visitor asked for is on screen.
import { chromium } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
export const CPU_SLOWDOWN = 4;
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

// In every page: paints, the largest paint, layout shifts, each tap's time, event timing entries, hydration.
const OBSERVE = () => {
  const m = (window.__bench = { fcp: null, lcp: null, cls: 0, taps: [], events: [], hydrated: null, opened: null });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      if (e.interactionId)
        m.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("click", (e) => m.taps.push(e.timeStamp), { capture: true });
  new MutationObserver(() => {
    if (m.hydrated === null && document.documentElement.hasAttribute("data-hydrated")) m.hydrated = performance.now();
    if (m.opened === null && document.querySelector("dialog[open]")) m.opened = performance.now();
  }).observe(document, { attributes: true, subtree: true });
};

export async function launch(executablePath, args) {
  return chromium.launch({ executablePath, args });
}

async function phonePage(browser, { network }) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_UA,
  });
  // third parties cannot be reached here; they are left out, as Lighthouse's runs leave them out
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.addInitScript(OBSERVE);
  return { context, page };
}

const menuOpen = (page) => page.evaluate(() => Boolean(document.querySelector("dialog[open]")));

/** One throttled load of `url`: paints, the first tap that works, layout shift. */
export async function visit(browser, url) {
  const { context, page } = await phonePage(browser, { network: true });
  try {
    await page.goto(url, { waitUntil: "commit" });
    // by its name: the header has other buttons that open a dialog (search comes first)
    const opener = page.getByRole("button", { name: "Open menu", exact: true });
    await page.waitForFunction(() => window.__bench?.fcp !== null, null, { timeout: 30_000, polling: 20 });
    const box = await opener.boundingBox();
    const deadline = Date.now() + 30_000;
    // a person taps the menu button as soon as it is on screen, and again until it answers
    while (!(await menuOpen(page)) && Date.now() < deadline) {
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_000);
    const m = await page.evaluate(() => window.__bench);
    // the tap that worked is the last one before the menu opened
    const worked = m.opened === null ? undefined : m.taps.filter((t) => t <= m.opened).at(-1);
    return {
      fcpMs: Math.round(m.fcp),
      lcpMs: Math.round(m.lcp),
      tapMs: worked === undefined ? null : Math.round(worked),
      taps: m.taps.length,
      hydratedMs: m.hydrated === null ? null : Math.round(m.hydrated),
      cls: Math.round(m.cls * 1000) / 1000,
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
    shown: (page) => page.locator("dialog[open]").waitFor(),
  },
  {
    name: "open the contact modal",
    path: "/services/agentforce",
    prepare: async (page) => {
      const button = page.getByRole("main").getByRole("button", { name: "Contact Us" }).last();
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
      const button = page.getByRole("main").getByRole("button", { name: "Contact Us" }).last();
      await button.scrollIntoViewIfNeeded();
      await button.tap();
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

/** One interaction on a loaded page: input to next paint, and until its result is painted. */
export async function interact(browser, origin, interaction) {
  const { context, page } = await phonePage(browser, { network: false });
  try {
    await page.goto(`${origin}${interaction.path}`, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(1_500);
    const target = await interaction.prepare?.(page);
    const before = await page.evaluate(() => window.__bench.events.length);
    const started = await page.evaluate(() => performance.now());
    await interaction.act(page, target);
    await interaction.shown(page);
    const shownAt = await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))),
    );
    await page.waitForTimeout(300);
    const events = (await page.evaluate(() => window.__bench.events)).slice(before);
    const last = events.at(-1)?.id;
    const entries = events.filter((e) => e.id === last);
    return {
      inputToPaintMs: entries.length ? Math.max(...entries.map((e) => e.duration)) : null,
      untilShownMs: Math.round(shownAt - Math.min(started, ...entries.map((e) => e.start))),
    };
  } finally {
    await context.close();
  }
}

export const median = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
