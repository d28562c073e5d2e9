import { createHash, createHmac, randomBytes } from "crypto";
import type { Attribution } from "../../lib/attribution";
import type { CvKind } from "../../lib/cv-file";
import { columnsOf as declaredColumns } from "../../lib/forms";
import type { Lead, LeadKind } from "../../lib/lead-rules";
import type { Sql, Store } from "./sql";

export type SinkName = "webhook" | "email" | "salesforce" | "visitor";
/** What the store keeps: the forms' kinds, and a consultation booked through Calendly (migration 0007). */
export type SubmissionKind = LeadKind | "booking";
/** How a form came: from the site's script, or posted by the browser itself without script. */
export type Via = "script" | "form";
/** How a submission came: a form's way, or Calendly's webhook (a booking). */
export type StoredVia = Via | "calendly";
export type SubmissionStatus = "received" | "delivered" | "failed" | "spam";
export type Moderation = "pending" | "approved" | "rejected";

/** A stored submission as the outbox, the CLI and the export read it. */
export interface Submission {
  id: string;
  kind: SubmissionKind;
  status: SubmissionStatus;
  received_at: Date;
  name: string;
  email: string;
  phone: string;
  message: string;
  page_url: string;
  fields: Record<string, string>;
  /** why the endpoint held it as spam; kept when a person releases it (migration 0009) */
  spam_reason: string | null;
  /** when a person released it from spam (`npm run leads -- release`), or null */
  released_at: Date | null;
  moderation: Moderation | null;
  /** where the visit came from (src/lib/attribution.ts) and its channel (src/lib/channel.ts) */
  attribution: Attribution;
  channel: string;
  via: StoredVia;
  /** an application's CV in the file store (cv-files.ts), null for every other kind (migration 0005) */
  cv_key: string | null;
  cv_name: string | null;
  cv_kind: CvKind | null;
  cv_size: number | null;
}

/** An application's CV as its row points to it: its key in the file store, its name, kind and size in bytes. */
export interface CvPointer {
  key: string;
  name: string;
  kind: CvKind;
  size: number;
  /** the SHA-256 of its bytes: the same application sent twice with the same file is one */
  sha256: string;
}

/** What the store checks before it keeps a body: the duplicate window (the rate limit comes first: rate-limit.ts). */
export interface Guards {
  dedupeMs: number;
}

export type Accepted =
  { outcome: "stored"; id: string } | { outcome: "duplicate"; id: string } | { outcome: "spam"; id: string };

/**
 * The columns a lead fills, as its form declares them (src/lib/forms.ts, each field's `column`): the spec's bodies
 * name the message `info` or `comment` (spec §3); a page's path is what the comments of a post are filed under.
 */
function columnsOf({ kind, fields }: Lead) {
  const columns = declaredColumns(kind, fields);
  return { ...columns, page_path: columns.page_url ? pathOf(columns.page_url) : "" };
}

/** A page's path without its origin, query or trailing slash: what the comments of a post are filed under. */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, "") || "/";
  } catch {
    return "";
  }
}

/** The same accepted body always has the same fingerprint, whatever the order of its keys. */
export function fingerprintOf(lead: Lead): string {
  const canonical = Object.keys(lead.fields)
    .sort()
    .map((key) => [key, lead.fields[key]]);
  return createHash("sha256")
    .update(JSON.stringify([lead.kind, canonical]))
    .digest("hex");
}

/** A client address as a keyed hash: the same address gives the same hash, and the address cannot be read back. */
export const hashClient = (key: string, address: string): string =>
  createHmac("sha256", key).update(address).digest("hex");

/** The key named `name`: the environment's when it gives one, else one the store made for itself once. */
export async function storeKey(store: Sql, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await store.query("INSERT INTO store_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(32).toString("base64url"),
  ]);
  const { rows } = await store.query<{ value: string }>("SELECT value FROM store_keys WHERE name = $1", [name]);
  return rows[0].value;
}

/** What is stored with a lead besides its fields. */
export interface LeadContext {
  /** why the endpoint judged it spam, or null */
  spamReason?: string | null;
  attribution?: Attribution;
  channel?: string;
  via?: Via;
}

/**
 * Stores a lead and its deliveries, unless the same body arrived within the duplicate window: one call of the store's `accept_submission` function (migration 0003), one round trip. Spam
 * (`spamReason`) is stored without deliveries; a comment waits for moderation.
 */
export async function acceptLead(
  store: Sql,
  lead: Lead,
  clientHash: string,
  sinks: readonly SinkName[],
  guards: Guards,
  id: string,
  context: LeadContext = {},
): Promise<Accepted> {
  return accepted(
    await store.query(`SELECT ${ACCEPTED} FROM accept_submission(${placeholders(19)})`, [
      ...acceptArguments(lead, fingerprintOf(lead), clientHash, sinks, guards, id, context),
    ]),
  );
}

/**
 * Stores a job application as `acceptLead` does, and points its row to its CV, which the caller has put in the file
 * store already: one call of `accept_application` (migration 0005). The row points to the file only when the outcome
 * is "stored"; on any other the caller deletes the file.
 */
export async function acceptApplication(
  store: Sql,
  lead: Lead,
  cv: CvPointer,
  clientHash: string,
  sinks: readonly SinkName[],
  guards: Guards,
  id: string,
  context: LeadContext = {},
): Promise<Accepted> {
  const fingerprint = fingerprintOf({ ...lead, fields: { ...lead.fields, cv_sha256: cv.sha256 } });
  return accepted(
    await store.query(`SELECT ${ACCEPTED} FROM accept_application(${placeholders(23)})`, [
      ...acceptArguments(lead, fingerprint, clientHash, sinks, guards, id, context),
      cv.key,
      cv.name,
      cv.kind,
      cv.size,
    ]),
  );
}

/** A consultation booked through Calendly, as its webhook's function keeps it (src/server/calendly-booking.ts). */
export interface Booking {
  /** the invitee's URI in Calendly: one submission an invitee */
  inviteeUri: string;
  /** the invitee this booking moves to another time (Calendly's `old_invitee`), or null */
  previousUri: string | null;
  name: string;
  email: string;
  phone: string;
  /** the event and its time, then the invitee's answers: what `list` shows and Web-to-Lead's note carries */
  message: string;
  fields: Record<string, string>;
  attribution: Attribution;
  channel: string;
}

export type BookingAccepted = { outcome: "stored" | "duplicate"; id: string };

/**
 * Stores a booking and its deliveries, once an invitee: one call of the store's `accept_booking` (migration 0007),
 * whose unique index on the invitee's URI makes a retried webhook a "duplicate" of the first, on any instance. A
 * booking that moves a stored one gets no Web-to-Lead delivery (its lead is in Salesforce already).
 */
export async function acceptBooking(
  store: Sql,
  booking: Booking,
  sinks: readonly SinkName[],
  id: string,
): Promise<BookingAccepted> {
  const fingerprint = createHash("sha256")
    .update(JSON.stringify(["booking", booking.inviteeUri]))
    .digest("hex");
  const { rows } = await store.query<{ outcome: BookingAccepted["outcome"]; submission_id: string }>(
    `SELECT outcome, submission_id::text FROM accept_booking(${placeholders(12)})`,
    [
      id,
      booking.inviteeUri,
      booking.previousUri,
      booking.name,
      booking.email,
      booking.phone,
      booking.message,
      booking.fields,
      fingerprint,
      booking.attribution,
      booking.channel,
      sinks,
    ],
  );
  return { outcome: rows[0].outcome, id: rows[0].submission_id };
}

/**
 * What became of a booking: cancelled (by the invitee or the host), or moved to another time (its new time is a
 * booking of its own). The note goes into its fields, where `show`, and a replayed delivery, read it.
 */
export interface BookingEnd {
  at: Date;
  rescheduled: boolean;
  note: string;
}

/**
 * Marks the booking of an invitee cancelled, or notes that it moved; once: a retried webhook changes nothing.
 * Returns its id, or null when no booking of that invitee is stored.
 */
export async function endBooking(store: Sql, inviteeUri: string, end: BookingEnd): Promise<string | null> {
  const key = end.rescheduled ? "rescheduled" : "cancelled";
  const { rows } = await store.query<{ id: string }>(
    `UPDATE submissions
        SET cancelled_at = CASE WHEN $3::boolean THEN cancelled_at ELSE coalesce(cancelled_at, $2::timestamptz) END,
            fields = CASE WHEN fields ->> $4::text IS NULL THEN fields || jsonb_build_object($4::text, $5::text)
                          ELSE fields END
      WHERE kind = 'booking' AND invitee_uri = $1
      RETURNING id::text AS id`,
    [inviteeUri, end.at, end.rescheduled, key, end.note],
  );
  return rows[0]?.id ?? null;
}

const ACCEPTED = "outcome, submission_id::text";
const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");

/** accept_submission's arguments, in its order (migration 0003). */
function acceptArguments(
  lead: Lead,
  fingerprint: string,
  clientHash: string,
  sinks: readonly SinkName[],
  guards: Guards,
  id: string,
  { spamReason = null, attribution = {}, channel = "", via = "script" }: LeadContext,
) {
  const c = columnsOf(lead);
  return [
    id,
    lead.kind,
    c.name,
    c.email,
    c.phone,
    c.message,
    c.page_url,
    lead.fields,
    fingerprint,
    clientHash,
    sinks,
    // p_rate_limit and p_rate_window_ms, which accept_submission has not read since migration 0008 (its arguments
    // stay as they were: accept_application calls it by them)
    null,
    null,
    guards.dedupeMs,
    c.page_path,
    spamReason,
    attribution,
    channel,
    via,
  ];
}

function accepted({ rows }: { rows: object[] }): Accepted {
  const { outcome, submission_id } = rows[0] as { outcome: Accepted["outcome"]; submission_id: string };
  return { outcome, id: submission_id };
}

export interface Filter {
  kind?: SubmissionKind;
  status?: SubmissionStatus;
  since?: Date;
  email?: string;
  limit?: number;
  /** newsletter subscriptions only of confirmed addresses (the list marketing may mail: the double opt-in) */
  confirmedOnly?: boolean;
  /** only those the endpoint held as spam: still held, or released since */
  spam?: boolean;
}

function whereOf(filter: Filter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace("?", `$${params.length}`));
  };
  if (filter.kind) add("kind = ?", filter.kind);
  if (filter.status) add("status = ?", filter.status);
  if (filter.since) add("received_at >= ?", filter.since);
  if (filter.email) add("lower(email) = lower(?)", filter.email);
  if (filter.spam) clauses.push("spam_reason IS NOT NULL");
  if (filter.confirmedOnly)
    clauses.push(`(kind <> 'newsletter' OR EXISTS (SELECT 1 FROM subscribers u
                    WHERE lower(u.email) = lower(submissions.email) AND u.status = 'confirmed'))`);
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

export const COLUMNS =
  "id::text AS id, kind, status, received_at, name, email, phone, message, page_url, fields, spam_reason, released_at, moderation, attribution, channel, via, cv_key, cv_name, cv_kind, cv_size";

/** Submissions matching `filter`, newest first (at most `limit`), or oldest first for an export. */
export async function listSubmissions(store: Sql, filter: Filter, order: "newest" | "oldest" = "newest") {
  const { where, params } = whereOf(filter);
  const limit = filter.limit ? ` LIMIT ${Math.floor(filter.limit)}` : "";
  const { rows } = await store.query<Submission>(
    `SELECT ${COLUMNS} FROM submissions ${where} ORDER BY received_at ${order === "newest" ? "DESC" : "ASC"}, id${limit}`,
    params,
  );
  return rows;
}

export interface Delivery {
  sink: SinkName;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_error: string | null;
  /** what the sink answered when it went through */
  answer: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
}

/** One submission and its deliveries, or null. `id` may be the first characters of an id, as `list` shows them. */
export async function getSubmission(store: Sql, id: string) {
  const { rows } = await store.query<Submission>(
    `SELECT ${COLUMNS} FROM submissions WHERE id::text LIKE $1 || '%' ORDER BY received_at LIMIT 2`,
    [id.toLowerCase()],
  );
  if (rows.length !== 1) return rows.length ? "ambiguous" : null;
  const deliveries = await store.query<Delivery>(
    `SELECT sink, status, attempts, last_error, answer, last_attempt_at, next_attempt_at, delivered_at
       FROM deliveries WHERE submission_id = $1 ORDER BY sink`,
    [rows[0].id],
  );
  return { ...rows[0], deliveries: deliveries.rows };
}

/**
 * Releases a submission held as spam: it becomes a lead like any other, received now by the outbox, with a delivery
 * to each of `sinks` (what the endpoint would have queued for it: sinks/index.ts's `leadSinkNames`), and a comment
 * waits for its moderator. Its spam_reason stays and `released_at` says when (migration 0009). One transaction;
 * null when `id` is no held submission (released already, or never held).
 */
export async function releaseSubmission(store: Store, id: string, sinks: readonly SinkName[]) {
  return store.transaction(async (tx) => {
    const { rows } = await tx.query<Submission>(
      `UPDATE submissions SET status = 'received', released_at = now(),
              moderation = CASE WHEN kind = 'comment' THEN 'pending' END
        WHERE id = $1 AND status = 'spam'
        RETURNING ${COLUMNS}`,
      [id],
    );
    if (!rows.length) return null;
    await tx.query(
      "INSERT INTO deliveries (submission_id, sink, next_attempt_at) SELECT $1, sink, now() FROM unnest($2::text[]) AS sink",
      [id, sinks],
    );
    return rows[0];
  });
}

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
