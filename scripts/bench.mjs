// `npm run bench`: how fast the site is and what growth costs.
// 1. a cold production build, timed, with its peak memory;
// 2. Lighthouse 12 (Debian's Chromium, third-party hosts blocked) in mobile and desktop modes, three runs each,
//    on seven pages, served with the production headers on loopback; medians of scores and timings, and the
//    bytes and requests each page loads before any interaction;
// 3. the form endpoint under load: 5,000 submissions at concurrency 50 on the embedded store and on a PostgreSQL
//    server (TEST_DATABASE_URL, or a throwaway one when Debian's postgresql is installed): throughput and latency;
// 4. cold builds with 500 and 5,000 generated extra posts, in a temporary copy (never committed).
// Writes bench/results.json and bench/results.md. Options: --runs 3, --skip-growth, --no-build (measure the
// current public/), --port 9151. For a quick look at one thing (results printed, files left alone):
// --pages /contact,/blogs (Lighthouse on these only), --skip-lighthouse, --skip-endpoint, --growth 5000 (these
// growth builds only).
import { spawn } from "child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "fs";
import os from "os";
import path from "path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const runs = option("runs", 3);
const port = option("port", 9151);
const skipGrowth = args.includes("--skip-growth");
const skipBuild = args.includes("--no-build");
const skipLighthouse = args.includes("--skip-lighthouse");
const skipEndpoint = args.includes("--skip-endpoint");
const listOption = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1].split(",") : null);
const pagesOption = listOption("pages");
const growthCounts = (listOption("growth") ?? ["500", "5000"]).map(Number);
const partial = Boolean(pagesOption || skipLighthouse || skipEndpoint || listOption("growth"));
const readJson = (name) => JSON.parse(readFileSync(path.join(root, "scripts", name), "utf8"));
const chromium = readJson("chromium.json");
// the pages measured, also held to the JavaScript budget by __tests__/e2e/performance.spec.ts
const allPages = readJson("bench-pages.json");
const pages = pagesOption ?? allPages;
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };

/** Runs a command, sampling the memory of its whole process tree; resolves with seconds and peak MB (PSS, RSS). */
function measured(command, commandArgs, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const log = path.join(os.tmpdir(), `tidewell-bench-build-${Date.now()}.log`);
    const out = openSync(log, "w");
    const child = spawn(command, commandArgs, { stdio: ["ignore", out, out], ...options });
    let peak = 0;
    let peakRss = 0;
    const sample = () => {
      const children = new Map();
      for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          children.set(Number(pid), ppid);
        } catch {
          // the process ended while we looked
        }
      }
      const tree = new Set([child.pid]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const [pid, ppid] of children) {
          if (tree.has(ppid) && !tree.has(pid)) {
            tree.add(pid);
            grew = true;
          }
        }
      }
      // PSS shares each page among the processes mapping it: Gatsby's main process and its worker map the same
      // LMDB store and libraries, which a sum of RSS would count twice. Both sums are reported.
      let pss = 0;
      let rss = 0;
      for (const pid of tree) {
        try {
          pss += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
          rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        } catch {
          // gone
        }
      }
      peak = Math.max(peak, pss);
      peakRss = Math.max(peakRss, rss);
    };
    // once a second is enough for peaks that last many seconds; reading smaps_rollup walks a process's page
    // tables, CPU the measured build would otherwise have
    const timer = setInterval(sample, 1000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`${command} ${commandArgs.join(" ")} exited with ${code}; see ${log}`));
      else
        resolve({
          seconds: Math.round((performance.now() - started) / 100) / 10,
          peakMB: Math.round(peak / 1024),
          peakRssMB: Math.round(peakRss / 1024),
        });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function startServer() {
  const server = spawn("node", ["--import", "tsx", path.join(root, "scripts/serve.mjs"), "--port", String(port)], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("the server did not start");
}

function pageBytes(lhr) {
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
    thirdParty: items.filter((i) => !i.url.startsWith(`http://127.0.0.1:${port}`)).length,
  };
}

async function lighthouseRuns() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || chromium.executablePath,
    chromeFlags: ["--headless=new", ...chromium.args],
  });
  const results = [];
  try {
    for (const mode of ["mobile", "desktop"]) {
      for (const page of pages) {
        const samples = [];
        for (let run = 0; run < runs; run++) {
          const flags = {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            blockedUrlPatterns: [
              "*://*.google.com/*",
              "*://*.gstatic.com/*",
              "*://*.googletagmanager.com/*",
              "*://*.google-analytics.com/*",
              "*://*.calendly.com/*",
            ],
          };
          // a run that fails (Lighthouse reports a runtimeError, or a metric it could not compute) would count as
          // zeros in the median: it is run again, twice at most, and reported
          let lhr;
          for (let attempt = 1; attempt <= 3; attempt++) {
            ({ lhr } = await lighthouse(
              `http://127.0.0.1:${port}${page}`,
              flags,
              mode === "desktop" ? desktopConfig : undefined,
            ));
            const failure = lhr.runtimeError?.code ?? (lhr.categories.performance?.score == null ? "NO_SCORE" : null);
            if (!failure) break;
            console.log(`${mode} ${page}: run ${run + 1} failed (${failure}), attempt ${attempt} of 3`);
          }
          samples.push(lhr);
        }
        const score = (key) => median(samples.map((l) => Math.round((l.categories[key]?.score ?? 0) * 100)));
        const metric = (id) => median(samples.map((l) => l.audits[id]?.numericValue ?? 0));
        const bytes = samples.map(pageBytes);
        results.push({
          mode,
          page,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcpMs: Math.round(metric("first-contentful-paint")),
          lcpMs: Math.round(metric("largest-contentful-paint")),
          tbtMs: Math.round(metric("total-blocking-time")),
          cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
          speedIndexMs: Math.round(metric("speed-index")),
          bytes: Object.fromEntries(Object.keys(bytes[0]).map((k) => [k, median(bytes.map((b) => b[k]))])),
        });
        console.log(
          `${mode} ${page}: performance ${results.at(-1).performance}, LCP ${results.at(-1).lcpMs} ms, TBT ${results.at(-1).tbtMs} ms, JS ${(results.at(-1).bytes.js / 1024).toFixed(1)} KB`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** A copy of the project whose content has `count` extra generated posts; everything else is linked. */
function growthProject(count) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tidewell-bench-${count}-`));
  // Gatsby compiles its config from real paths, so the project's own files are copied; only node_modules is linked
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  for (const name of [
    "src",
    "scripts",
    "static",
    "package.json",
    "tsconfig.json",
    "gatsby-config.ts",
    "gatsby-node.ts",
    "gatsby-browser.tsx",
    "gatsby-ssr.tsx",
  ])
    if (existsSync(path.join(root, name))) cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true });
  const blog = path.join(dir, "content", "blog");
  const paragraph =
    "Salesforce teams that plan their data model before building automation spend less on rework. ".repeat(8);
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);
    writeFileSync(
      path.join(blog, `bench-post-${i}.md`),
      `---\ntitle: "Benchmark post ${i}"\ndate: ${day}\nauthor: "Priya Raman"\ntags:\n  - salesforce\n  - topic-${i % 20}\ncover: ./images/data-cloud-first-90-days.jpg\ncoverAlt: "Abstract illustration"\ndescription: "A generated post for measuring how the build grows with the number of posts on the site, number ${i}."\n---\n\n## Section\n\n${paragraph}\n\n## Another section\n\n${paragraph}\n`,
    );
  }
  return dir;
}

/** `npm run load`'s steady run (no kill), its JSON summary; through scripts/with-postgres.sh for a server. */
function endpointLoad(onServer) {
  const load = [
    "node",
    "--import",
    "tsx",
    "scripts/load.mjs",
    "--total",
    "5000",
    "--concurrency",
    "50",
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

const report = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  builds: {},
  lighthouse: [],
  endpoint: [],
};

if (!skipBuild) {
  console.log("cold build of the site…");
  report.builds.site = await measured("npm", ["run", "build"], { cwd: root, env });
  console.log(`  ${report.builds.site.seconds} s, peak ${report.builds.site.peakMB} MB`);
}

if (!skipLighthouse) {
  const server = await startServer();
  try {
    report.lighthouse = await lighthouseRuns();
  } finally {
    server.kill();
  }
}

if (!skipEndpoint) {
  const serverAvailable = Boolean(process.env.TEST_DATABASE_URL) || existsSync("/usr/lib/postgresql");
  for (const onServer of serverAvailable ? [false, true] : [false]) {
    console.log(`the form endpoint under load on the ${onServer ? "PostgreSQL server" : "embedded store"}…`);
    const result = await endpointLoad(onServer);
    report.endpoint.push(result);
    console.log(
      result.error ? `  ${result.error}` : `  ${result.throughput}/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
  }
}

if (!skipGrowth) {
  for (const count of growthCounts) {
    console.log(`cold build with ${count} extra posts…`);
    const dir = growthProject(count);
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

const kb = (n) => (n / 1024).toFixed(1);
const table = [
  "| mode | page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KB | CSS KB | HTML KB | img KB | font KB | requests | 3rd party |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...report.lighthouse.map(
    (r) =>
      `| ${r.mode} | ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} | ${kb(r.bytes.js)} | ${kb(r.bytes.css)} | ${kb(r.bytes.html)} | ${kb(r.bytes.images)} | ${kb(r.bytes.fonts)} | ${r.bytes.requests} | ${r.bytes.thirdParty} |`,
  ),
  "",
  "| the form endpoint, 5,000 submissions at concurrency 50 | submissions/s | p50 ms | p90 ms | p99 ms | all stored once |",
  "|---|---|---|---|---|---|",
  ...report.endpoint.map((e) =>
    e.error
      ? `| ${e.store} | ${e.error} | | | | |`
      : `| ${e.store} | ${e.throughput} | ${e.p50} | ${e.p90} | ${e.p99} | ${e.ok ? "yes" : "NO"} |`,
  ),
  "",
  "| build | seconds | peak MB (PSS) | peak MB (sum of RSS) |",
  "|---|---|---|---|",
  ...Object.entries(report.builds).map(([name, b]) => `| ${name} | ${b.seconds} | ${b.peakMB} | ${b.peakRssMB} |`),
].join("\n");
console.log(`\n${table}`);
if (partial) console.log("\nA partial run: bench/results.* are left as they were.");
else {
  mkdirSync(path.join(root, "bench"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(
    path.join(root, "bench", "results.md"),
    `# Benchmark, ${report.date} (${report.machine}, medians of ${runs} runs)\n\n${table}\n`,
  );
}
if (!skipGrowth) console.log("\nThe last build was a growth build's copy; public/ still holds the site's own build.");
