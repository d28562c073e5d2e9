// A consultation booked through Calendly, as its webhook's function keeps it (src/server/calendly-booking.ts): one
// call of the store's `accept_booking` (migration 0007), its arguments by name, and the note of a cancellation or a
// move to another time.
import { createHash } from "crypto";
import type { Attribution } from "../../lib/attribution";
import { callByName, type Sql } from "./sql";
import type { SinkName } from "./types";

/** A consultation booked through Calendly. */
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

/** accept_booking's parameters, by the names migration 0007 gives them. */
interface BookingArguments {
  p_id: string;
  p_invitee_uri: string;
  p_previous_uri: string | null;
  p_name: string;
  p_email: string;
  p_phone: string;
  p_message: string;
  p_fields: Record<string, string>;
  p_fingerprint: string;
  p_attribution: Attribution;
  p_channel: string;
  p_sinks: readonly SinkName[];
}

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
  const args: BookingArguments = {
    p_id: id,
    p_invitee_uri: booking.inviteeUri,
    p_previous_uri: booking.previousUri,
    p_name: booking.name,
    p_email: booking.email,
    p_phone: booking.phone,
    p_message: booking.message,
    p_fields: booking.fields,
    p_fingerprint: createHash("sha256")
      .update(JSON.stringify(["booking", booking.inviteeUri]))
      .digest("hex"),
    p_attribution: booking.attribution,
    p_channel: booking.channel,
    p_sinks: sinks,
  };
  const { rows } = await store.query<{ outcome: BookingAccepted["outcome"]; submission_id: string }>(
    ...callByName("accept_booking", "outcome, submission_id::text", args),
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
