// `npm test`: type check, unit tests, a deploy-preview and a production build, browser tests; the last line counts
// them all.
import { spawnSync } from "child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "fs";
import { ENGINES, ensure } from "./browsers.mjs";

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
let passed = 0;
let failed = 0;
/** What the last lines repeat, so that it is not lost above them: what was skipped, and how to run it. */
const notes = [];

/** How long each command took, printed after it and again at the end: where CI's minutes go. */
const took = [];
function timed(command, args, spawn) {
  const line = [command, ...args].join(" ");
  console.log(`\n$ ${line}`);
  const start = Date.now();
  const result = spawn();
  const seconds = Math.round((Date.now() - start) / 1000);
  took.push([seconds, line]);
  console.log(`(${seconds} s)`);
  return result;
}

function run(command, args, extraEnv = {}) {
  const options = { stdio: "inherit", env: { ...env, ...extraEnv } };
  return timed(command, args, () => spawnSync(command, args, options)).status === 0;
}

/** Like run(), and returns what the command printed too. */
function runAndRead(command, args, extraEnv = {}) {
  const result = timed(command, args, () =>
    spawnSync(command, args, { env: { ...env, ...extraEnv }, encoding: "utf8", maxBuffer: 64 * 2 ** 20 }),
  );
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}

// Gatsby's and webpack's warnings in a build's output, its errors that do not stop it (a worker's stderr shows as
// " ERROR  UNKNOWN") and Node's deprecation warnings (npm's own notices about its configuration are not the site's)
const buildWarnings = (output) =>
  output
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, "")
    .split("\n")
    .filter((line) => /^\s*warn\b|^\s*ERROR\b|DeprecationWarning/.test(line));

// Debian's Chromium for the Playwright suite; as root with apt, installed when missing (scripts/browsers.mjs)
const chromium = ensure("chromium");
if (chromium.missing) {
  console.error(`${chromium.missing}, or set CHROME_PATH to a Chromium binary.`);
  process.exit(1);
}
const chrome = chromium.path;
mkdirSync("test-results", { recursive: true });

/** Titles of the tests Playwright marked flaky, walking its JSON report's nested suites. */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status === "flaky") titles.push([...path, spec.title].join(" › "));
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

const step = (name, ok) => {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? "passed" : "FAILED"}: ${name}`);
  return ok;
};

step("type check", run("npx", ["tsc", "--noEmit"]));

// every installed package within the ranges its dependents ask for, peers included: an editor part built for
// another React than the one installed fails here, not in an author's browser (package.json's overrides;
// docs/architecture.md#the-editors-version)
// (the tree itself is thousands of lines: only its problems, on stderr, are shown)
step("npm ls --all exits 0", run("sh", ["-c", "npm ls --all > /dev/null"]));

// PGlite, the embedded store the store's tests run on, loads parts of itself with import()
const jestOk = run("npx", ["jest", "--json", "--outputFile=test-results/jest.json"], {
  NODE_OPTIONS: "--experimental-vm-modules --disable-warning=ExperimentalWarning",
});
let jestFailed = null;
try {
  const jest = JSON.parse(readFileSync("test-results/jest.json", "utf8"));
  jestFailed = jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
  passed += jest.numPassedTests;
  failed += jestFailed;
} catch {
  console.log("jest wrote no readable report (test-results/jest.json)");
}
// its exit code as well as its counts: a process that fails after every test passed (an exit code set while they
// ran, an error after the last) fails in a way its report does not count
if (!jestOk && jestFailed === 0)
  console.log("jest exited non-zero with no failed test in its report: something failed beside or after the tests");
step("jest exits 0", jestOk);

// The browser tests' store (playwright.config.ts), with a few comments in it before the build, so that the tests
// find the approved ones in the built pages (__tests__/support/seeded-comments.ts).
rmSync(".data/e2e-store", { recursive: true, force: true });
const storeEnv = { LEADS_STORE_DIR: ".data/e2e-store" };
step("seed the browser tests' store", run("node_modules/.bin/tsx", ["__tests__/support/seed-store.ts"], storeEnv));

// Both builds read one copy of content/ with a draft and a post dated 2099 added (__tests__/fixtures/unpublished-posts):
// production first, into public/, which every browser test uses; then the editor's tests write a post into the copy
// through the editor at /admin/ (__tests__/e2e/editor.spec.ts, on production's build); then a Netlify deploy preview
// of the copy, kept in .data/preview-build/ (its public/ and the netlify.toml its server reads).
// __tests__/e2e/drafts.spec.ts compares the two, and finds the editor's post on the preview.
const editorRepository = ".data/editor-repo";
const contentCopy = `${editorRepository}/content`;
const previewDir = ".data/preview-build";
rmSync(editorRepository, { recursive: true, force: true });
rmSync(previewDir, { recursive: true, force: true });
cpSync("content", contentCopy, { recursive: true });
const fixtures = "__tests__/fixtures/unpublished-posts";
for (const file of readdirSync(fixtures).filter((f) => f.endsWith(".md") && f !== "README.md"))
  copyFileSync(`${fixtures}/${file}`, `${contentCopy}/blog/${file}`);
const contentEnv = { ...storeEnv, CONTENT_DIR: contentCopy };
const browserEnv = { CHROME_PATH: chrome, EDITOR_REPOSITORY: editorRepository };

/** A build in the deploy context `context`; its warnings fail the step after it. */
function buildIn(context, name) {
  const result = runAndRead("npm", ["run", "build"], { ...contentEnv, CONTEXT: context });
  if (!step(name, result.ok)) return false;
  const warnings = buildWarnings(result.output);
  for (const warning of warnings) console.log(`build warning: ${warning.trim()}`);
  step(`the ${name} prints no warnings`, warnings.length === 0);
  return true;
}

/** One Playwright project's run, counted from its JSON report (`report`); its flaky tests named. */
function playwright(project, report, extraEnv = {}) {
  const run = runAndRead("npx", ["playwright", "test", "--project", project], {
    ...browserEnv,
    ...extraEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  // a function that threw while the tests ran (src/server/netlify-emulation.ts says so), whatever the tests saw
  step(`no function threw during the browser tests (${project})`, !/function error:/.test(run.output));
  try {
    const { stats, ...rest } = JSON.parse(readFileSync(report, "utf8"));
    for (const title of flakyTitles(rest)) console.log(`flaky (failed, then passed on retry): ${title}`);
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (!run.ok && stats.unexpected === 0) failed += 1;
  } catch {
    failed += 1;
  }
}

if (buildIn("production", "production build")) {
  playwright("editor", ".data/editor-report.json");

  // the deploy preview, built while production's public/ waits beside it
  const production = ".data/production-public";
  rmSync(production, { recursive: true, force: true });
  renameSync("public", production);
  const previewBuilt = buildIn("deploy-preview", "deploy-preview build");
  if (previewBuilt) {
    mkdirSync(previewDir, { recursive: true });
    renameSync("public", `${previewDir}/public`);
    copyFileSync("netlify.toml", `${previewDir}/netlify.toml`);
  }
  rmSync("public", { recursive: true, force: true });
  renameSync(production, "public");

  playwright("chromium", "test-results/e2e.json", previewBuilt ? { PREVIEW_BUILD_DIR: previewDir } : {});

  // The visitor journeys in Chromium, Firefox ESR and WebKitGTK, on the same build (docs/browsers.md). An engine
  // that is not installed (nor installable: not root, or no apt) fails a step, and says how to install it.
  rmSync("test-results/journeys.json", { force: true });
  const journeysOk = run("node", ["--import", "tsx", "__tests__/journeys/run.ts"], browserEnv);
  try {
    const report = JSON.parse(readFileSync("test-results/journeys.json", "utf8"));
    passed += report.passed;
    failed += report.failed;
    for (const { engine, message } of report.missing) {
      notes.push(`skipped: the journeys in ${ENGINES[engine].name}. ${message}`);
      step(`the journeys in ${ENGINES[engine].name} (not installed)`, false);
    }
    if (!journeysOk && report.failed === 0 && report.missing.length === 0) failed += 1;
  } catch {
    step("the cross-engine journeys", false);
  }
}

// The store under load (docs/store.md): every submission answered 200 is stored once, also when the server is
// killed. A run is 60 submissions at concurrency 10 (`npm run load` sends 300 at 50): the local runtime answers one
// request a core at a time (docs/store.md#under-load), and this bounds the step to a minute or two. The first run is on
// the embedded store: TEST_DATABASE_URL, which load.mjs would otherwise take, is emptied for it.
const LOAD = ["--total", "60", "--concurrency", "10"];
if (existsSync("public/404.html")) {
  step(
    "load on the embedded store: 60 submissions, then a run with SIGKILL",
    run("node", ["--import", "tsx", "scripts/load.mjs", ...LOAD], { TEST_DATABASE_URL: "" }),
  );
  if (process.env.TEST_DATABASE_URL)
    step(
      "load on the PostgreSQL server of TEST_DATABASE_URL: 60 submissions, then a run with SIGKILL",
      run("node", ["--import", "tsx", "scripts/load.mjs", ...LOAD, "--database-url", process.env.TEST_DATABASE_URL]),
    );
  else console.log("skipped: load on a PostgreSQL server (TEST_DATABASE_URL is not set; CI sets it)");
}

// Secrets are read at run time only: a build with fake credentials in every secret variable leaves none of them in
// public/, .cache/ or .netlify/ (src/server/secret-env.ts). Last, as it replaces public/ with a build of its own.
step("a build with fake credentials leaves none in its outputs", run("node", ["scripts/secret-scan.mjs"]));

console.log("\nhow long each command took:");
for (const [seconds, line] of took) console.log(`${String(seconds).padStart(6)} s  ${line}`);
for (const note of notes) console.log(`\n${note}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
