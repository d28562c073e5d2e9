// `npm run load`: 5,000 distinct valid leads at concurrency 50 against the production build on loopback,
// then checks the leads file holds each exactly once and prints latency. Bounded in count and time.
// Needs a build (npm run build). Usage: node scripts/load.mjs [--total 5000] [--concurrency 50]
import { spawn } from "child_process";
import { mkdtempSync, readFileSync } from "fs";
import os from "os";
import path from "path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const site = JSON.parse(readFileSync(path.join(root, "content", "site.json"), "utf8"));
const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const total = option("total", 5000);
const concurrency = option("concurrency", 50);
const port = option("port", 9141);
const deadline = Date.now() + 5 * 60_000;

const leadsFile = path.join(mkdtempSync(path.join(os.tmpdir(), "tidewell-load-")), "leads.jsonl");
const server = spawn("node", [path.join(root, "scripts/serve.mjs"), "--port", String(port)], {
  cwd: root,
  env: { ...process.env, LEADS_FILE: leadsFile, LEAD_RATE_LIMIT: String(total * 2) },
  stdio: "ignore",
});
const stop = () => server.kill();
process.on("exit", stop);

const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    if (i > 100) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const body = (i) =>
  JSON.stringify({
    type: site.labels.contact,
    info: `Load test lead number ${i}`,
    email: `load${i}@example.com`,
    phone: `91${String(i).padStart(8, "0")}`,
    name: `Load ${i}`,
  });

const latencies = [];
const statuses = new Map();
let next = 0;
async function worker() {
  while (next < total && Date.now() < deadline) {
    const i = next++;
    const started = performance.now();
    const response = await fetch(`${base}/api/lead`, { method: "POST", body: body(i) });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;

const lines = readFileSync(leadsFile, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const names = new Set(lines.map((l) => l.name));
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(
  `sent ${latencies.length} leads at concurrency ${concurrency} in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)}/s)`,
);
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}`);
console.log(
  `latency ms: p50 ${pct(50)}, p90 ${pct(90)}, p99 ${pct(99)}, max ${latencies[latencies.length - 1].toFixed(1)}`,
);
console.log(`leads file: ${lines.length} lines, ${names.size} distinct leads`);
stop();
const ok = lines.length === total && names.size === total && statuses.get(200) === total;
console.log(ok ? "ok: every lead stored exactly once" : "FAILED: leads lost or doubled");
process.exit(ok ? 0 : 1);
