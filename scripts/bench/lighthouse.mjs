// Lighthouse for `npm run bench`, through Lighthouse CI (@lhci/cli): `lhci collect` runs it, each run a first visit
// (the Lighthouse CLI launches Debian's Chromium, scripts/chromium.json, with a fresh temporary profile, removed
// afterwards); `lhci assert` judges the budgets (the median of the runs, or every run for a score); `lhci upload
// --target=filesystem` writes every report and a manifest that marks each page's median run. Nothing leaves the
// machine: no server of Lighthouse CI, no browser downloaded, third-party hosts blocked.
// Each mode has a folder of its own under the run's (bench/runs/<date>/lighthouse/<mode>/) with its lighthouserc.json,
// so that `npx lhci collect && npx lhci assert` there runs it again by hand.
import { spawn } from "child_process";
import { mkdirSync, readFileSync, writeFileSync } from "fs";
import { createRequire } from "module";
import path from "path";

/** The modes, and the Lighthouse settings of each. */
export const MODES = {
  // Lighthouse's default: an unthrottled load, its trace simulated as a phone's
  "mobile (simulated)": {},
  // the page really loads over a slowed network and CPU
  "mobile (applied)": { throttlingMethod: "devtools" },
  desktop: { preset: "desktop" },
};

const BLOCKED = [
  "*://*.google.com/*",
  "*://*.gstatic.com/*",
  "*://*.googletagmanager.com/*",
  "*://*.google-analytics.com/*",
  "*://*.calendly.com/*",
];

const lhciCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@lhci/cli/package.json")),
  "src",
  "cli.js",
);

/** A folder's name for a mode. */
export const folderOf = (mode) => mode.replace(/[^a-z]+/g, "-").replace(/-$/, "");

/**
 * The Lighthouse CI configuration of one mode: its settings, the pages (`urls`), `runs` runs each, and `assertions`,
 * judged on the pages whose address matches `judged` (this build's, not a peer's).
 */
export function lighthouserc({ chromePath, chromeArgs, mode, urls, runs, assertions, judged }) {
  return {
    ci: {
      collect: {
        url: urls,
        numberOfRuns: runs,
        chromePath,
        settings: {
          ...MODES[mode],
          chromeFlags: chromeArgs.join(" "),
          blockedUrlPatterns: BLOCKED,
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        },
      },
      assert: { includePassedAssertions: true, assertMatrix: [{ matchingUrlPattern: judged, assertions }] },
      upload: { target: "filesystem", outputDir: "reports" },
    },
  };
}

/** `lhci <args>` in `dir`, its output kept there (lhci-<command>.log); resolves with its exit code. */
function lhci(dir, args, log) {
  return new Promise((resolve, reject) => {
    const child = spawn("node", [lhciCli, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      writeFileSync(path.join(dir, `lhci-${args[0]}.log`), out, { flag: "a" });
      if (code !== 0 && args[0] === "collect") log(out.trim().split("\n").slice(-5).join("\n"));
      resolve(code);
    });
  });
}

/** Writes a mode's folder and its lighthouserc.json; returns the folder. */
export function prepare(runDir, config, mode) {
  const dir = path.join(runDir, "lighthouse", folderOf(mode));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "lighthouserc.json"), `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** One run of each of `urls`, in that order, added to the mode's collected runs. */
export async function collectOnce(dir, urls, log = console.log) {
  const code = await lhci(dir, ["collect", "--additive", "--numberOfRuns=1", ...urls.map((u) => `--url=${u}`)], log);
  if (code !== 0) throw new Error(`lhci collect failed in ${dir} (lhci-collect.log)`);
}

/**
 * The mode's budgets judged (`lhci assert`) and its reports written (`lhci upload`): each assertion's result, and
 * for each page its median run's report (as Lighthouse CI picks it: nearest the medians of first paint and Time to
 * Interactive) with the lowest performance score of its runs.
 */
export async function judge(dir, log = console.log) {
  await lhci(dir, ["assert"], log);
  await lhci(dir, ["upload"], log);
  const read = (file) => JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  const manifest = read("reports/manifest.json");
  const pages = [...new Set(manifest.map((entry) => entry.url))].map((url) => {
    const runs = manifest.filter((entry) => entry.url === url);
    const median = runs.find((entry) => entry.isRepresentativeRun) ?? runs[0];
    return {
      url,
      runs: runs.length,
      lowestPerformance: Math.min(...runs.map((entry) => Math.round(entry.summary.performance * 100))),
      lhr: JSON.parse(readFileSync(median.jsonPath, "utf8")),
    };
  });
  return { assertions: read(".lighthouseci/assertion-results.json"), pages };
}

/**
 * The budget rows of `lhci assert`'s results (each with its `mode`), for `budgets` (by mode, as given to
 * `lighthouserc`): one row for each mode and assertion, met when every page passed, with each page's value.
 */
export function budgetRows(results, budgets) {
  const key = (a) => `${a.mode} ${a.auditId} ${a.auditProperty ?? ""} ${a.name}`;
  return Object.values(Object.groupBy(results, key)).map((same) => {
    const [{ mode, auditId, auditProperty, name, operator, expected }] = same;
    const audit = auditProperty ? `${auditId}:${auditProperty}` : auditId;
    const over = budgets[mode][audit][1].aggregationMethod === "median" ? "the median of the runs" : "every run";
    return {
      name: `Lighthouse ${mode}: ${audit} ${operator} ${expected} (lhci assert ${name}, ${over})`,
      met: same.every((a) => a.passed),
      worst: same.map((a) => +a.actual.toFixed(2)).join(", "),
    };
  });
}

/** What the tables show of a report. */
export function summary(lhr) {
  const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const bytes = (type) =>
    items.filter((i) => i.resourceType === type).reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024;
  const origin = new URL(lhr.requestedUrl).origin;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    ttiMs: metric("interactive"),
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: metric("speed-index"),
    jsKB: bytes("Script"),
    cssKB: bytes("Stylesheet"),
    htmlKB: bytes("Document"),
    imagesKB: bytes("Image"),
    requests: items.length,
    thirdParty: items.filter((i) => !i.url.startsWith(origin)).length,
    // the main thread's work by kind (style and layout, script, parsing…), Lighthouse's mainthread-work-breakdown
    mainThread: Object.fromEntries(
      (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)]),
    ),
  };
}
