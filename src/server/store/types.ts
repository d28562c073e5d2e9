// The submissions store's shared words: what a submission is, its kinds, statuses and ways in, and the columns a
// query reads it by. Each concern of the store has a file of its own (intake, bookings, queries, erasure, retention,
// client keys: docs/store.md#the-stores-files); what more than one of them, or a caller, names is here.
import type { Attribution } from "../../lib/attribution";
import type { CvKind } from "../../lib/cv-file";
import type { LeadKind } from "../../lib/lead-rules";

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
  /** the campaign page a lead was sent from, and its answers to the campaign's questions (migration 0010) */
  campaign: string | null;
  answers: string | null;
}

/** The columns of a `Submission`, as every query that returns one selects them. */
export const COLUMNS =
  "id::text AS id, kind, status, received_at, name, email, phone, message, page_url, fields, spam_reason, released_at, moderation, attribution, channel, via, cv_key, cv_name, cv_kind, cv_size, campaign, answers";
