import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "crypto";
import { readFileSync } from "fs";
import path from "path";
import { migrate } from "../../src/server/store/migrate";
import { openStore } from "../../src/server/store/open-store";
import type { Sql, Store } from "../../src/server/store/sql";

/**
 * The engines the store's tests run on: embedded PGlite always, and a real PostgreSQL server through the production
 * driver when TEST_DATABASE_URL names one (CI starts one; `.ci/run` says how). Each test gets a fresh, migrated
 * database: a new PGlite in memory, or a new database on the server, dropped afterwards.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

export const engines: [string, () => Promise<Store>][] = [
  ["PGlite", freshPGlite],
  ...(POSTGRES_URL ? [["PostgreSQL (TEST_DATABASE_URL)", freshPostgres] as [string, () => Promise<Store>]] : []),
];

if (!POSTGRES_URL)
  // the CI log says which engines ran
  console.info("Store tests on a PostgreSQL server skipped: TEST_DATABASE_URL is not set (CI sets it).");

// PGlite's WebAssembly and file-system bundle, read once per test file (Jest runs with --experimental-vm-modules:
// PGlite loads parts of itself with import()).
const dist = path.dirname(require.resolve("@electric-sql/pglite"));
let engine: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | null = null;

const sqlOf = (db: Pick<PGlite, "query" | "exec">): Sql => ({
  query: (text, params) => db.query(text, params),
  exec: (statements) => db.exec(statements).then(() => undefined),
});

/**
 * A PGlite in memory, in this process: the store's SQL on the embedded engine, without the loopback port the store
 * is served on elsewhere (open-store.ts; its own tests are in open-store.test.ts). PGlite runs a query after any
 * transaction in progress, as a server's session would.
 */
export async function freshPGlite(): Promise<Store> {
  engine ??= WebAssembly.compile(readFileSync(path.join(dist, "pglite.wasm"))).then((wasmModule) => ({
    wasmModule,
    fsBundle: new Blob([readFileSync(path.join(dist, "pglite.data"))]),
  }));
  const db = await PGlite.create(await engine);
  const store: Store = {
    where: "PGlite in memory",
    ...sqlOf(db),
    transaction: (work) => db.transaction((tx) => work(sqlOf(tx))),
    close: () => db.close(),
  };
  await migrate(store);
  return store;
}

/** Empties every table of the store, between the tests of a file that share one. */
export const emptied = (store: Store) =>
  store.exec("TRUNCATE submissions, deliveries, rate_limits, store_keys CASCADE");

export async function freshPostgres(): Promise<Store> {
  const admin = await openStore({ DATABASE_URL: POSTGRES_URL }, "command");
  const name = `tidewell_test_${randomBytes(6).toString("hex")}`;
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  const store = await openStore({ DATABASE_URL: url.toString() }, "command");
  await migrate(store);
  return {
    ...store,
    async close() {
      await store.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
