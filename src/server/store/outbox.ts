import type { Sql, Store } from "./sql";
import { errorCode } from "./sql";
import type { Filter } from "./queries";
import { COLUMNS, type SinkName, type Submission } from "./types";

/**
 * Where a submission is delivered (src/server/sinks/): a webhook, the company's mailboxes, Salesforce. `deliver`
 * resolves to what the sink answered when that is worth keeping (Web-to-Lead's status), recorded with the delivery.
 */
export interface Sink {
  name: SinkName;
  deliver(submission: Submission): Promise<void | string>;
}

/** A failure that trying again on its own would not change (a 4xx): the delivery waits for a replay. */
export class PermanentFailure extends Error {}

export interface OutboxPolicy {
  /** how long an attempt holds its delivery before another instance may take it over */
  leaseMs: number;
  /** automatic attempts before a delivery waits for `npm run leads replay` */
  maxAttempts: number;
  /** the wait after the first failure; it doubles with each failure, up to `maxDelayMs` */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_POLICY: OutboxPolicy = {
  leaseMs: 2 * 60_000,
  maxAttempts: 10,
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60_000,
};

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export const backoffMs = (attempts: number, policy: OutboxPolicy): number =>
  Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);

interface Claimed {
  submission_id: string;
  sink: SinkName;
  attempts: number;
}

export interface Claim {
  /** these submissions' deliveries, whenever they are due */
  ids?: string[];
  /** up to this many other deliveries that are due */
  due?: number;
  /** up to this many undelivered deliveries, due or not (`npm run leads replay`)... */
  all?: number;
  /** ...not attempted since this time */
  notSince?: Date;
}

/**
 * Takes deliveries for this instance: each is held until its lease ends, and `FOR UPDATE SKIP LOCKED` lets
 * concurrent instances take different ones, so no delivery is attempted twice at once.
 */
async function claim(store: Sql, sinks: readonly SinkName[], which: Claim, policy: OutboxPolicy) {
  const { rows } = await store.query<Claimed>(
    `UPDATE deliveries d SET locked_until = now() + $1::double precision * interval '1 millisecond',
         attempts = d.attempts + 1, last_attempt_at = now()
       FROM (
         SELECT submission_id, sink FROM deliveries
          WHERE status <> 'delivered' AND sink = ANY($2::text[])
            AND (locked_until IS NULL OR locked_until < now())
            AND (submission_id = ANY($3::uuid[]) OR ($4::int > 0 AND next_attempt_at <= now())
                 OR ($5::int > 0 AND (last_attempt_at IS NULL OR last_attempt_at < $6::timestamptz)))
          ORDER BY (submission_id = ANY($3::uuid[])) DESC, next_attempt_at NULLS LAST
          LIMIT cardinality($3::uuid[]) * cardinality($2::text[]) + $4::int + $5::int
          FOR UPDATE SKIP LOCKED) taken
      WHERE d.submission_id = taken.submission_id AND d.sink = taken.sink
      RETURNING d.submission_id::text AS submission_id, d.sink, d.attempts`,
    [policy.leaseMs, sinks, which.ids ?? [], which.due ?? 0, which.all ?? 0, which.notSince ?? new Date()],
  );
  return rows;
}

async function record(store: Sql, claimed: Claimed, error: unknown, policy: OutboxPolicy, answer?: string) {
  if (error === undefined)
    await store.query(
      `UPDATE deliveries SET status = 'delivered', delivered_at = now(), locked_until = NULL, next_attempt_at = NULL,
         last_error = NULL, answer = $3 WHERE submission_id = $1 AND sink = $2`,
      [claimed.submission_id, claimed.sink, answer?.slice(0, 500) ?? null],
    );
  else {
    const message = error instanceof Error && error.message ? error.message : errorCode(error);
    const final = claimed.attempts >= policy.maxAttempts || error instanceof PermanentFailure;
    const next = final ? null : backoffMs(claimed.attempts, policy);
    await store.query(
      `UPDATE deliveries SET status = 'failed', last_error = $3, locked_until = NULL,
         next_attempt_at = CASE WHEN $4::double precision IS NULL THEN NULL
                                ELSE now() + $4::double precision * interval '1 millisecond' END
       WHERE submission_id = $1 AND sink = $2`,
      [claimed.submission_id, claimed.sink, message.slice(0, 500), next],
    );
  }
  // a submission is delivered once every sink took it, failed while one of them failed last
  await store.query(
    `UPDATE submissions SET status = (
       SELECT CASE WHEN bool_and(status = 'delivered') THEN 'delivered'
                   WHEN bool_or(status = 'failed') THEN 'failed' ELSE 'received' END
         FROM deliveries WHERE submission_id = $1)
     WHERE id = $1`,
    [claimed.submission_id],
  );
}

export interface DrainResult {
  delivered: number;
  failed: { id: string; sink: SinkName; error: string }[];
}

/** Attempts the claimed deliveries, in parallel, and records each outcome with its time and error. */
export async function drain(
  store: Store,
  sinks: readonly Sink[],
  which: Claim,
  policy: OutboxPolicy = DEFAULT_POLICY,
): Promise<DrainResult> {
  const result: DrainResult = { delivered: 0, failed: [] };
  if (!sinks.length) return result;
  const claimed = await claim(
    store,
    sinks.map((s) => s.name),
    which,
    policy,
  );
  if (!claimed.length) return result;
  const { rows } = await store.query<Submission>(`SELECT ${COLUMNS} FROM submissions WHERE id = ANY($1::uuid[])`, [
    [...new Set(claimed.map((c) => c.submission_id))],
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  await Promise.all(
    claimed.map(async (item) => {
      const submission = byId.get(item.submission_id);
      const sink = sinks.find((s) => s.name === item.sink);
      if (!submission || !sink) return;
      let error: unknown;
      let answer: string | void = undefined;
      try {
        answer = await sink.deliver(submission);
      } catch (failure) {
        error = failure ?? new Error("failed");
      }
      await record(store, item, error, policy, answer ?? undefined);
      if (error === undefined) result.delivered += 1;
      else
        result.failed.push({
          id: item.submission_id,
          sink: item.sink,
          error: error instanceof Error ? error.message : errorCode(error),
        });
    }),
  );
  return result;
}

/**
 * A stuck delivery: it failed its last automatic attempt (the `maxAttempts`th, or a PermanentFailure), so nothing
 * attempts it again until `npm run leads -- replay`. `record` makes it so in the UPDATE that records that attempt:
 * status 'failed' and no next attempt.
 */
export const isStuck = (d: { status: string; next_attempt_at: Date | null }) =>
  d.status === "failed" && d.next_attempt_at === null;
const STUCK = "d.status = 'failed' AND d.next_attempt_at IS NULL";

export interface Stuck {
  submission_id: string;
  sink: SinkName;
  kind: Submission["kind"];
  received_at: Date;
  attempts: number;
  last_error: string | null;
  last_attempt_at: Date | null;
  /** when the sales mailbox was told (src/server/delivery-alert.ts), or null */
  alerted_at: Date | null;
}

const STUCK_COLUMNS = `d.submission_id::text AS submission_id, d.sink, s.kind, s.received_at, d.attempts, d.last_error,
  d.last_attempt_at, d.alerted_at`;

/** The stuck deliveries of these submissions (`npm run leads -- list` and `show` mark them). */
export async function stuckOf(store: Sql, ids: readonly string[]): Promise<Stuck[]> {
  if (!ids.length) return [];
  const { rows } = await store.query<Stuck>(
    `SELECT ${STUCK_COLUMNS} FROM deliveries d JOIN submissions s ON s.id = d.submission_id
      WHERE ${STUCK} AND d.submission_id = ANY($1::uuid[]) ORDER BY d.submission_id, d.sink`,
    [ids],
  );
  return rows;
}

/** The submissions with a stuck delivery that match `filter`, newest first (`npm run leads -- list --stuck`). */
export async function stuckSubmissions(store: Sql, filter: Filter): Promise<Submission[]> {
  const { rows } = await store.query<Submission>(
    `SELECT ${COLUMNS} FROM submissions
      WHERE EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = submissions.id AND ${STUCK})
        AND ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2)
        AND ($3::timestamptz IS NULL OR received_at >= $3)
      ORDER BY received_at DESC, id LIMIT $4`,
    [filter.kind ?? null, filter.status ?? null, filter.since ?? null, Math.floor(filter.limit ?? 50)],
  );
  return rows;
}

/** How long a sender holds a stuck delivery's alert: far longer than a scheduled function may run (30 s). */
export const ALERT_LEASE_MS = 10 * 60_000;

/**
 * Takes up to `limit` stuck deliveries whose alert has not gone out, and none that an attempt holds (a replay), for
 * this sender alone until `leaseMs` ends. The one UPDATE sets the lease on the rows its subquery locks with
 * `FOR UPDATE SKIP LOCKED`, and rechecks `alerted_at IS NULL` on each: two senders at once take different
 * deliveries, and one whose alert went out is never taken again. The sender then calls `alertSent` (or `alertFailed`).
 */
export async function claimAlerts(store: Sql, limit: number, leaseMs = ALERT_LEASE_MS): Promise<Stuck[]> {
  const { rows } = await store.query<Stuck>(
    `UPDATE deliveries d SET alert_locked_until = now() + $1::double precision * interval '1 millisecond'
       FROM (
         SELECT x.submission_id, x.sink, sub.kind, sub.received_at
           FROM deliveries x JOIN submissions sub ON sub.id = x.submission_id
          WHERE x.status = 'failed' AND x.next_attempt_at IS NULL AND x.alerted_at IS NULL
            AND (x.alert_locked_until IS NULL OR x.alert_locked_until < now())
            AND (x.locked_until IS NULL OR x.locked_until < now())
          ORDER BY x.last_attempt_at NULLS FIRST
          LIMIT $2
          FOR UPDATE OF x SKIP LOCKED) s
      WHERE d.submission_id = s.submission_id AND d.sink = s.sink AND d.alerted_at IS NULL
      RETURNING ${STUCK_COLUMNS}`,
    [leaseMs, limit],
  );
  return rows;
}

/** The alert of a claimed delivery went out: it never goes again. */
export const alertSent = (store: Sql, d: Pick<Stuck, "submission_id" | "sink">) =>
  store.query(
    "UPDATE deliveries SET alerted_at = now(), alert_locked_until = NULL WHERE submission_id = $1 AND sink = $2",
    [d.submission_id, d.sink],
  );

/** The alert of a claimed delivery could not be sent: the next sender takes it. */
export const alertFailed = (store: Sql, d: Pick<Stuck, "submission_id" | "sink">) =>
  store.query(
    "UPDATE deliveries SET alert_locked_until = NULL WHERE submission_id = $1 AND sink = $2 AND alerted_at IS NULL",
    [d.submission_id, d.sink],
  );

/** Queues one delivery of a submission to `sink`, due now; none when it has one to that sink already. */
export const queueDelivery = (store: Sql, submissionId: string, sink: SinkName) =>
  store.query(
    `INSERT INTO deliveries (submission_id, sink, next_attempt_at) VALUES ($1, $2, now())
     ON CONFLICT DO NOTHING`,
    [submissionId, sink],
  );

/** How many deliveries wait, by sink: those not delivered yet (`npm run leads -- replay` names the unconfigured). */
export async function waitingBySink(store: Sql): Promise<{ sink: SinkName; n: number }[]> {
  const { rows } = await store.query<{ sink: SinkName; n: number }>(
    "SELECT sink, count(*)::int AS n FROM deliveries WHERE status <> 'delivered' GROUP BY sink ORDER BY sink",
  );
  return rows;
}

/** The store's clock now: a replay attempts only deliveries not attempted since it began (`drain`'s `notSince`). */
export async function storeNow(store: Sql): Promise<Date> {
  const { rows } = await store.query<{ now: Date }>("SELECT clock_timestamp() AS now");
  return rows[0].now;
}
