import { getDatabase } from "@netlify/database";
import { describeUrl, poolStore, type PoolLike, type Store } from "./sql";

const LOCAL = Symbol.for("tidewell.submissions-store");
type WithLocal = typeof globalThis & { [LOCAL]?: Store };

/** The local server (scripts/serve.mjs) and `gatsby develop` hand their store to the functions they run. */
export function provideLocalStore(store: Store | undefined): void {
  (globalThis as WithLocal)[LOCAL] = store;
}

/**
 * The connection string of the submissions store, read at run time only (src/server/secret-env.ts):
 * DATABASE_URL when it is set (any PostgreSQL), else Netlify Database's NETLIFY_DB_URL.
 */
export const connectionString = (env: Record<string, string | undefined>) =>
  env.DATABASE_URL || env.NETLIFY_DB_URL || null;

export class NoStoreError extends Error {
  code = "NO_STORE";
  constructor() {
    super("No submissions store is configured: NETLIFY_DB_URL or DATABASE_URL, or a local server's embedded store");
  }
}

/** The store for the form endpoints: opened on first use, kept for the life of the function instance. */
export function functionStore(env: Record<string, string | undefined>) {
  let opened: Store | null = null;
  return async (): Promise<Store> => {
    const local = (globalThis as WithLocal)[LOCAL];
    if (local) return local;
    if (opened) return opened;
    const url = connectionString(env);
    if (!url) throw new NoStoreError();
    const { pool } = getDatabase({ connectionString: url });
    opened = poolStore(pool as unknown as PoolLike, describeUrl(url));
    return opened;
  };
}
