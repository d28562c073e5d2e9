// `npm run load`: distinct valid submissions at a fixed concurrency against the production build served on
// loopback, then a look in the database: every submission answered 200 must be there exactly once, and every answer
// must be a 200 or a refusal by name with a Retry-After (429, 503): never a 500, never none.
//   1. a steady run: 300 submissions at concurrency 50, with p50/p90/p99 latency and throughput;
//   2. a run during which the server is killed with SIGKILL and started again (skip with --no-kill).
// Each run is bounded in count (--total) and in time (--seconds: no submission is started after it); a run that
// reaches its time bound says so, and is checked on what it sent. The defaults are what the local runtime gets
// through in that time on a busy two-core machine (docs/store.md#under-load: 5,000 would take it about an hour, and
// the kill at 40 % never came). The store is a fresh embedded one in a temporary folder, or, with --database-url URL
// (or TEST_DATABASE_URL), a fresh database on that PostgreSQL server, reached through the production driver.
// Needs a build (npm run build). Its options: USAGE below.
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import { mkdtempSync, rmSync } from "fs";
import os from "os";
import path from "path";
import { commandLine } from "./command-line.mjs";

const USAGE = `Usage: npm run load -- [options]   (node --import tsx scripts/load.mjs [options])
  --total N             submissions a run (default 300)
  --concurrency N       submissions in flight at once (default 50)
  --seconds N           a run's time bound: no submission is started after it (default 300)
  --port N              the port of the server under load (default 9141)
  --database-url URL    a fresh database on this PostgreSQL server (default TEST_DATABASE_URL), else a fresh
                        embedded store
  --no-kill             the steady run only, without the run during which the server is killed
  --json                one line of JSON on standard output at the end (the benchmark reads it)`;
const { values: options } = commandLine(USAGE, {
  options: {
    total: { type: "string", default: "300" },
    concurrency: { type: "string", default: "50" },
    seconds: { type: "string", default: "300" },
    port: { type: "string", default: "9141" },
    "database-url": { type: "string" },
    "no-kill": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

const { openStore } = await import("../src/server/store/open-store.ts");
const { migrate } = await import("../src/server/store/migrate.ts");
const { rowsPerEmail } = await import("../src/server/store/queries.ts");
// a valid enquiry, as the tests build one: every field its form declares
const { validBody } = await import("../__tests__/support/valid-body.ts");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const total = Number(options.total);
const concurrency = Number(options.concurrency);
const port = Number(options.port);
const serverUrl = options["database-url"] ?? process.env.TEST_DATABASE_URL;
const seconds = Number(options.seconds);
const json = options.json;
// a reader that goes away (`npm run load | head`) ends nothing: the run still stops its server and drops its store
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
  });
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
/** How long one submission may go unanswered before it counts as "no answer" (the local runtime waits 30 s a turn). */
const REQUEST_LIMIT_MS = 120_000;
/** How long a server may take to start. */
const START_LIMIT_MS = 180_000;

/** A fresh store for one run: its environment for the server and a way to read it afterwards. */
async function freshStore() {
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tidewell-load-"));
    return {
      label: "embedded store (PGlite)",
      env: { LEADS_STORE_DIR: dir },
      open: () => openStore({ LEADS_STORE_DIR: dir }, "command"),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = await openStore({ DATABASE_URL: serverUrl }, "command");
  const name = `tidewell_load_${randomBytes(4).toString("hex")}`;
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openStore({ DATABASE_URL: url.toString() }, "command");
  await migrate(db);
  await db.close();
  return {
    label: `PostgreSQL server (${url.host})`,
    env: { DATABASE_URL: url.toString() },
    open: () => openStore({ DATABASE_URL: url.toString() }, "command"),
    drop: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

function startServer(env) {
  const server = spawn("node", ["--import", "tsx", path.join(root, "scripts/serve.mjs"), "--port", String(port)], {
    cwd: root,
    env: { ...process.env, ...env, LEAD_RATE_LIMIT: String(total * 4), LEAD_WEBHOOK_URL: "", SMTP_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // it answers once every function is bundled: seconds on a quiet machine, a minute or more on a busy one
  const until = Date.now() + START_LIMIT_MS;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
      } catch {
        if (Date.now() > until || server.exitCode !== null)
          throw new Error(`the server did not start within ${START_LIMIT_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();
  return { server, ready };
}

const stopped = (server, signal) =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once("exit", resolve);
    server.kill(signal);
  });

const body = (run, i) =>
  JSON.stringify(
    validBody("contact", {
      info: `Load test submission ${i} of run ${run}`,
      email: `load-${run}-${i}@example.com`,
      phone: `91${String(i).padStart(8, "0")}`,
      name: `Load ${run} ${i}`,
    }),
  );

/** What an answer counts as: 200, a refusal by name (429 or 503 with Retry-After), or anything else. */
const kindOf = (status, retryAfter) =>
  status === 200
    ? "200"
    : (status === 429 || status === 503) && retryAfter
      ? `${status} with Retry-After`
      : `${status}`;

/**
 * Sends `total` submissions, none started after the run's time bound; `during(i)` may act on the server part-way.
 * Returns what was answered and who got 200.
 */
async function send(run, during = async () => {}) {
  const latencies = [];
  const answers = new Map();
  const accepted = new Set();
  const bound = Date.now() + seconds * 1000;
  let next = 0;
  async function worker() {
    while (next < total && Date.now() < bound) {
      const i = next++;
      await during(i);
      const started = performance.now();
      let kind;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/lead`, {
          method: "POST",
          body: body(run, i),
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        });
        await response.arrayBuffer();
        kind = kindOf(response.status, response.headers.get("retry-after"));
      } catch {
        kind = "no answer";
      }
      latencies.push(performance.now() - started);
      answers.set(kind, (answers.get(kind) ?? 0) + 1);
      if (kind === "200") accepted.add(`load-${run}-${i}@example.com`);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const took = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN;
  const sent = latencies.length;
  return { seconds: took, answers, accepted, sent, bounded: sent < total, p50: pct(50), p90: pct(90), p99: pct(99) };
}

/** What the database holds of a run: each e-mail address and how many rows it has. */
async function stored(store, run) {
  const db = await store.open();
  try {
    return await rowsPerEmail(db, `load-${run}-`);
  } finally {
    await db.close();
  }
}

const ms = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : "–");
const REFUSALS = ["429 with Retry-After", "503 with Retry-After"];

/** A run's line of the answers table, and whether its answers are all 200 or refusals by name. */
function answered(label, r, allowed = []) {
  const of = (kind) => r.answers.get(kind) ?? 0;
  const other = [...r.answers].filter(([kind]) => kind !== "200" && !REFUSALS.includes(kind));
  const bad = other.filter(([kind]) => !allowed.includes(kind));
  const row = [
    label,
    `${r.sent} of ${total}${r.bounded ? ` (time bound, ${seconds} s)` : ""}`,
    `${r.seconds.toFixed(0)} s`,
    (of("200") / r.seconds).toFixed(2),
    of("200"),
    REFUSALS.map((kind) => of(kind)).join(" / "),
    other.map(([kind, n]) => `${kind} × ${n}`).join(", ") || "none",
    ms(r.p50),
    ms(r.p90),
    ms(r.p99),
  ];
  return { row, ok: bad.length === 0 };
}

/** A run's line of the database table, and whether every 200 is there exactly once. */
function kept(label, result, rows) {
  const lost = [...result.accepted].filter((email) => !rows.has(email));
  const doubled = [...rows.values()].filter((n) => n > 1).length;
  return {
    row: [label, result.accepted.size, rows.size, lost.length, doubled],
    ok: lost.length === 0 && doubled === 0,
  };
}

const table = (head, rows) =>
  [head, head.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");

const store = await freshStore();
let ok = true;
const report = { store: store.label, total, concurrency, seconds };
const answerRows = [];
const storeRows = [];
const notes = [];
let current;
process.on("exit", () => current?.server.kill("SIGKILL"));
try {
  say(
    `Load on the ${store.label}: ${total} submissions a run at concurrency ${concurrency}, at most ${seconds} s each`,
  );
  current = startServer(store.env);
  await current.ready;
  const steady = await send("steady");
  await stopped(current.server, "SIGTERM");
  const steadyAnswers = answered("steady", steady);
  const steadyKept = kept("steady", steady, await stored(store, "steady"));
  answerRows.push(steadyAnswers.row);
  storeRows.push(steadyKept.row);
  ok = steadyAnswers.ok && steadyKept.ok && ok;
  Object.assign(report, {
    sent: steady.sent,
    bounded: steady.bounded,
    answered200: steady.accepted.size,
    throughput: +(steady.sent / steady.seconds).toFixed(2),
    p50: Math.round(steady.p50),
    p90: Math.round(steady.p90),
    p99: Math.round(steady.p99),
  });

  if (!options["no-kill"]) {
    current = startServer(store.env);
    await current.ready;
    // at 40 %, the server is killed mid-flight; the other senders wait for the restart, as a visitor would retry
    const killAt = Math.floor(total * 0.4);
    let restarting = null;
    const killed = await send("killed", async (i) => {
      if (i === killAt)
        restarting = (async () => {
          await stopped(current.server, "SIGKILL");
          current = startServer(store.env);
          await current.ready;
        })();
      await restarting;
    });
    await stopped(current.server, "SIGTERM");
    // what was in flight when the server was killed has no answer: that is the kill, not a failure
    const killedAnswers = answered(`SIGKILL after ${killAt}, restart`, killed, restarting ? ["no answer"] : []);
    const killedKept = kept(`SIGKILL after ${killAt}, restart`, killed, await stored(store, "killed"));
    answerRows.push(killedAnswers.row);
    storeRows.push(killedKept.row);
    ok = killedAnswers.ok && killedKept.ok && ok;
    if (!restarting) {
      notes.push(`the run reached its time bound before submission ${killAt}: the server was not killed`);
      ok = false;
    }
    report.killed = { answered200: killed.accepted.size, notAnswered: killed.sent - killed.accepted.size };
  }
} catch (error) {
  notes.push(`the run stopped: ${error.message}`);
  ok = false;
} finally {
  if (current) await stopped(current.server, "SIGKILL");
  await store.drop();
}
say("");
say(
  table(
    ["run", "sent", "took", "200 a second", "200", "429 / 503 with Retry-After", "other answers", "p50", "p90", "p99"],
    answerRows,
  ),
);
say("");
say(table(["run", "answered 200", "stored", "answered 200 but missing", "stored twice"], storeRows));
say("");
for (const note of notes) say(`- ${note}`);
say(
  ok
    ? "ok: every answer was a 200 or a refusal with Retry-After, and every 200 is stored exactly once"
    : "FAILED: see the tables",
);
if (json) console.log(JSON.stringify({ ...report, ok }));
process.exit(ok ? 0 : 1);
