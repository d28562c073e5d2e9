// The rate limit's buckets (migration 0008's take_token): one token bucket a client and budget, shared by every
// function instance. The limiter that decides what a budget is lives in src/server/rate-limit.ts; old buckets go
// with the retention (retention.ts).
import type { Sql } from "./sql";

/** Takes one token of `bucket`: null when there was one, else how many milliseconds until there is. */
export async function takeToken(store: Sql, bucket: string, limit: number, windowMs: number): Promise<number | null> {
  const { rows } = await store.query<{ wait_ms: number | null }>("SELECT take_token($1, $2, $3) AS wait_ms", [
    bucket,
    limit,
    windowMs,
  ]);
  const wait = rows[0]?.wait_ms;
  return wait === null || wait === undefined ? null : Number(wait);
}
