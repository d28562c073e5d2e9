import { createHash, createHmac, randomBytes } from "crypto";
import type { Lead, LeadKind } from "../../lib/lead-rules";
import type { Sql, Store } from "./sql";

export type SinkName = "webhook" | "email";
export type SubmissionStatus = "received" | "delivered" | "failed";

/** A stored submission as the outbox, the CLI and the export read it. */
export interface Submission {
  id: string;
  kind: LeadKind;
  status: SubmissionStatus;
  received_at: Date;
  name: string;
  email: string;
  phone: string;
  message: string;
  page_url: string;
  fields: Record<string, string>;
}

export interface Guards {
  rateLimit: number;
  rateWindowMs: number;
  dedupeMs: number;
}

export type Accepted =
  | { outcome: "stored"; id: string }
  | { outcome: "duplicate"; id: string }
  | { outcome: "limited"; retryAfterSeconds: number };

/** The columns a lead fills: the spec's bodies name the message `info` or `comment` (spec §3). */
function columnsOf({ kind, fields }: Lead) {
  const newsletter = kind === "newsletter";
  return {
    name: newsletter ? "" : (fields.name ?? ""),
    email: fields.email ?? "",
    phone: newsletter ? "" : (fields.phone ?? ""),
    message: kind === "comment" ? (fields.comment ?? "") : newsletter ? "" : (fields.info ?? ""),
    page_url: kind === "comment" ? (fields.url ?? "") : "",
  };
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

const windowOf = "$2::double precision * interval '1 millisecond'";

/**
 * Stores a lead and its deliveries in one transaction, unless its client is over the rate limit or the same body
 * arrived within the duplicate window. Both checks run under transaction-scoped advisory locks on the client and on
 * the body, so they hold across every instance that shares the database.
 */
export function acceptLead(
  store: Store,
  lead: Lead,
  clientHash: string,
  sinks: readonly SinkName[],
  guards: Guards,
  id: string,
): Promise<Accepted> {
  const fingerprint = fingerprintOf(lead);
  return store.transaction(async (tx) => {
    // always the client's lock first, then the body's: no two transactions can wait on each other
    await tx.query("SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))", [
      clientHash,
      fingerprint,
    ]);
    const { rows } = await tx.query<{ hits: number; wait_ms: number | null; duplicate_of: string | null }>(
      `SELECT
         (SELECT count(*)::int FROM rate_events WHERE client_hash = $1 AND at > now() - ${windowOf}) AS hits,
         (SELECT extract(epoch FROM min(at) + ${windowOf} - now()) * 1000 FROM rate_events
           WHERE client_hash = $1 AND at > now() - ${windowOf}) AS wait_ms,
         (SELECT id::text FROM submissions WHERE fingerprint = $3 AND received_at > now() - $4::double precision
           * interval '1 millisecond' LIMIT 1) AS duplicate_of`,
      [clientHash, guards.rateWindowMs, fingerprint, guards.dedupeMs],
    );
    const { hits, wait_ms, duplicate_of } = rows[0];
    if (hits >= guards.rateLimit)
      return { outcome: "limited", retryAfterSeconds: Math.max(1, Math.ceil(Number(wait_ms ?? 0) / 1000)) };
    await tx.query(
      `WITH expired AS (DELETE FROM rate_events WHERE client_hash = $1 AND at <= now() - ${windowOf})
       INSERT INTO rate_events (client_hash) VALUES ($1)`,
      [clientHash, guards.rateWindowMs],
    );
    if (duplicate_of) return { outcome: "duplicate", id: duplicate_of };
    const c = columnsOf(lead);
    await tx.query(
      `WITH stored AS (
         INSERT INTO submissions (id, kind, name, email, phone, message, page_url, fields, fingerprint, client_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id)
       INSERT INTO deliveries (submission_id, sink) SELECT stored.id, sink FROM stored, unnest($11::text[]) AS sink`,
      [id, lead.kind, c.name, c.email, c.phone, c.message, c.page_url, lead.fields, fingerprint, clientHash, sinks],
    );
    return { outcome: "stored", id };
  });
}

export interface Filter {
  kind?: LeadKind;
  status?: SubmissionStatus;
  since?: Date;
  email?: string;
  limit?: number;
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
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

const COLUMNS = "id::text AS id, kind, status, received_at, name, email, phone, message, page_url, fields";

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
    `SELECT sink, status, attempts, last_error, last_attempt_at, next_attempt_at, delivered_at
       FROM deliveries WHERE submission_id = $1 ORDER BY sink`,
    [rows[0].id],
  );
  return { ...rows[0], deliveries: deliveries.rows };
}

/** Deletes every submission of one e-mail address (a right-to-erasure request), deliveries included. */
export async function eraseEmail(store: Sql, email: string): Promise<number> {
  const { rows } = await store.query<{ n: number }>(
    "WITH gone AS (DELETE FROM submissions WHERE lower(email) = lower($1) RETURNING 1) SELECT count(*)::int AS n FROM gone",
    [email.trim()],
  );
  return rows[0].n;
}

/**
 * Deletes submissions older than the retention period and rate-limit entries older than their window, at most
 * `batch` submissions a call, so a request that does it stays short.
 */
export async function purgeExpired(store: Sql, retentionDays: number, rateWindowMs: number, batch = 500) {
  const { rows } = await store.query<{ n: number }>(
    `WITH gone AS (DELETE FROM submissions WHERE id IN (
       SELECT id FROM submissions WHERE received_at < now() - $1::double precision * interval '1 day' LIMIT $2)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [retentionDays, batch],
  );
  await store.query("DELETE FROM rate_events WHERE at <= now() - $1::double precision * interval '1 millisecond'", [
    rateWindowMs,
  ]);
  return rows[0].n;
}
