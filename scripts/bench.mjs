// `npm run bench`: what a visitor on a phone feels, Lighthouse beside it, what the first-load JavaScript buys, the
// form endpoint under load, and what growth costs the build.
// 1. a cold production build, timed, with its peak memory;
// 2. with applied throttling (slow 4G, 4× CPU, 390 px), three loads of each benchmark page: first contentful paint,
//    the time until a tap works, layout shift (scripts/bench/visitor.mjs: web-vitals in the page, and the bench's own
//    probes); three more left alone until quiet: the largest paint and every long task of the main thread from
//    navigation on, the browser's commit of the navigation apart (then the same warm, beside them: the page's second
//    load in the same browser, its cache kept); and at 1440 px, whether the header's "Contact Us" opens the contact
//    modal before React has hydrated the page;
// 3. at 4× CPU, the main interactions: input to next paint, and until the result is on screen;
// 4. Lighthouse through Lighthouse CI, three runs per page and mode: mobile simulated, mobile applied, desktop; its
//    budgets judged by `lhci assert` (scripts/bench/lighthouse.mjs);
// 5. the first-load JavaScript of each page, traced to its sources (scripts/bench/js-breakdown.mjs);
// 6. the form endpoint under load (`npm run load`'s steady run, within load's own bounds of count and time), every
//    submission answered 200 stored exactly once, on the embedded store and on a PostgreSQL server (TEST_DATABASE_URL,
//    or a throwaway one when Debian's postgresql is installed);
// 7. cold builds with 500 and 5,000 generated extra posts, in a temporary copy (never committed).
// Every load and every Lighthouse run is a first visit, as Lighthouse's CLI makes it: a Chromium of its own with a
// fresh, temporary profile, removed afterwards (no warm renderer, cache or compiled code from an earlier load); the
// tables say "cold", and the one warm table says "warm". --peer DIR builds and serves another site's static build
// (AstroWind is the one to beat) and measures it between ours, load for load, so its rows come from the same minutes.
// Both sides are served behind the same local CDN (src/server/edge-cache.ts), which has served each side's pages and
// files once before any measurement, as a campaign page's CDN has (warmUp).
// Then the budgets, met or not, judged on the cold loads. Writes everything of a run in bench/runs/<date>/ (not
// committed: its tables, its raw measurements, Lighthouse CI's folders and reports) and, for a full run, the summary
// in bench/results.md. Its options: USAGE below.
import { execSync, spawn } from "child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import net from "net";
import os from "os";
import path from "path";
import { commandLine } from "./command-line.mjs";
import { growthProject, measured } from "./bench/builds.mjs";
import { breakdown } from "./bench/js-breakdown.mjs";
import { budgetRows, collectOnce, judge, lighthouserc, MODES, prepare, summary } from "./bench/lighthouse.mjs";
import {
  cold,
  contactAt,
  contactBeforeHydration,
  CPU_SLOWDOWN,
  INTERACTIONS,
  interact,
  median,
  menuButtonAt,
  quietLoad,
  SLOW_4G,
  visit,
} from "./bench/visitor.mjs";

const USAGE = `Usage: npm run bench -- [options]
  --compare DIR       a checkout of a previous commit, built: every browser measurement runs on both builds,
                      interleaved
  --runs N            Lighthouse runs per page and mode (default 3)
  --loads N           visitor loads per page and interaction (default 3)
  --no-build          measure the build in public/ as it is
  --peer DIR          another site to beat (AstroWind): its static build, DIR/dist/ (built there first with npm ci ||
                      npm install and npm run build when DIR has no dist/index.html) or DIR itself when built,
                      served on the next free port and measured between ours, load for load: its rows in the
                      quiet-load and Lighthouse tables (the other visitor measurements act on this site's own
                      controls and are ours only)
  --peer-pages P,P    the peer's pages for ours, in order (default: /, for our first page only)
  --port N            the port of this build's server (default 9251, clear of the browser tests' 9123–9166, so the
                      bench can run beside npm test; --compare's is the next one)
Every load and Lighthouse run is cold: a Chromium of its own with a fresh, temporary profile (a first visit); the
quiet loads are then measured warm too (a second load in the same browser), labelled, with no budget.
For a quick look at one thing (bench/results.md left alone):
  --pages P,P         these pages only, e.g. /contact,/blogs (default: scripts/bench-pages.json)
  --skip-visitor, --skip-lighthouse, --skip-endpoint, --skip-growth
                      leave that part out
  --growth N,N        the growth builds' numbers of extra posts (default 500,5000)`;
const { values: options } = commandLine(USAGE, {
  options: {
    compare: { type: "string" },
    runs: { type: "string", default: "3" },
    loads: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "9251" },
    peer: { type: "string" },
    "peer-pages": { type: "string", default: "/" },
    pages: { type: "string" },
    growth: { type: "string" },
    "skip-visitor": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-endpoint": { type: "boolean", default: false },
    "skip-growth": { type: "boolean", default: false },
  },
});
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const has = (name) => options[name] === true;
const runs = Number(options.runs);
const loads = Number(options.loads);
const port = Number(options.port);
const compareDir = options.compare && path.resolve(options.compare);
const pagesOption = options.pages?.split(",");
const growthOption = options.growth;
const partial = Boolean(
  pagesOption || growthOption || ["skip-visitor", "skip-lighthouse", "skip-endpoint", "skip-growth"].some(has),
);
const readJson = (name) => JSON.parse(readFileSync(path.join(root, "scripts", name), "utf8"));
const chromium = readJson("chromium.json");
const chromePath = process.env.CHROME_PATH || chromium.executablePath;
// the pages measured, also held to the JavaScript budget by __tests__/e2e/performance.spec.ts
const pages = pagesOption ?? readJson("bench-pages.json");
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
// what a phone may feel (docs/performance.md): the longest main-thread task, Lighthouse's Total Blocking Time in both
// mobile modes and Time to Interactive with applied throttling, a tap on the painted menu button answered, the largest
// paint (the landed build's, 1.11–1.15 s, is not to get later), input to next paint, first-load JavaScript (gzip)
const BUDGETS = {
  longTaskMs: 50,
  tbtMs: 50,
  ttiMs: 2_500,
  tapAnsweredMs: 100,
  lcpMs: 1_150,
  inputToPaintMs: 100,
  jsKB: 100,
};
// the Lighthouse budgets as `lhci assert` judges them, by mode: a score of 100 in every run, and the median of the
// runs' Total Blocking Time, (applied) Time to Interactive and layout shift (0 as the tables show it, to three decimals)
const score100 = ["error", { minScore: 1, aggregationMethod: "pessimistic" }];
const atMost = (value) => ["error", { maxNumericValue: value, aggregationMethod: "median" }];
const noShift = { "cumulative-layout-shift": atMost(0.0004) };
const LIGHTHOUSE_BUDGETS = {
  "mobile (simulated)": {
    "categories:performance": score100,
    "total-blocking-time": atMost(BUDGETS.tbtMs),
    ...noShift,
  },
  "mobile (applied)": {
    "categories:performance": score100,
    "total-blocking-time": atMost(BUDGETS.tbtMs),
    interactive: atMost(BUDGETS.ttiMs),
    ...noShift,
  },
  desktop: noShift,
};

const revisionOf = (dir) => {
  try {
    return execSync("git log -1 --format=%h", { cwd: dir, encoding: "utf8" }).trim();
  } catch {
    return "?";
  }
};

/** The first port from `from` on that nobody listens on. */
async function freePort(from) {
  for (let p = from; ; p++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(p, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return p;
  }
}

/** The peer's static build, built first when DIR holds its source. */
function peerBuild(dir) {
  if (existsSync(path.join(dir, "dist", "index.html"))) return path.join(dir, "dist");
  // a built output itself (a dist/ given as DIR)
  if (["index.html", "404.html"].some((name) => existsSync(path.join(dir, name)))) return dir;
  const refuse = (why) => {
    console.error(`--peer ${dir}: ${why}`);
    process.exit(1);
  };
  const pkg = existsSync(path.join(dir, "package.json")) && JSON.parse(readFileSync(path.join(dir, "package.json")));
  if (!pkg?.scripts?.build) refuse("neither a built site (dist/index.html) nor a package.json with a build script");
  // offline, a build that fetches remote pictures or Fontsource fonts gets them offline (scripts/bench/offline-fetch.mjs)
  const offline = `--import ${path.join(root, "scripts/bench/offline-fetch.mjs")}`;
  const run = (command, env = process.env) => {
    console.log(`--peer: ${command} in ${dir}…`);
    try {
      execSync(command, { cwd: dir, stdio: "inherit", env });
    } catch {
      refuse(`${command} failed (its output is above)`);
    }
  };
  if (!existsSync(path.join(dir, "node_modules"))) run("npm ci || npm install");
  run("npm run build", { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${offline}`.trim() });
  if (!existsSync(path.join(dir, "dist", "index.html"))) refuse("the build left no dist/index.html");
  return path.join(dir, "dist");
}

const peerDir = options.peer && path.resolve(options.peer);
const peerPages = options["peer-pages"].split(",");

/** The builds measured: this checkout's, the one to compare with, and the peer's. */
const sides = [
  { name: "this", label: `this build (${revisionOf(root)})`, dir: root, port },
  ...(compareDir
    ? [{ name: "compare", label: `--compare (${revisionOf(compareDir)})`, dir: compareDir, port: port + 1 }]
    : []),
  ...(peerDir
    ? [
        {
          name: "peer",
          label: `--peer ${path.basename(peerDir.replace(/\/dist$/, ""))} (${revisionOf(peerDir)})`,
          dir: peerBuild(peerDir),
          port: await freePort(port + (compareDir ? 2 : 1)),
          peer: true,
        },
      ]
    : []),
];
const ours = sides.filter((side) => !side.peer);
/** The path of `page` (one of ours) on `side`: the peer's is its --peer-pages entry in the same place, if any. */
const pathOn = (side, page) => (side.peer ? (peerPages[pages.indexOf(page)] ?? null) : page);
const onPage = (page) => sides.filter((side) => pathOn(side, page) !== null);
const pageLabel = (side, page) =>
  side.peer && pathOn(side, page) !== page ? `${page} (peer: ${pathOn(side, page)})` : page;
const origin = (side) => `http://127.0.0.1:${side.port}`;

async function startServer(side) {
  if (side.peer) {
    const server = spawn(
      "node",
      [
        "--import",
        "tsx",
        path.join(root, "scripts/bench/static-server.mjs"),
        "--port",
        String(side.port),
        "--root",
        side.dir,
      ],
      { stdio: "ignore" },
    );
    for (let i = 0; i < 600; i++) {
      try {
        // any answer: a partial build may have no page at /
        await fetch(`${origin(side)}/`);
        return { stop: () => server.kill() };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    server.kill();
    throw new Error(`the server of ${side.label} did not start`);
  }
  const store = mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-store-"));
  const server = spawn(
    "node",
    ["--import", "tsx", path.join(root, "scripts/serve.mjs"), "--port", String(side.port), "--root", side.dir],
    { cwd: root, env: { ...env, LEADS_STORE_DIR: store }, stdio: "ignore" },
  );
  // up to three minutes: on a busy machine (load average 30), compiling the server (tsx) alone took over a minute
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(`${origin(side)}/`)).ok)
        return { stop: () => (server.kill(), rmSync(store, { recursive: true, force: true })) };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  server.kill();
  rmSync(store, { recursive: true, force: true });
  throw new Error(`the server of ${side.label} did not start`);
}

/** Each measurement on every side given, in turn, the order alternating between rounds. */
async function interleaved(rounds, measure, on = sides) {
  const samples = new Map(on.map((s) => [s.name, []]));
  for (let i = 0; i < rounds; i++)
    for (const side of i % 2 ? [...on].reverse() : on) samples.get(side.name).push(await measure(side, i));
  return samples;
}
/** A measurement in a Chromium of its own, with a fresh profile (scripts/bench/visitor.mjs). */
const coldly = (measure) => cold(chromePath, chromium.args, measure);

const date = new Date().toISOString();
// everything of this run: its tables, its measurements, Lighthouse CI's folders (not committed)
const runDir = path.join(root, "bench", "runs", date.replace(/[:.]/g, "-"));
mkdirSync(runDir, { recursive: true });
const report = {
  date,
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  sides: sides.map(({ name, label }) => ({ name, label })),
  throttling: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN },
  // every load and Lighthouse run in a Chromium of its own with a fresh profile: a first visit
  visits: "cold",
  builds: {},
  visitor: [],
  quiet: [],
  quietWarm: [],
  contact: [],
  interactions: [],
  lighthouse: [],
  lighthouseBudgets: [],
  js: [],
  endpoint: [],
};

if (!has("no-build")) {
  console.log("cold build of the site…");
  report.builds.site = await measured("npm", ["run", "build"], { cwd: root, env });
  console.log(`  ${report.builds.site.seconds} s, peak ${report.builds.site.peakMB} MB`);
}

// a server that does not start stops those that did: none is left behind
const started = has("skip-visitor") && has("skip-lighthouse") ? [] : await Promise.allSettled(sides.map(startServer));
const servers = started.filter((r) => r.status === "fulfilled").map((r) => r.value);
const notStarted = started.find((r) => r.status === "rejected");
if (notStarted) {
  servers.forEach((s) => s.stop());
  throw notStarted.reason;
}
/**
 * Each side's CDN (src/server/edge-cache.ts) has served the pages before, as a campaign page's has: each benchmark
 * page loaded once, unthrottled, until its network is idle, and every script and stylesheet of the build asked for
 * once, so that no measured load waits for a file's first compression. No measured browser has seen any of it.
 */
async function warmUp(side) {
  const build = side.peer ? side.dir : path.join(side.dir, "public");
  const files = readdirSync(build, { recursive: true, encoding: "utf8" }).filter((f) => /\.(js|css)$/.test(f));
  for (const file of files)
    await fetch(`${origin(side)}/${file}`, { headers: { "accept-encoding": "br, gzip" } }).then((r) => r.arrayBuffer());
  for (const page of pages) {
    const at = pathOn(side, page);
    if (at === null) continue;
    await coldly(async (browser) => {
      const tab = await browser.newPage();
      await tab.goto(`${origin(side)}${at}`, { waitUntil: "networkidle", timeout: 60_000 });
      await tab.waitForTimeout(2_000);
    });
  }
}
for (const side of servers.length ? sides : []) await warmUp(side);

/** One side's row of a page: its samples, and the median of each of `keys` over them. */
function medianRow(side, page, samples, keys) {
  const s = samples.get(side.name);
  const row = { side: side.name, page, samples: s };
  for (const key of keys) row[key] = median(s.map((x) => x[key]));
  return row;
}

try {
  if (!has("skip-visitor")) {
    // where the phone menu's button and the header's Contact Us are, from loads of their own: the measured loads stay
    // first visits
    for (const side of ours)
      for (const page of pages)
        await coldly(async (browser) => {
          await menuButtonAt(browser, `${origin(side)}${page}`);
          await contactAt(browser, `${origin(side)}${page}`);
        });
    for (const page of pages) {
      const samples = await interleaved(
        loads,
        (side) => coldly((browser) => visit(browser, `${origin(side)}${page}`)),
        ours,
      );
      for (const side of ours) {
        const row = medianRow(side, page, samples, [
          "fcpMs",
          "tapMs",
          "tapAfterPaintMs",
          "tapAnsweredMs",
          "hydratedMs",
          "cls",
        ]);
        report.visitor.push(row);
        console.log(
          `visitor ${side.name} ${page}: FCP ${row.fcpMs}, tap works ${row.tapMs} ms (${row.tapAfterPaintMs} after FCP, ${row.tapAnsweredMs} after the first tap on the painted button), CLS ${row.cls}`,
        );
      }
    }
    // cold (a first visit: the budgets) and then warm (the second load in the same browser), side by side
    for (const [warm, rows] of [
      [false, report.quiet],
      [true, report.quietWarm],
    ])
      for (const page of pages) {
        const samples = await interleaved(
          loads,
          (side) => coldly((browser) => quietLoad(browser, `${origin(side)}${pathOn(side, page)}`, { warm })),
          onPage(page),
        );
        for (const side of onPage(page)) {
          const row = medianRow(side, pageLabel(side, page), samples, [
            "lcpMs",
            "commitMs",
            "longestTaskMs",
            "networkQuietMs",
            "hydratedMs",
            "cls",
          ]);
          row.longTasks = median(row.samples.map((x) => x.longTasks.length));
          rows.push(row);
          console.log(
            `quiet ${warm ? "warm" : "cold"} ${side.name} ${row.page}: LCP ${row.lcpMs}, the commit ${row.commitMs} ms, longest task ${row.longestTaskMs} ms, ${row.longTasks} long tasks, network quiet at ${row.networkQuietMs} ms`,
          );
        }
      }
    for (const page of pages) {
      const samples = await interleaved(
        loads,
        (side) => coldly((browser) => contactBeforeHydration(browser, `${origin(side)}${page}`)),
        ours,
      );
      for (const side of ours) {
        const s = samples.get(side.name);
        const row = {
          side: side.name,
          page,
          openedMs: median(s.map((x) => x.openedMs)),
          hydratedMs: median(s.map((x) => x.hydratedMs)),
          beforeHydration: s.filter((x) => x.beforeHydration).length,
          loads: s.length,
          left: s.filter((x) => x.left).length,
          samples: s,
        };
        report.contact.push(row);
        console.log(
          `contact ${side.name} ${page}: opened ${row.openedMs} ms, hydrated ${row.hydratedMs} ms, before hydration ${row.beforeHydration}/${row.loads}${row.left ? `, left for /contact ${row.left}/${row.loads}` : ""}`,
        );
      }
    }
    for (const interaction of INTERACTIONS) {
      const samples = await interleaved(
        loads,
        (side) => coldly((browser) => interact(browser, origin(side), interaction)),
        ours,
      );
      for (const side of ours) {
        const s = samples.get(side.name);
        const row = {
          side: side.name,
          interaction: interaction.name,
          inputToPaintMs: median(s.map((x) => x.inputToPaintMs ?? 0)),
          untilShownMs: median(s.map((x) => x.untilShownMs)),
          samples: s,
        };
        report.interactions.push(row);
        console.log(
          `interaction ${side.name} ${interaction.name}: ${row.inputToPaintMs} ms to paint, ${row.untilShownMs} ms until shown`,
        );
      }
    }
    // what each page runs before any interaction, traced to its sources
    for (const side of ours)
      for (const page of pages)
        await coldly(async (browser) => {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
          const tab = await context.newPage();
          const scripts = new Set();
          tab.on(
            "response",
            (r) =>
              r.request().resourceType() === "script" &&
              r.url().startsWith(origin(side)) &&
              scripts.add(new URL(r.url()).pathname),
          );
          await tab.goto(`${origin(side)}${page}`, { waitUntil: "networkidle" });
          // a first visit: the consent banner's code, which comes once the page is idle, counts too
          if (
            await tab
              .getByRole("dialog", { name: "Cookies and your privacy" })
              .waitFor({ timeout: 5_000 })
              .then(
                () => true,
                () => false,
              )
          ) {
            await tab.waitForLoadState("networkidle");
          }
          await context.close();
          report.js.push({ side: side.name, page, ...breakdown(path.join(side.dir, "public"), [...scripts]) });
        });
  }

  if (!has("skip-lighthouse")) {
    // each page's address on each side, and back
    const pageOf = new Map();
    const urlOf = (side, page) => {
      const url = `${origin(side)}${pathOn(side, page)}`;
      pageOf.set(url, { side, page: pageLabel(side, page) });
      return url;
    };
    for (const mode of Object.keys(MODES)) {
      // one run of every page on every side a round, the sides' order alternating: a peer's runs from the same minutes
      const rounds = Array.from({ length: runs }, (_, i) =>
        pages.flatMap((page) => (i % 2 ? [...onPage(page)].reverse() : onPage(page)).map((side) => urlOf(side, page))),
      );
      const config = lighthouserc({
        chromePath,
        chromeArgs: chromium.args,
        mode,
        urls: rounds[0],
        runs,
        assertions: LIGHTHOUSE_BUDGETS[mode],
        judged: `^${origin(sides[0]).replace(/\./g, "\\.")}/`,
      });
      const dir = prepare(runDir, config, mode);
      for (const urls of rounds) await collectOnce(dir, urls);
      const judged = await judge(dir);
      report.lighthouseBudgets.push(...judged.assertions.map((a) => ({ mode, ...a })));
      for (const { url, runs: count, lowestPerformance, lhr } of judged.pages) {
        const { side, page } = pageOf.get(url);
        const row = { side: side.name, mode, page, runs: count, lowestPerformance, ...summary(lhr) };
        report.lighthouse.push(row);
        console.log(
          `${mode} ${side.name} ${page}: performance ${row.performance} (lowest ${lowestPerformance}), LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, TTI ${row.ttiMs} ms`,
        );
      }
    }
  }
} finally {
  servers.forEach((s) => s.stop());
}

/**
 * `npm run load`'s steady run (no kill) within its own bounds, its JSON summary; through scripts/with-postgres.sh for a
 * server. Its server on a free port past ours, clear of the browser tests' ports.
 */
async function endpointLoad(onServer) {
  const load = [
    "node",
    "--import",
    "tsx",
    "scripts/load.mjs",
    "--port",
    String(await freePort(port + 10)),
    "--no-kill",
    "--json",
  ];
  const [command, ...commandArgs] =
    onServer && !process.env.TEST_DATABASE_URL ? ["bash", "scripts/with-postgres.sh", ...load] : load;
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: onServer ? env : { ...env, TEST_DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1)));
      } catch {
        resolve({ store: onServer ? "PostgreSQL server" : "embedded store", error: "the load run failed" });
      }
    });
  });
}

if (!has("skip-endpoint")) {
  const serverAvailable = Boolean(process.env.TEST_DATABASE_URL) || existsSync("/usr/lib/postgresql");
  for (const onServer of serverAvailable ? [false, true] : [false]) {
    console.log(`the form endpoint under load on the ${onServer ? "PostgreSQL server" : "embedded store"}…`);
    const result = await endpointLoad(onServer);
    report.endpoint.push(result);
    console.log(
      result.error
        ? `  ${result.error}`
        : `  ${result.sent} of ${result.total} sent, ${result.throughput}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, stored once: ${result.ok ? "yes" : "NO"}`,
    );
  }
}

if (!has("skip-growth")) {
  for (const count of (growthOption ?? "500,5000").split(",").map(Number)) {
    console.log(`cold build with ${count} extra posts…`);
    const dir = growthProject(root, count);
    try {
      report.builds[`plus${count}Posts`] = await measured("npm", ["run", "build"], { cwd: dir, env });
      console.log(
        `  ${report.builds[`plus${count}Posts`].seconds} s, peak ${report.builds[`plus${count}Posts`].peakMB} MB`,
      );
    } catch (error) {
      report.builds[`plus${count}Posts`] = { seconds: NaN, peakMB: NaN, error: error.message };
      console.error(`  failed: ${error.message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

// the budgets (docs/performance.md), for this build
const mine = (rows) => rows.filter((r) => r.side === "this");
const budget = (name, rows, ok, show) =>
  rows.length ? [{ name, met: rows.every(ok), worst: rows.map(show).join(", ") }] : [];
report.budgets = [
  ...budget(
    `no main-thread task over ${BUDGETS.longTaskMs} ms, navigation to quiet, the browser's commit apart (median of the longest, every page)`,
    mine(report.quiet),
    (r) => r.longestTaskMs <= BUDGETS.longTaskMs,
    (r) => r.longestTaskMs,
  ),
  ...budget(
    `the menu open within ${BUDGETS.tapAnsweredMs} ms of the first tap on its painted button, tapped from the start (median, every page)`,
    mine(report.visitor),
    (r) => r.tapAnsweredMs !== null && r.tapAnsweredMs <= BUDGETS.tapAnsweredMs,
    (r) => r.tapAnsweredMs,
  ),
  ...budget(
    `the largest paint within ${BUDGETS.lcpMs} ms (median, every page)`,
    mine(report.quiet),
    (r) => r.lcpMs <= BUDGETS.lcpMs,
    (r) => r.lcpMs,
  ),
  ...budget(
    "the header's Contact Us opens the modal before hydration (every load, 1440 px)",
    mine(report.contact),
    (r) => r.beforeHydration === r.loads,
    (r) => `${r.beforeHydration}/${r.loads}`,
  ),
  ...budget(
    `every interaction paints within ${BUDGETS.inputToPaintMs} ms at 4× CPU`,
    mine(report.interactions),
    (r) => r.inputToPaintMs <= BUDGETS.inputToPaintMs,
    (r) => r.inputToPaintMs,
  ),
  ...budget(
    `first-load JavaScript at most ${BUDGETS.jsKB} KB gzip`,
    mine(report.js),
    (r) => r.gzip / 1024 <= BUDGETS.jsKB,
    (r) => (r.gzip / 1024).toFixed(1),
  ),
  ...budget(
    "no layout shift (CLS 0) for a visitor",
    [...mine(report.visitor), ...mine(report.quiet)],
    (r) => r.cls === 0,
    (r) => r.cls,
  ),
  // Lighthouse's, as `lhci assert` judged them
  ...budgetRows(report.lighthouseBudgets, LIGHTHOUSE_BUDGETS),
];

const kb = (n) => (n / 1024).toFixed(1);
const labelOf = (name) => (sides.length > 1 ? ` ${report.sides.find((s) => s.name === name).label} |` : "");
const sideHeader = sides.length > 1 ? " build |" : "";
const sideRule = sides.length > 1 ? "---|" : "";
// the quiet loads' table and every load's long tasks, for the cold loads and the warm ones alike
const quietTable = (rows) => [
  `| page |${sideHeader} LCP ms | the navigation's commit, ms | longest task after it, ms | long tasks | network quiet at, ms | hydrated, ms |`,
  `|---|${sideRule}---|---|---|---|---|---|`,
  ...rows.map(
    (r) =>
      `| ${r.page} |${labelOf(r.side)} ${r.lcpMs} | ${r.commitMs} | ${r.longestTaskMs} | ${r.longTasks} | ${r.networkQuietMs} | ${r.hydratedMs} |`,
  ),
];
const longTaskTable = (rows) => [
  `| page |${sideHeader} load | long tasks |`,
  `|---|${sideRule}---|---|`,
  ...rows.flatMap((r) =>
    r.samples.map(
      (x, i) =>
        `| ${r.page} |${labelOf(r.side)} ${i + 1} | ${x.longTasks.map(([start, length]) => `${start}+${length}`).join(", ") || "none"} |`,
    ),
  ),
];
const tables = [
  `**What a visitor feels, cold** (each load a first visit: a fresh browser and profile; applied throttling: ${SLOW_4G.latency} ms, 1.6 Mbps down, ${CPU_SLOWDOWN}× CPU, 390 px; medians of ${loads} loads)`,
  "",
  `| page |${sideHeader} FCP ms | a tap works, ms | the menu open after the first paint, ms | after the first tap on the painted button, ms | hydrated, ms | CLS |`,
  `|---|${sideRule}---|---|---|---|---|---|`,
  ...report.visitor.map(
    (r) =>
      `| ${r.page} |${labelOf(r.side)} ${r.fcpMs} | ${r.tapMs} | ${r.tapAfterPaintMs} | ${r.tapAnsweredMs} | ${r.hydratedMs} | ${r.cls} |`,
  ),
  "",
  `**The main thread, navigation to quiet, cold** (the same throttling, nothing touched; long tasks are those over 50 ms; the navigation's commit is the browser's task that creates the document, before the page has any content; medians of ${loads} loads)`,
  "",
  ...quietTable(report.quiet),
  "",
  `**Every load's long tasks, cold** (start ms + length ms, from navigation; the commit apart)`,
  "",
  ...longTaskTable(report.quiet),
  "",
  `**The main thread, navigation to quiet, warm**: not a first visit, and no budget (the page's second load in the same browser and tab, its cache and compiled code kept; medians of ${loads} loads)`,
  "",
  ...quietTable(report.quietWarm),
  "",
  `**Every load's long tasks, warm**`,
  "",
  ...longTaskTable(report.quietWarm),
  "",
  `**The contact modal from the header before hydration, cold** (the same throttling at 1440 px; clicks at its place every 50 ms from the start of the load; medians of ${loads})`,
  "",
  `| page |${sideHeader} modal open at, ms | hydrated at, ms | opened before hydration | left for /contact instead |`,
  `|---|${sideRule}---|---|---|---|`,
  ...report.contact.map(
    (r) =>
      `| ${r.page} |${labelOf(r.side)} ${r.openedMs ?? "–"} | ${r.hydratedMs ?? "–"} | ${r.beforeHydration}/${r.loads} | ${r.left}/${r.loads} |`,
  ),
  "",
  `**Interactions, cold** (a fresh browser for each; ${CPU_SLOWDOWN}× CPU, 390 px; input to next paint as web-vitals' INP reports it, below 16 ms shown as 0; medians of ${loads})`,
  "",
  `| interaction |${sideHeader} input to next paint, ms | until shown, ms |`,
  `|---|${sideRule}---|---|`,
  ...report.interactions.map((r) => `| ${r.interaction} |${labelOf(r.side)} ${r.inputToPaintMs} | ${r.untilShownMs} |`),
  "",
  `**Lighthouse, cold** (Lighthouse CI, each run in a fresh browser and profile; of ${runs} runs the median run, as lhci picks it, and the lowest score)`,
  "",
  `| mode | page |${sideHeader} perf | lowest perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | TTI ms | CLS | SI ms | JS KB | CSS KB | HTML KB | img KB | requests | 3rd party |`,
  `|---|---|${sideRule}---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
  ...report.lighthouse.map(
    (r) =>
      `| ${r.mode} | ${r.page} |${labelOf(r.side)} ${r.performance} | ${r.lowestPerformance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.ttiMs} | ${r.cls} | ${r.speedIndexMs} | ${r.jsKB.toFixed(1)} | ${r.cssKB.toFixed(1)} | ${r.htmlKB.toFixed(1)} | ${r.imagesKB.toFixed(1)} | ${r.requests} | ${r.thirdParty} |`,
  ),
  "",
  "**First-load JavaScript, what it buys** (gzip -9 of the scripts a page runs before any interaction, by source)",
  "",
  `| page |${sideHeader} total KB | ${[...new Set(mine(report.js).flatMap((r) => r.groups.slice(0, 6).map((g) => g.name)))].join(" | ")} |`,
  ...(() => {
    const names = [...new Set(mine(report.js).flatMap((r) => r.groups.slice(0, 6).map((g) => g.name)))];
    return [
      `|---|${sideRule}---|${names.map(() => "---").join("|")}|`,
      ...report.js.map(
        (r) =>
          `| ${r.page} |${labelOf(r.side)} ${kb(r.gzip)} | ${names.map((n) => r.groups.find((g) => g.name === n)?.gzipKB ?? 0).join(" | ")} |`,
      ),
    ];
  })(),
  "",
  "| the form endpoint (`npm run load`'s steady run) | sent | submissions/s | p50 ms | p90 ms | p99 ms | every 200 stored once |",
  "|---|---|---|---|---|---|---|",
  ...report.endpoint.map((e) =>
    e.error
      ? `| ${e.store} | ${e.error} | | | | | |`
      : `| ${e.store} | ${e.sent} of ${e.total} at concurrency ${e.concurrency}${e.bounded ? `, stopped at ${e.seconds} s` : ""} | ${e.throughput} | ${e.p50} | ${e.p90} | ${e.p99} | ${e.ok ? "yes" : "NO"} |`,
  ),
  "",
  "| build | seconds | peak MB (PSS) | peak MB (sum of RSS) |",
  "|---|---|---|---|",
  ...Object.entries(report.builds).map(([name, b]) => `| ${name} | ${b.seconds} | ${b.peakMB} | ${b.peakRssMB} |`),
  "",
  "| budget (this build) | met | per page or interaction |",
  "|---|---|---|",
  ...report.budgets.map((b) => `| ${b.name} | ${b.met ? "yes" : "NO"} | ${b.worst} |`),
].join("\n");
console.log(`\n${tables}`);
const title = `# Benchmark, ${report.date} (${report.machine}), ${sides[0].label}`;
const run = path.relative(root, runDir);
writeFileSync(path.join(runDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(runDir, "tables.md"), `${title}\n\n${tables}\n`);
console.log(`\nWrote ${run}/: tables.md, report.json${has("skip-lighthouse") ? "" : ", lighthouse/ (Lighthouse CI)"}.`);
if (partial) console.log("A partial run: bench/results.md is left as it was.");
else {
  // bench/results.md, committed, keeps the summary of the last full run
  const summaryTables = tables.split("\n\n").filter((table) => /^\| (budget|build) /.test(table));
  writeFileSync(
    path.join(root, "bench", "results.md"),
    `${title}\n\n${summaryTables.join("\n\n")}\n\nThe run's other tables and raw measurements: \`${run}/\`, not committed.\n`,
  );
  console.log("The summary is in bench/results.md.");
}
if (!has("skip-growth"))
  console.log("\nThe last build was a growth build's copy; public/ still holds the site's own build.");
