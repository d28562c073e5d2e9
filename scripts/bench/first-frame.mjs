// Where a cold load's first frames spend the main thread, from Chromium's trace: the layouts before and after the
// first contentful paint, the synchronous round trips they make to the browser's font service (Linux: one per font
// face and size, "strike", and one per character no font of the stack has), and the tasks after that paint over
// 12.5 ms, which Lighthouse's simulation (every task × 4) counts as blocking, and the whole load's main-thread work by
// kind (tasks, script, parsing, style, layout). Each load is a first visit (a Chromium of its own, fresh profile) on
// the bench's phone profile (visitor.mjs), with the CPU unthrottled (--cpu N to slow it) so that what is waited for
// shows as itself. A diagnostic beside npm run bench, with no budget
// (docs/performance.md, "The first frames, traced").
// Usage: node scripts/bench/first-frame.mjs [--loads N] [--cpu N] URL...  (a build served, e.g. npm run serve)
import { readFileSync } from "fs";
import { parseArgs } from "util";
import { cold, median, phonePage } from "./visitor.mjs";

const { values: options, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: { loads: { type: "string", default: "5" }, cpu: { type: "string", default: "1" } },
});
const chromium = JSON.parse(readFileSync(new URL("../chromium.json", import.meta.url), "utf8"));
const chromePath = process.env.CHROME_PATH || chromium.executablePath;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "fonts"];
const STRIKE = "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike";
const FALLBACK = "WebSandboxSupportLinux::GetFallbackFontForCharacter";

async function load(browser, url) {
  const { context, page } = await phonePage(browser, { network: true, cpu: Number(options.cpu) });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForTimeout(3_000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
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
  const work = Object.keys(loads[0].work)
    .map((kind) => `${kind} ${median(loads.map((l) => l.work[kind])).toFixed(0)} ms`)
    .join(", ");
  console.log(`  median of the main thread's work in the load: ${work}`);
  const waited = loads.map((l) => l.strikes[0].ms + l.strikes[1].ms + l.fallbacks[0].ms + l.fallbacks[1].ms);
  const [low, middle, high] = [Math.min(...waited), median(waited), Math.max(...waited)].map((v) => v.toFixed(0));
  console.log(`  median: font service waits ${middle} ms (range ${low}–${high})`);
}
