// node --import tsx scripts/bench/store-choice.mts embedded|emulation [N]
// (docs/store.md#against-netlifys-own-database-emulation)
// Which store meets the endpoint's budget: the form endpoint's handler in one process, 1,000 submissions at
// concurrency 50, against (a) the embedded PGlite behind our gateway, (b) Netlify's database emulation.
import { mkdtempSync } from "fs";
import os from "os";
import path from "path";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config.ts";
import { createLeadHandler } from "../../src/server/lead-handler.ts";
import { openStore } from "../../src/server/store/open-store.ts";

const N = Number(process.argv[3] ?? 1000),
  C = 50;
async function run(label: string, env: Record<string, string>) {
  const settings = readSettings(
    { LEAD_RATE_LIMIT: "1000000", LEAD_DELIVERY_WAIT_MS: "0" },
    site.siteUrl,
    site.emails.sales,
  );
  const handle = createLeadHandler({
    labels: site.labels,
    mailboxes: site.emails,
    settings,
    store: () => openStore(env),
  });
  let i = 0;
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (i < N) {
        const n = i++;
        const body = JSON.stringify({
          type: site.labels.contact,
          info: `Load ${n}`,
          email: `l${n}@example.com`,
          phone: "91",
          name: `L ${n}`,
        });
        const s = performance.now();
        const r = await handle(
          new Request(`${site.siteUrl}/api/lead`, { method: "POST", body, headers: { origin: site.siteUrl } }),
          { ip: `10.0.${n % 250}.1` },
        );
        if (r.status !== 200) console.log(r.status, await r.text());
        lat.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  const db = await openStore(env);
  const { rows } = await db.query<{ n: string }>("SELECT count(*) n FROM submissions");
  console.log(
    `${label}: ${N} in ${secs.toFixed(1)} s = ${(N / secs).toFixed(0)}/s, p50 ${lat[N >> 1].toFixed(0)} ms, p99 ${lat[Math.floor(N * 0.99)].toFixed(0)} ms, stored ${rows[0].n}`,
  );
  await db.close();
}

if (process.argv[2] === "embedded") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "choice-"));
  const server = await openStore({ LEADS_STORE_DIR: dir }, "server");
  await run("embedded PGlite (our gateway)", { LEADS_STORE_DIR: dir });
  await server.close();
} else {
  const { NetlifyDB } = await import("@netlify/database-dev");
  const dir = mkdtempSync(path.join(os.tmpdir(), "choice-ndb-"));
  const db = new NetlifyDB({ directory: dir });
  const url = await db.start();
  const { migrate } = await import("../../src/server/store/migrate.ts");
  const admin = await openStore({ DATABASE_URL: url }, "command");
  await migrate(admin);
  await admin.close();
  await run("Netlify's database emulation (@netlify/database-dev)", { DATABASE_URL: url });
  await db.stop();
}
process.exit(0);
