// What the inbox (`npm run leads`) and the export read of the submissions: a filtered list, and one submission with
// its deliveries. The list's filter is the one the outbox's stuck list takes too (outbox.ts).
import type { Sql } from "./sql";
import { COLUMNS, type SinkName, type Submission, type SubmissionKind, type SubmissionStatus } from "./types";

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

/** How many rows each e-mail address beginning with `prefix` has: `npm run load`'s check that each was stored once. */
export async function rowsPerEmail(store: Sql, prefix: string): Promise<Map<string, number>> {
  const { rows } = await store.query<{ email: string; n: number }>(
    "SELECT email, count(*)::int AS n FROM submissions WHERE starts_with(email, $1) GROUP BY email",
    [prefix],
  );
  return new Map(rows.map((r) => [r.email, r.n]));
}
