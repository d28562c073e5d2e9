// What the submissions store needs of a PostgreSQL connection, whichever engine serves it: Netlify Database or any
// server through the production driver (@netlify/database), or embedded PGlite locally (local-store.ts).

export type Row = Record<string, unknown>;

export interface Sql {
  query<T extends object = Row>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs statements without parameters (a migration file), through PostgreSQL's simple query protocol. */
  exec(statements: string): Promise<void>;
}

export interface Store extends Sql {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Where the data lives, for messages: "PostgreSQL at db.example.com:5432", "the embedded store in .data/store". */
  readonly where: string;
}

type Queryable = Pick<Sql, "query">;

/** A pg-compatible pool: pg's Pool, or Neon's serverless Pool (both come from @netlify/database). */
export interface PoolLike extends Queryable {
  connect(): Promise<Queryable & { release(error?: Error | boolean): void }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): unknown;
  options?: { connectionTimeoutMillis?: number };
}

/** How long a connection may take before the store counts as unreachable (pg waits for ever by default). */
export const CONNECT_TIMEOUT_MS = 5_000;

// without parameters, pg and Neon send a query through the simple protocol, which takes several statements
const withExec = (q: Queryable): Sql => ({
  query: (text, params) => q.query(text, params),
  exec: (statements) => q.query(statements).then(() => undefined),
});

export function poolStore(pool: PoolLike, where: string): Store {
  // @netlify/database makes the pool from a connection string alone; pg-pool reads its options at each connect
  if (pool.options && !pool.options.connectionTimeoutMillis) pool.options.connectionTimeoutMillis = CONNECT_TIMEOUT_MS;
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
    close: () => pool.end(),
  };
}

/** A short name for an error from the store that never includes the values of a query. */
export function errorCode(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === "string" && code ? code : typeof name === "string" && name ? name : "unknown error";
}

/** Where a connection string points, without its credentials. */
export function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}
