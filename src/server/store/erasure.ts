// A right-to-erasure request (`npm run leads -- erase`): every submission, subscription and visitor mail of one
// e-mail address gone from the store's files, not only from its tables, and a list of the copies that had already
// left the store, for the operator to erase there too (docs/security.md#privacy).
import type { Sql, Store } from "./sql";
import type { SinkName, SubmissionKind } from "./types";

/** What an erasure removed, and where copies of it had gone before: the operator's reminder of external sinks. */
export interface Erasure {
  /** submissions removed, by kind */
  removed: Partial<Record<SubmissionKind, number>>;
  total: number;
  /** each delivery of an erased submission that reached (or may have reached) a sink outside the store */
  copies: { kind: SubmissionKind; receivedAt: Date; sink: SinkName; deliveredAt: Date | null; status: string }[];
  /** the keys of the erased applications' CVs in the file store, for the caller to delete there too */
  cvKeys: string[];
}

/**
 * Deletes every submission of one e-mail address (a right-to-erasure request), its deliveries with it, and rewrites
 * both tables' files without them, so that the address is gone from the store's table and index files when this
 * returns: a plain DELETE (and plain VACUUM) only marks row versions dead, and their bytes stay in the files until
 * overwritten. The rewrite copies the rows that stay aside, TRUNCATEs the two tables (new files; the old ones are
 * unlinked at commit) and puts the rows back, in one transaction: what VACUUM FULL does, which PGlite 0.3 cannot run
 * twice on a table that gained a column with a default (it fails with "tuple concurrently deleted"). The tables are
 * locked for the moments it takes (milliseconds for thousands of rows); the endpoint waits, it does not fail.
 * Beyond reach: the write-ahead log (pg_wal) holds the rows until PostgreSQL recycles its segment, and a database's
 * backups (Netlify Database's restore points) for as long as they are kept.
 */
export async function eraseEmail(store: Store, email: string): Promise<Erasure> {
  const address = email.trim();
  const rows = await store.transaction(async (tx) => {
    await tx.query("LOCK TABLE submissions, deliveries, subscribers, visitor_mail IN ACCESS EXCLUSIVE MODE");
    const { rows: gone } = await tx.query<{
      id: string;
      kind: SubmissionKind;
      received_at: Date;
      sink: SinkName | null;
      status: string | null;
      delivered_at: Date | null;
      attempts: number | null;
      cv_key: string | null;
    }>(
      `SELECT s.id, s.kind, s.received_at, d.sink, d.status, d.delivered_at, d.attempts, s.cv_key
         FROM submissions s LEFT JOIN deliveries d ON d.submission_id = s.id
        WHERE lower(s.email) = lower($1) ORDER BY s.received_at, d.sink`,
      [address],
    );
    if (!gone.length) {
      await rewriteWithout(tx, ["subscribers", "visitor_mail"], address);
      return gone;
    }
    await tx.query(
      `CREATE TEMP TABLE kept_submissions ON COMMIT DROP AS
         SELECT * FROM submissions WHERE lower(email) <> lower($1)`,
      [address],
    );
    await tx.query(
      `CREATE TEMP TABLE kept_deliveries ON COMMIT DROP AS
         SELECT * FROM deliveries WHERE submission_id IN (SELECT id FROM kept_submissions)`,
    );
    await tx.query("TRUNCATE submissions, deliveries");
    await tx.query("INSERT INTO submissions SELECT * FROM kept_submissions");
    await tx.query("INSERT INTO deliveries SELECT * FROM kept_deliveries");
    await rewriteWithout(tx, ["subscribers", "visitor_mail"], address);
    return gone;
  });
  await store.exec("CHECKPOINT");
  const removed: Erasure["removed"] = {};
  const ids = new Set<string>();
  for (const row of rows) {
    if (ids.has(row.id)) continue;
    ids.add(row.id);
    removed[row.kind] = (removed[row.kind] ?? 0) + 1;
  }
  const copies = rows
    .filter((r) => r.sink && (r.status === "delivered" || (r.attempts ?? 0) > 0))
    .map((r) => ({
      kind: r.kind,
      receivedAt: new Date(r.received_at),
      sink: r.sink as SinkName,
      deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
      status: r.status ?? "",
    }));
  const cvKeys = [...new Set(rows.map((r) => r.cv_key).filter((k): k is string => Boolean(k)))];
  return { removed, total: ids.size, copies, cvKeys };
}

/** Rewrites tables keyed by an e-mail address without its rows (as eraseEmail does the submissions'). */
async function rewriteWithout(tx: Sql, tables: readonly ("subscribers" | "visitor_mail")[], address: string) {
  for (const table of tables) {
    const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE lower(email) = lower($1) LIMIT 1`, [address]);
    if (!rows.length) continue;
    await tx.query(
      `CREATE TEMP TABLE kept_${table} ON COMMIT DROP AS SELECT * FROM ${table} WHERE lower(email) <> lower($1)`,
      [address],
    );
    await tx.query(`TRUNCATE ${table}`);
    await tx.query(`INSERT INTO ${table} SELECT * FROM kept_${table}`);
  }
}
