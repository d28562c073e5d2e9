// A lead's way into the store: the endpoint's accepted body becomes a submission and a delivery a sink, in one call
// of the store's own function (accept_submission, accept_application), or is refused as a duplicate; and a
// submission held as spam is let in later by a person (`npm run leads -- release`). The functions take their
// arguments by name (sql.ts's `callByName`), as the migrations name them.
import { createHash } from "crypto";
import type { Attribution } from "../../lib/attribution";
import type { CvKind } from "../../lib/cv-file";
import { columnsOf as declaredColumns } from "../../lib/forms";
import type { Lead } from "../../lib/lead-rules";
import { callByName, type Sql, type Store } from "./sql";
import { COLUMNS, type SinkName, type Submission, type Via } from "./types";

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

/** A lead as the store takes it: the lead, who sent it, where it goes, and what is kept with it besides its fields. */
export interface Intake {
  /** the submission's id, chosen by the caller (a CV is filed under it before the row exists) */
  id: string;
  lead: Lead;
  /** the client's address, hashed (client-keys.ts) */
  clientHash: string;
  /** a delivery row for each */
  sinks: readonly SinkName[];
  guards: Guards;
  /** why the endpoint judged it spam, or null */
  spamReason?: string | null;
  attribution?: Attribution;
  channel?: string;
  via?: Via;
}

/** accept_submission's parameters, by the names migration 0008 gives them. */
interface SubmissionArguments {
  p_id: string;
  p_kind: Lead["kind"];
  p_name: string;
  p_email: string;
  p_phone: string;
  p_message: string;
  p_page_url: string;
  p_fields: Lead["fields"];
  p_fingerprint: string;
  p_client_hash: string;
  p_sinks: readonly SinkName[];
  /** not read since migration 0008; the function keeps its parameters (accept_application passes them on) */
  p_rate_limit: null;
  p_rate_window_ms: null;
  p_dedupe_ms: number;
  p_page_path: string;
  p_spam_reason: string | null;
  p_attribution: Attribution;
  p_channel: string;
  p_via: Via;
}

/** accept_application's: accept_submission's, and the CV's (migration 0005). */
interface ApplicationArguments extends SubmissionArguments {
  p_cv_key: string;
  p_cv_name: string;
  p_cv_kind: CvKind;
  p_cv_size: number;
}

const ACCEPTED = "outcome, submission_id::text";

/**
 * Stores a lead and its deliveries, unless the same body arrived within the duplicate window: one call of the store's
 * `accept_submission` function (migration 0003), one round trip. Spam (`spamReason`) is stored without deliveries; a
 * comment waits for moderation.
 */
export async function acceptLead(store: Sql, intake: Intake): Promise<Accepted> {
  const args = submissionArguments(intake, fingerprintOf(intake.lead));
  return accepted(await store.query(...callByName("accept_submission", ACCEPTED, args)));
}

/**
 * Stores a job application as `acceptLead` does, and points its row to its CV, which the caller has put in the file
 * store already: one call of `accept_application` (migration 0005). The row points to the file only when the outcome
 * is "stored"; on any other the caller deletes the file.
 */
export async function acceptApplication(store: Sql, intake: Intake, cv: CvPointer): Promise<Accepted> {
  const { lead } = intake;
  const fingerprint = fingerprintOf({ ...lead, fields: { ...lead.fields, cv_sha256: cv.sha256 } });
  const args: ApplicationArguments = {
    ...submissionArguments(intake, fingerprint),
    p_cv_key: cv.key,
    p_cv_name: cv.name,
    p_cv_kind: cv.kind,
    p_cv_size: cv.size,
  };
  return accepted(await store.query(...callByName("accept_application", ACCEPTED, args)));
}

function submissionArguments(
  { id, lead, clientHash, sinks, guards, spamReason = null, attribution = {}, channel = "", via = "script" }: Intake,
  fingerprint: string,
): SubmissionArguments {
  const c = columnsOf(lead);
  return {
    p_id: id,
    p_kind: lead.kind,
    p_name: c.name,
    p_email: c.email,
    p_phone: c.phone,
    p_message: c.message,
    p_page_url: c.page_url,
    p_fields: lead.fields,
    p_fingerprint: fingerprint,
    p_client_hash: clientHash,
    p_sinks: sinks,
    p_rate_limit: null,
    p_rate_window_ms: null,
    p_dedupe_ms: guards.dedupeMs,
    p_page_path: c.page_path,
    p_spam_reason: spamReason,
    p_attribution: attribution,
    p_channel: channel,
    p_via: via,
  };
}

function accepted({ rows }: { rows: object[] }): Accepted {
  const { outcome, submission_id } = rows[0] as { outcome: Accepted["outcome"]; submission_id: string };
  return { outcome, id: submission_id };
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
