// What the submissions store needs of a PostgreSQL connection, whichever engine serves it: Netlify Database, any
// PostgreSQL server or the embedded store, all through the production driver (open-store.ts).

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

/** A short name for an error from the store that never includes the values of a query. */
export function errorCode(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === "string" && code ? code : typeof name === "string" && name ? name : "unknown error";
}

/**
 * A function of the store called with its arguments by name (PostgreSQL's `p_id => $1` notation), as a query's
 * text and values: the arguments are an object whose keys are the function's parameter names, so that no two
 * values can change places unseen, as they could in a list of 19.
 */
export function callByName(fn: string, columns: string, args: object): [string, unknown[]] {
  const entries = Object.entries(args);
  const bad = entries.find(([name]) => !/^p_[a-z_]+$/.test(name));
  if (bad) throw new Error(`${fn}: "${bad[0]}" is not a parameter name (p_…)`);
  const list = entries.map(([name], i) => `${name} => $${i + 1}`).join(", ");
  return [`SELECT ${columns} FROM ${fn}(${list})`, entries.map(([, value]) => value)];
}

/** Whether the store answers at all (`npm run leads` asks before its command). */
export const ping = (store: Sql) => store.query("SELECT 1").then(() => undefined);
