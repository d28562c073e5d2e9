// `npm run load`: distinct valid submissions at a fixed concurrency against the production build served on
// loopback, then a look in the database: every submission answered 200 must be there exactly once.
//   1. a steady run: 5,000 submissions at concurrency 50, with p50/p90/p99 latency and throughput;
//   2. a run during which the server is killed with SIGKILL and started again (skip with --no-kill).
// The store is a fresh embedded one in a temporary folder, or, with --database-url URL (or TEST_DATABASE_URL), a
// fresh database on that PostgreSQL server, reached through the production driver. Bounded in count and time.
// Needs a build (npm run build). Its options: USAGE below.
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import { mkdtempSync, readFileSync, rmSync } from "fs";
import os from "os";
import path from "path";
import { commandLine } from "./command-line.mjs";

const USAGE = `Usage: npm run load -- [options]   (node --import tsx scripts/load.mjs [options])
  --total N             submissions a run (default 5000)
  --concurrency N       submissions in flight at once (default 50)
  --port N              the port of the server under load (default 9141)
  --database-url URL    a fresh database on this PostgreSQL server (default TEST_DATABASE_URL), else a fresh
                        embedded store
  --no-kill             the steady run only, without the run during which the server is killed
  --json                one line of JSON on standard output at the end (the benchmark reads it)`;
const { values: options } = commandLine(USAGE, {
  options: {
    total: { type: "string", default: "5000" },
    concurrency: { type: "string", default: "50" },
    port: { type: "string", default: "9141" },
    "database-url": { type: "string" },
    "no-kill": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

const { openStore } = await import("../src/server/store/open-store.ts");
const { migrate } = await import("../src/server/store/migrate.ts");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const site = JSON.parse(readFileSync(path.join(root, "content", "site.json"), "utf8"));
const total = Number(options.total);
const concurrency = Number(options.concurrency);
const port = Number(options.port);
const serverUrl = options["database-url"] ?? process.env.TEST_DATABASE_URL;
const json = options.json;
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const deadline = Date.now() + 5 * 60_000;

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
  const ready = (async () => {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
      } catch {
        if (i > 600 || server.exitCode !== null) throw new Error("the server did not start");
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
  JSON.stringify({
    type: site.labels.contact,
    info: `Load test submission ${i} of run ${run}`,
    email: `load-${run}-${i}@example.com`,
    phone: `91${String(i).padStart(8, "0")}`,
    name: `Load ${run} ${i}`,
  });

/** Sends `total` submissions; `during(sent)` may act on the server part-way. Returns who got 200. */
async function send(run, during = async () => {}) {
  const latencies = [];
  const statuses = new Map();
  const accepted = new Set();
  let next = 0;
  async function worker() {
    while (next < total && Date.now() < deadline) {
      const i = next++;
      await during(i);
      const started = performance.now();
      let status;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/lead`, { method: "POST", body: body(run, i) });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = "no answer";
      }
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) accepted.add(`load-${run}-${i}@example.com`);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { seconds, statuses, accepted, sent: latencies.length, p50: pct(50), p90: pct(90), p99: pct(99) };
}

/** What the database holds of a run: each e-mail address and how many rows it has. */
async function stored(store, run) {
  const db = await store.open();
  try {
    const { rows } = await db.query(
      "SELECT email, count(*)::int AS n FROM submissions WHERE email LIKE $1 GROUP BY email",
      [`load-${run}-%`],
    );
    return new Map(rows.map((r) => [r.email, r.n]));
  } finally {
    await db.close();
  }
}

const fmt = (r) =>
  `${r.sent} sent at concurrency ${concurrency} in ${r.seconds.toFixed(1)} s (${(r.sent / r.seconds).toFixed(0)}/s); ` +
  `answers: ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(", ")}; ` +
  `latency ms p50 ${r.p50.toFixed(1)}, p90 ${r.p90.toFixed(1)}, p99 ${r.p99.toFixed(1)}`;

function check(label, result, rows) {
  const lost = [...result.accepted].filter((email) => !rows.has(email));
  const doubled = [...rows.values()].filter((n) => n > 1).length;
  say(`  database: ${rows.size} submissions stored, ${lost.length} answered 200 but missing, ${doubled} stored twice`);
  const ok = lost.length === 0 && doubled === 0;
  say(`  ${ok ? "ok" : "FAILED"}: ${label}`);
  return ok;
}

const store = await freshStore();
let ok = true;
const report = { store: store.label, total, concurrency };
let current;
process.on("exit", () => current?.server.kill("SIGKILL"));
try {
  say(`Load on the ${store.label}`);
  current = startServer(store.env);
  await current.ready;
  const steady = await send("steady");
  say(`  steady run: ${fmt(steady)}`);
  await stopped(current.server, "SIGTERM");
  ok = check("every submission stored exactly once", steady, await stored(store, "steady")) && ok;
  ok = ok && steady.statuses.get(200) === total;
  Object.assign(report, {
    throughput: Math.round(steady.sent / steady.seconds),
    p50: +steady.p50.toFixed(1),
    p90: +steady.p90.toFixed(1),
    p99: +steady.p99.toFixed(1),
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
    say(`  run with SIGKILL after ${killAt} submissions, then a restart: ${fmt(killed)}`);
    await stopped(current.server, "SIGTERM");
    ok = check("every submission answered 200 survived the kill", killed, await stored(store, "killed")) && ok;
    report.killed = { answered200: killed.accepted.size, notAnswered: killed.sent - killed.accepted.size };
  }
} finally {
  await stopped(current.server, "SIGKILL");
  await store.drop();
}
if (json) console.log(JSON.stringify({ ...report, ok }));
process.exit(ok ? 0 : 1);
