// What the store keeps no longer than it must (docs/deploying.md#the-daily-purge): submissions past their retention period
// (spam after its own), applications past theirs, the rate limit's spent buckets, and which CV files no row points to.
// The purge (src/server/purge.ts: daily on Netlify, and `npm run leads -- purge`) calls these in batches.
import type { Sql } from "./sql";

/**
 * Deletes submissions older than the retention period (spam after its own, shorter one), at most `batch` a call so
 * that a request doing it stays short, and the rate limit's buckets that have been full for their window (each
 * bucket's own since migration 0008, and at least `rateWindowMs`).
 */
export async function purgeExpired(
  store: Sql,
  retentionDays: number,
  rateWindowMs: number,
  spamRetentionDays: number,
  batch = 500,
) {
  const { rows } = await store.query<{ n: number }>(
    `WITH gone AS (DELETE FROM submissions WHERE id IN (
       SELECT id FROM submissions
        WHERE received_at < now() - (CASE WHEN status = 'spam' THEN $3 ELSE $1 END)::double precision * interval '1 day'
        LIMIT $2)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [retentionDays, batch, Math.min(spamRetentionDays, retentionDays)],
  );
  await store.query(
    "DELETE FROM rate_limits WHERE updated_at <= now() - greatest($1::double precision, window_ms) * interval '1 millisecond'",
    [rateWindowMs],
  );
  return rows[0].n;
}

/**
 * Deletes the applications older than their own retention period (APPLICATIONS_RETENTION_DAYS), at most `batch` a
 * call, and returns the keys of their CVs, for the caller to delete from the file store (src/server/purge.ts).
 */
export async function purgeApplications(store: Sql, retentionDays: number, batch = 500) {
  const { rows } = await store.query<{ cv_key: string | null }>(
    `DELETE FROM submissions WHERE id IN (
       SELECT id FROM submissions
        WHERE kind = 'application' AND received_at < now() - $1::double precision * interval '1 day'
        LIMIT $2)
     RETURNING cv_key`,
    [retentionDays, batch],
  );
  return { count: rows.length, cvKeys: rows.map((r) => r.cv_key).filter((k): k is string => Boolean(k)) };
}

/** Which of these file keys no submission points to (a file whose row is gone, or never came). */
export async function unclaimedCvKeys(store: Sql, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const { rows } = await store.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k WHERE NOT EXISTS (SELECT 1 FROM submissions WHERE cv_key = k)`,
    [keys],
  );
  return rows.map((r) => r.key);
}
