// The one way to the submissions store, for every process: the functions, the build, `gatsby develop`, the local
// server, `npm run leads`, the scripts and the tests (docs/store.md#where-the-store-runs).
//   - DATABASE_URL (any PostgreSQL), else NETLIFY_DB_URL (Netlify Database, set by Netlify): through the production
//     driver, @netlify/database.
//   - neither: the embedded store in LEADS_STORE_DIR (.data/store). One local process at a time has the folder open
//     and serves it on a loopback port of its own (local-store.ts); every process, that one included, reaches it
//     there through the same driver, with the password kept in the folder (readable by this user only).
import { getDatabase } from "@netlify/database";
import { randomBytes } from "crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "fs";
import path from "path";
import { migrate } from "./migrate";
import { errorCode, type Sql, type Store } from "./sql";

/** Where the embedded store keeps its data unless LEADS_STORE_DIR says otherwise. */
export const DEFAULT_STORE_DIR = ".data/store";

type Env = Record<string, string | undefined>;

/**
 * Who opens the store. With DATABASE_URL or NETLIFY_DB_URL all connect alike; on the embedded store:
 * - "function" connects to the process that has the folder open (the local server, `gatsby develop`), and keeps
 *   the store for the life of the process, shared by its requests;
 * - "command" (`npm run leads`, the build, a script) connects to it too, or has the folder open itself for as long
 *   as it needs it when no process has;
 * - "server" has the folder open for the others; when a command has it, it uses the command's until that ends.
 */
export type Opener = "function" | "command" | "server";

/** A pg-compatible pool: pg's Pool, or Neon's serverless Pool (both come from @netlify/database). */
interface PoolLike extends Pick<Sql, "query"> {
  connect(): Promise<Pick<Sql, "query"> & { release(error?: Error | boolean): void }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "remove", listener: () => void): unknown;
  totalCount: number;
  options?: { connectionTimeoutMillis?: number; allowExitOnIdle?: boolean };
}

/** How long a connection may take before the store counts as unreachable (pg waits for ever by default). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How often a server that uses a command's store tries to open the folder itself. */
const TAKE_OVER_EVERY_MS = 500;

export class NoStoreError extends Error {
  code = "NO_STORE";
  constructor() {
    super("No submissions store is configured: NETLIFY_DB_URL or DATABASE_URL, or a local server's embedded store");
  }
}

const kept = new Map<string, Store>();

export async function openStore(env: Env, as: Opener = "function"): Promise<Store> {
  const url = env.DATABASE_URL || env.NETLIFY_DB_URL;
  const dir = path.resolve(env.LEADS_STORE_DIR || DEFAULT_STORE_DIR);
  const where = url ? describeUrl(url) : `the embedded store in ${path.relative(process.cwd(), dir) || dir}`;
  const keyFile = path.join(dir, "password");
  if (as === "function") {
    if (!url && !existsSync(keyFile)) throw new NoStoreError();
    const key = url ?? dir;
    if (!kept.has(key)) {
      const store = connect(url ?? localUrl(env, dir, readFileSync(keyFile, "utf8")), where);
      kept.set(key, { ...store, close: () => (kept.delete(key), store.close()) });
    }
    return kept.get(key)!;
  }
  if (url) return connect(url, where);

  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(keyFile)) {
    // whole before it appears, and made once: a process that races this one keeps the first one's
    const made = `${keyFile}.${process.pid}`;
    writeFileSync(made, randomBytes(18).toString("base64url"), { mode: 0o600 });
    try {
      linkSync(made, keyFile);
    } catch {
      // another process made it first
    } finally {
      rmSync(made, { force: true });
    }
  }
  const password = readFileSync(keyFile, "utf8");
  const port = Number(env.LEADS_STORE_PORT) || portFor(dir);
  // imported here only, so that the functions' bundles never hold PGlite (webpack leaves this import alone)
  const { serveFolder } = await import(/* webpackIgnore: true */ "./local-store");
  let served = await serveFolder(dir, port, password);
  const store = connect(localUrl(env, dir, password), where);
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const takeOver = async () => {
    const mine = await serveFolder(dir, port, password).catch(() => null);
    if (closed) await mine?.close();
    else if (mine) served = mine;
    else retry = setTimeout(takeOver, TAKE_OVER_EVERY_MS).unref();
  };
  try {
    if (served) await migrate(store);
    else if (as === "server") retry = setTimeout(takeOver, TAKE_OVER_EVERY_MS).unref();
    else await store.query("SELECT 1");
  } catch (error) {
    await store.close();
    await served?.close();
    throw error;
  }
  return {
    ...store,
    async close() {
      closed = true;
      clearTimeout(retry);
      await store.close();
      await served?.close();
    },
  };
}

/** The folder's own port, outside the ephemeral ranges of Linux (32768–60999) and macOS (49152–65535). */
function portFor(dir: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(realpathSync(dir))) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return 20_000 + (hash % 10_000);
}

const localUrl = (env: Env, dir: string, password: string) =>
  `postgres://tidewell:${encodeURIComponent(password)}@127.0.0.1:${Number(env.LEADS_STORE_PORT) || portFor(dir)}/postgres`;

// without parameters, pg and Neon send a query through the simple protocol, which takes several statements
const withExec = (q: Pick<Sql, "query">): Sql => ({
  query: (text, params) => q.query(text, params),
  exec: (statements) => q.query(statements).then(() => undefined),
});

/** How long a store's close waits for its connections to end. */
const CLOSE_WAIT_MS = 5_000;

/** The one pool: the production driver's, for Netlify Database, any PostgreSQL and the embedded store alike. */
function connect(connectionString: string, where: string): Store {
  const pool = getDatabase({ connectionString }).pool as unknown as PoolLike;
  // @netlify/database makes the pool from a connection string alone; pg-pool reads its options at each connect
  if (pool.options && !pool.options.connectionTimeoutMillis) pool.options.connectionTimeoutMillis = CONNECT_TIMEOUT_MS;
  // an idle connection keeps no function alive: an invocation ends when its event loop is empty (Lambda, and
  // Netlify's local emulation waits for it before it answers), and a process may exit while the pool is idle
  if (pool.options) pool.options.allowExitOnIdle = true;
  // an idle connection that the server closes is reported on the pool; unhandled, it would end the process
  pool.on("error", (error) => console.error(`store: an idle connection failed (${errorCode(error)})`));
  return {
    where,
    ...withExec(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(withExec(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    // pg-pool's end() resolves once it has asked each connection to end, before they have: the store's close waits
    // for them too (at most CLOSE_WAIT_MS, should one never end), so that a server closed next (the embedded
    // store's, local-store.ts) cuts off none still ending. The wait's timer is what keeps a process alive meanwhile:
    // the connections' sockets do not (allowExitOnIdle), and a script's top-level `await store.close()` would
    // otherwise end the process unsettled, before its next line
    async close() {
      let open = pool.totalCount;
      let timer: NodeJS.Timeout | undefined;
      const ended = new Promise<void>((resolve) => {
        if (!open) resolve();
        pool.on("remove", () => --open || resolve());
      });
      await pool.end();
      await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}

/** Where a connection string points, without its credentials. */
function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}
