// Where a cold load's first frames spend the main thread, from Chromium's trace: the layouts before and after the
// first contentful paint, the synchronous round trips they make to the browser's font service (Linux: one per font
// face and size, "strike", and one per character no font of the stack has), and the tasks after that paint over
// 12.5 ms, which Lighthouse's simulation (every task × 4) counts as blocking, and the whole load's main-thread work by
// kind (tasks, script, parsing, style, layout). Each load is a first visit (a Chromium of its own, fresh profile) on
// the bench's phone profile (visitor.mjs), with the CPU unthrottled (--cpu N to slow it) so that what is waited for
// shows as itself. A diagnostic beside npm run bench, with no budget
// (docs/performance.md, "The first frames, traced"). With --tap, the phone menu's button is tapped from the first paint
// on, as npm run bench's visitor taps it, and each load also lists what the first tap on the painted button waited for:
// the main thread's tasks from that tap until the menu opened, by kind, with the font data they made.
// Usage: node scripts/bench/first-frame.mjs [--loads N] [--cpu N] [--tap] URL...  (a build served, e.g. npm run serve)
import { readFileSync } from "fs";
import { parseArgs } from "util";
import { cold, median, menuTapPage, phonePage } from "./visitor.mjs";

const { values: options, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    loads: { type: "string", default: "5" },
    cpu: { type: "string", default: "1" },
    tap: { type: "boolean", default: false },
  },
});
const chromium = JSON.parse(readFileSync(new URL("../chromium.json", import.meta.url), "utf8"));
const chromePath = process.env.CHROME_PATH || chromium.executablePath;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "fonts"];
const STRIKE = "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike";
const FALLBACK = "WebSandboxSupportLinux::GetFallbackFontForCharacter";
const FONT_DATA = "FontCache::GetFontPlatformData";

async function load(browser, url) {
  const profile = { network: true, cpu: Number(options.cpu) };
  const tapping = options.tap ? await menuTapPage(browser, url, profile) : undefined;
  const { context, page } = tapping ?? (await phonePage(browser, profile));
  await browser.startTracing(page, { categories: CATEGORIES });
  if (tapping) {
    await page.goto(url, { waitUntil: "commit" });
    await tapping.pressUntilOpen();
    await page.waitForLoadState("load", { timeout: 60_000 });
  } else await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForTimeout(3_000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const tap = await tapping?.presses();
  await context.close();

  const main = new Set(
    traceEvents
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => main.has(`${e.pid}:${e.tid}`);
  const start = traceEvents.find(
    (e) => e.name === "navigationStart" && onMain(e) && e.args?.data?.documentLoaderURL?.startsWith("http"),
  ).ts;
  const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint" && onMain(e) && e.ts > start).ts;
  const slices = traceEvents.filter((e) => e.ph === "X" && onMain(e) && e.ts > start);
  const sum = (name, before) => {
    const found = slices.filter((e) => e.name === name && e.ts < fcp === before);
    return { count: found.length, ms: found.reduce((ms, e) => ms + e.dur / 1000, 0) };
  };
  const total = (...names) => slices.filter((e) => names.includes(e.name)).reduce((ms, e) => ms + e.dur / 1000, 0);
  const tasks = slices.filter((e) => e.name === "RunTask");
  return {
    fcp: (fcp - start) / 1000,
    // the whole load's main thread, by kind: what fewer elements or less script would save
    work: {
      tasks: total("RunTask"),
      script: total("EvaluateScript", "FunctionCall"),
      parse: total("ParseHTML"),
      style: total("UpdateLayoutTree"),
      layout: total("Layout"),
      longest: Math.max(0, ...tasks.map((e) => e.dur / 1000)),
    },
    layout: [sum("Layout", true), sum("Layout", false)],
    strikes: [sum(STRIKE, true), sum(STRIKE, false)],
    fallbacks: [sum(FALLBACK, true), sum(FALLBACK, false)],
    tasksAfterPaint: tasks.filter((e) => e.ts + e.dur > fcp && e.dur > 12_500).map((e) => Math.round(e.dur / 1000)),
    tap: tap && tapWait(tap, tasks, slices, start),
  };
}

/**
 * What the first tap on the painted button waited for: the tasks that ran from it until the menu opened (the page's
 * times are from its time origin, the trace's navigationStart), each with its style, layout and parsing, the font data
 * they made (each face and size's first use) and the tap's own events.
 */
function tapWait({ m, firstPainted }, tasks, slices, start) {
  if (m.opened === null) return null;
  const [from, to] = [start + firstPainted * 1000, start + m.opened * 1000];
  const within = (task) => (e) => e.ts >= task.ts && e.ts < task.ts + task.dur;
  const ms = (found) => found.reduce((sum, e) => sum + e.dur / 1000, 0);
  return {
    tapMs: firstPainted,
    waitedMs: m.opened - firstPainted,
    tasks: tasks
      .filter((t) => t.ts + t.dur > from && t.ts < to && t.dur > 4_000)
      .map((t) => {
        const inside = slices.filter(within(t));
        const of = (name) => ms(inside.filter((e) => e.name === name));
        const fontData = inside.filter((e) => e.name === FONT_DATA);
        return {
          ms: t.dur / 1000,
          style: of("UpdateLayoutTree"),
          layout: of("Layout"),
          parse: of("ParseHTML"),
          script: of("EvaluateScript") + of("FunctionCall"),
          fontData: { count: fontData.length, ms: ms(fontData) },
          input: inside.some((e) => e.name === "EventDispatch" && e.args?.data?.type === "click"),
        };
      }),
  };
}

const pair = ([before, after], ms = true) =>
  ms
    ? `${before.count} / ${before.ms.toFixed(0)} ms | ${after.count} / ${after.ms.toFixed(0)} ms`
    : `${before.count} | ${after.count}`;
for (const url of urls) {
  const loads = [];
  for (let i = 0; i < Number(options.loads); i++)
    loads.push(await cold(chromePath, chromium.args, (browser) => load(browser, url)));
  console.log(`${url} (CPU ×${options.cpu}; before | after the first contentful paint)`);
  for (const l of loads) {
    const after = l.tasksAfterPaint.join(", ") || "none";
    console.log(
      `  FCP ${l.fcp.toFixed(0)} ms · layouts ${pair(l.layout)} · font strikes ${pair(l.strikes)} · ` +
        `fallback lookups ${pair(l.fallbacks, false)} · tasks over 12.5 ms after: ${after}`,
    );
  }
  if (options.tap) {
    console.log("  the first tap on the painted button, and the tasks until the menu opened:");
    for (const { tap } of loads) {
      if (!tap) {
        console.log("    the menu never opened");
        continue;
      }
      const tasks = tap.tasks.map(
        (t) =>
          `${t.ms.toFixed(0)} ms (${t.input ? "the tap's events, " : ""}style ${t.style.toFixed(0)}, layout ` +
          `${t.layout.toFixed(0)}, parse ${t.parse.toFixed(0)}, script ${t.script.toFixed(0)}; font data ` +
          `${t.fontData.count} / ${t.fontData.ms.toFixed(0)} ms)`,
      );
      console.log(`    at ${tap.tapMs.toFixed(0)} ms, waited ${tap.waitedMs.toFixed(0)} ms: ${tasks.join(" · ")}`);
    }
  }
  const work = Object.keys(loads[0].work)
    .map((kind) => `${kind} ${median(loads.map((l) => l.work[kind])).toFixed(0)} ms`)
    .join(", ");
  console.log(`  median of the main thread's work in the load: ${work}`);
  const waited = loads.map((l) => l.strikes[0].ms + l.strikes[1].ms + l.fallbacks[0].ms + l.fallbacks[1].ms);
  const [low, middle, high] = [Math.min(...waited), median(waited), Math.max(...waited)].map((v) => v.toFixed(0));
  console.log(`  median: font service waits ${middle} ms (range ${low}–${high})`);
}
