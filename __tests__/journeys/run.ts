// `npm run test:journeys`: the visitor journeys (journeys.ts) in Chromium, Firefox ESR and WebKitGTK, one engine
// after the other, against the production build in public/ (docs/browsers.md). Prints a table of journeys by
// engine and writes test-results/journeys.json, which `npm test` counts. An engine that is not installed is
// named with the command that installs it, and fails the run: it never passes by being skipped.
// Usage: node --import tsx __tests__/journeys/run.ts [--engine firefox]… [--journey text]…
import { spawn } from "child_process";
import { existsSync, mkdirSync, writeFileSync } from "fs";
import path from "path";
import { parseArgs } from "util";
import type { EngineId } from "../../scripts/browsers.mjs";
import { ROOT, startServer } from "../e2e/servers";
import { consentCookieValue } from "../support/consent-cookie";
import {
  JOURNEYS_PORT,
  JOURNEYS_SITE_PORT,
  JOURNEYS_WEB_TO_LEAD_PORT,
  JOURNEYS_WEBDRIVER_PORT,
} from "../support/ports";
import type { Driver } from "./driver";
import { ENGINE_IDS, startEngine } from "./engines";
import { JOURNEYS } from "./journeys";
import { editorRepository } from "./editor-content";
import { startSiteFront, type PageError, type SiteFront } from "./site-front";

/** The longest one journey may take before it fails: a bound against a hang, not a speed. */
const JOURNEY_MS = 120_000;

interface Run {
  journey: string;
  engine: EngineId;
  ok: boolean;
  error?: string;
  seconds: number;
}

const { values: args } = parseArgs({
  options: { engine: { type: "string", multiple: true }, journey: { type: "string", multiple: true } },
});
const engines = (args.engine ?? ENGINE_IDS) as EngineId[];
const chosen = JOURNEYS.filter((j) => !args.journey || args.journey.some((text) => j.name.includes(text)));
const titleOf = (name: string, script: boolean, both: boolean) =>
  both ? `${name} (${script ? "with" : "without"} script)` : name;

if (!existsSync(path.join(ROOT, "public", "404.html"))) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

/** The page errors of the journey: those sent by every page it left, and the current page's own. */
async function pageErrors(d: Driver, frontErrors: PageError[]): Promise<PageError[]> {
  const own = d.script
    ? await d
        .evaluate(() => (window as unknown as { __journeys?: { errors: PageError[] } }).__journeys?.errors ?? [])
        .catch(() => [] as PageError[])
    : [];
  const seen = new Map<string, PageError>();
  for (const error of [...frontErrors, ...own]) seen.set(JSON.stringify(error), error);
  return [...seen.values()];
}

/** What `work` gives within 10 s, or undefined: what a failed journey leaves is read without hanging on it. */
const within = <T>(work: Promise<T>) =>
  Promise.race([work.catch(() => undefined), new Promise<undefined>((resolve) => setTimeout(resolve, 10_000))]);

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${JOURNEY_MS / 1000} s`)), JOURNEY_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function runOne(
  engine: EngineId,
  open: (script: boolean, duringLoad: boolean) => Promise<Driver>,
  alerts: string[],
  front: SiteFront,
  leads: (email: string) => Promise<string[]>,
) {
  const runs: Run[] = [];
  for (const journey of chosen) {
    for (const script of journey.script) {
      const title = titleOf(journey.name, script, journey.script.length > 1);
      front.reset();
      alerts.length = 0;
      const t0 = Date.now();
      let d: Driver | undefined;
      let error: string | undefined;
      try {
        d = await open(script, journey.duringLoad ?? false);
        if (!journey.firstVisit) await d.setCookie(consentCookieValue(["necessary"]));
        const driver = d;
        let n = 0;
        const email = (who: string) => `${who}-${engine}-${Date.now()}-${(n += 1)}@example.com`;
        await withTimeout(journey.run({ d: driver, front, leads, email }), title);
        const errors = await pageErrors(driver, front.errors);
        const problems = [
          ...errors.map((e) => `${e.kind} on ${e.page}: ${e.message}`),
          ...alerts.map((a) => `alert: ${a}`),
        ];
        if (problems.length) error = `page errors:\n      ${problems.join("\n      ")}`;
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        const shot = path.join(ROOT, "test-results", "journeys", `${engine}-${runs.length + 1}.png`);
        const png = d && (await within(d.screenshot()));
        if (png) {
          mkdirSync(path.dirname(shot), { recursive: true });
          writeFileSync(shot, png);
          error += `\n      screenshot: ${path.relative(ROOT, shot)}`;
        }
        const errors = (d && (await within(pageErrors(d, front.errors)))) || [];
        if (errors.length)
          error += `\n      and page errors: ${errors.map((e) => `${e.kind}: ${e.message}`).join("; ")}`;
      } finally {
        if (d) await within(d.close());
      }
      const seconds = (Date.now() - t0) / 1000;
      runs.push({ journey: title, engine, ok: !error, error, seconds });
      console.log(
        `  ${error ? "FAILED" : "passed"}  ${title} (${seconds.toFixed(1)} s)${error ? `\n      ${error}` : ""}`,
      );
    }
  }
  return runs;
}

async function main(): Promise<number> {
  const started = Date.now();
  const dataDir = path.join(ROOT, ".data", "journeys");
  mkdirSync(dataDir, { recursive: true });
  const webToLead = spawn(
    "node",
    ["--import", "tsx", "__tests__/support/web-to-lead-fake.ts", String(JOURNEYS_WEB_TO_LEAD_PORT)],
    {
      cwd: ROOT,
      stdio: "ignore",
    },
  );
  process.once("exit", () => webToLead.kill());
  const front = await startSiteFront({
    port: JOURNEYS_PORT,
    sitePort: JOURNEYS_SITE_PORT,
    tlsDir: path.join(dataDir, "tls"),
  });
  const server = await startServer(JOURNEYS_SITE_PORT, {
    ALLOWED_ORIGINS: front.origin,
    // the editor's local backend saves into a copy of content/ (journeys-editor.ts)
    GIT_REPO_DIRECTORY: editorRepository(),
    WEB_TO_LEAD_URL: `http://127.0.0.1:${JOURNEYS_WEB_TO_LEAD_PORT}/servlet/servlet.WebToLead`,
  });
  const stopAll = async () => {
    await server.stop();
    await front.close();
    webToLead.kill("SIGTERM");
  };

  const leads = async (email: string) => {
    const { out } = await server.leads("list", "--limit", "100000");
    return out.split("\n").filter((line) => line.includes(` ${email}`));
  };

  const runs: Run[] = [];
  const missing: { engine: EngineId; message: string }[] = [];
  const versions: Partial<Record<EngineId, string>> = {};
  try {
    for (const engine of engines) {
      const alerts: string[] = [];
      const runner = await startEngine(engine, {
        origin: front.origin,
        proxyPort: JOURNEYS_PORT,
        webDriverPort: JOURNEYS_WEBDRIVER_PORT,
        dataDir,
        alerts,
      });
      if ("missing" in runner) {
        console.log(`\nskipped ${engine}: ${runner.missing}`);
        missing.push({ engine, message: runner.missing });
        continue;
      }
      versions[engine] = await runner.version();
      console.log(`\n${engine}: ${versions[engine]}`);
      try {
        runs.push(
          ...(await runOne(engine, (script, duringLoad) => runner.open(script, duringLoad), alerts, front, leads)),
        );
      } finally {
        await runner.close();
      }
    }
  } finally {
    await stopAll();
  }

  const cell = (journey: string, engine: EngineId) => {
    if (missing.some((m) => m.engine === engine)) return "skipped";
    const run = runs.find((r) => r.journey === journey && r.engine === engine);
    return run ? (run.ok ? "passed" : "**FAILED**") : "";
  };
  const titles = chosen.flatMap((j) => j.script.map((script) => titleOf(j.name, script, j.script.length > 1)));
  console.log(`\n| journey | ${engines.join(" | ")} |\n|---|${engines.map(() => "---").join("|")}|`);
  for (const title of titles) console.log(`| ${title} | ${engines.map((e) => cell(title, e)).join(" | ")} |`);
  for (const { engine, message } of missing) console.log(`\nskipped ${engine}, which fails this run: ${message}`);
  const passed = runs.filter((r) => r.ok).length;
  const failed = runs.length - passed;
  const wall = Math.round((Date.now() - started) / 1000);
  console.log(`\njourneys: ${passed} passed, ${failed} failed, ${missing.length} engines skipped, in ${wall} s`);
  mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
  writeFileSync(
    path.join(ROOT, "test-results", "journeys.json"),
    JSON.stringify({ passed, failed, missing, versions, seconds: wall, runs }, null, 2),
  );
  return failed === 0 && missing.length === 0 ? 0 : 1;
}

// Ctrl+C or a CI's stop still ends the children (each stops itself on the process's exit)
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
