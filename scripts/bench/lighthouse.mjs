// Lighthouse 12 in Debian's Chromium, third-party hosts blocked: one run of one page in one mode.
// Modes: mobile with Lighthouse's simulated throttling (its default), mobile with applied throttling (the page really
// loads over a slowed network and CPU), and desktop. Each run is a first visit, as Lighthouse's CLI makes it: a
// Chromium of its own with a fresh, temporary profile (--user-data-dir), removed afterwards.
import { mkdtempSync, rmSync } from "fs";
import os from "os";
import path from "path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export const MODES = ["mobile (simulated)", "mobile (applied)", "desktop"];

export function launchChrome(chromePath, args, userDataDir) {
  return chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...args], userDataDir });
}

/** One Lighthouse run (lighthouseRun) in a Chromium launched for it alone, with a profile that has seen nothing. */
export async function coldLighthouseRun(chromePath, args, url, mode, log) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-chrome-"));
  try {
    const chrome = await launchChrome(chromePath, args, profile);
    try {
      return await lighthouseRun(chrome, url, mode, log);
    } finally {
      await chrome.kill();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

const BLOCKED = [
  "*://*.google.com/*",
  "*://*.gstatic.com/*",
  "*://*.googletagmanager.com/*",
  "*://*.google-analytics.com/*",
  "*://*.calendly.com/*",
];

function bytesOf(lhr, origin) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const sum = (types) =>
    items.filter((i) => types.includes(i.resourceType)).reduce((n, i) => n + (i.transferSize ?? 0), 0);
  return {
    js: sum(["Script"]),
    css: sum(["Stylesheet"]),
    html: sum(["Document"]),
    images: sum(["Image"]),
    fonts: sum(["Font"]),
    requests: items.length,
    thirdParty: items.filter((i) => !i.url.startsWith(origin)).length,
  };
}

/**
 * One Lighthouse run. A run that fails (a runtimeError, or a metric it could not compute) would count as zeros in a
 * median: it is run again, twice at most, and reported.
 */
export async function lighthouseRun(chrome, url, mode, log = console.log) {
  const flags = { port: chrome.port, output: "json", logLevel: "error", blockedUrlPatterns: BLOCKED };
  if (mode === "mobile (applied)") flags.throttlingMethod = "devtools";
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    ({ lhr } = await lighthouse(url, flags, mode === "desktop" ? desktopConfig : undefined));
    const failure = lhr.runtimeError?.code ?? (lhr.categories.performance?.score == null ? "NO_SCORE" : null);
    if (!failure) break;
    log(`${mode} ${url}: failed (${failure}), attempt ${attempt} of 3`);
  }
  const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(metric("first-contentful-paint")),
    lcpMs: Math.round(metric("largest-contentful-paint")),
    tbtMs: Math.round(metric("total-blocking-time")),
    ttiMs: Math.round(metric("interactive")),
    // Lighthouse's own list, from its trace: the tasks over 50 ms, start and length in ms (simulated: as simulated)
    longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => [
      Math.round(t.startTime),
      Math.round(t.duration),
    ]),
    cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
    speedIndexMs: Math.round(metric("speed-index")),
    bytes: bytesOf(lhr, new URL(url).origin),
  };
}
