// What a Calendly webhook says, as the store keeps it (docs/store.md#bookings): `invitee.created` is a booking (the
// invitee's name and e-mail, the event and its time, the invitee's answers, the campaign Calendly tracked), and
// `invitee.canceled` ends one. The campaign is Calendly's `tracking` (the booking link's utm_* parameters:
// src/lib/booking.ts puts the visit's there), kept by the forms' rules (cleanAttribution) and given its channel by
// the same rule table (content/channels.json). Pure: the signature is checked first (calendly-signature.ts).
import { CAMPAIGN_KEYS, cleanAttribution } from "../lib/attribution";
import { stripControl } from "../lib/lead-rules";
import { isEmail, unreadable } from "../lib/validation";
import { leadSourceOf, WEB_TO_LEAD } from "../lib/web-to-lead";
import type { Booking, BookingEnd } from "./store/bookings";

/** The longest text kept of each value (a longer one is cut, not refused: the booking happened). */
const MAX = { name: 200, email: 254, uri: 500, event: 200, zone: 64, phone: 32, answer: 1000, answers: 4000, id: 64 };

export type CalendlyEvent =
  | { event: "invitee.created"; booking: Booking }
  | ({ event: "invitee.canceled"; inviteeUri: string } & BookingEnd)
  /** a webhook of another event (the subscription may name more): nothing to do */
  | { event: "other"; name: string }
  /** a signed body without what a booking needs: `field` names what is missing or wrong */
  | { error: string; field: string };

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};

/** A text of the payload as the store keeps it: no control characters, trimmed, at most `max` characters. */
function textOf(value: unknown, max: number, multiline = false): string {
  if (typeof value !== "string" || unreadable(value)) return "";
  return stripControl(value, multiline).trim().slice(0, max);
}

/** An instant of the payload (ISO 8601), or null. */
function timeOf(value: unknown): Date | null {
  const at = typeof value === "string" ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : null;
}

/** An invitee's URI: Calendly's own https address of it. */
function uriOf(value: unknown): string | null {
  const uri = textOf(value, MAX.uri);
  try {
    return new URL(uri).protocol === "https:" ? uri : null;
  } catch {
    return null;
  }
}

/** A time as the company's mailboxes and `list` read it: 2026-12-03 15:00 UTC. */
export const utcWords = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The invitee's answers to the event's questions, a line each ("question: answer"), at most MAX.answers in all. */
function answersOf(value: unknown): string {
  if (!Array.isArray(value)) return "";
  const lines = value
    .map(objectOf)
    .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
    .map((qa) => [textOf(qa.question, MAX.answer), textOf(qa.answer, MAX.answer, true).replace(/\s*\n\s*/g, " / ")])
    .filter(([, answer]) => answer)
    .map(([question, answer]) => (question ? `${question}: ${answer}` : answer));
  return lines.join("\n").slice(0, MAX.answers);
}

function booking(payload: Json): CalendlyEvent {
  const inviteeUri = uriOf(payload.uri);
  if (!inviteeUri) return { error: "The invitee has no URI", field: "payload.uri" };
  const email = textOf(payload.email, MAX.email);
  if (!isEmail(email)) return { error: "The invitee has no e-mail address", field: "payload.email" };
  const scheduled = objectOf(payload.scheduled_event);
  const start = timeOf(scheduled.start_time);
  if (!start) return { error: "The event has no start time", field: "payload.scheduled_event.start_time" };
  const end = timeOf(scheduled.end_time);
  const name =
    textOf(payload.name, MAX.name) ||
    [textOf(payload.first_name, MAX.name), textOf(payload.last_name, MAX.name)].filter(Boolean).join(" ");
  const event = textOf(scheduled.name, MAX.event) || "A meeting";
  const tracking = objectOf(payload.tracking);
  const attribution = cleanAttribution(Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, tracking[key]])));
  const answers = answersOf(payload.questions_and_answers);
  const previousUri = uriOf(payload.old_invitee);
  const optional = {
    phone: textOf(payload.text_reminder_number, MAX.phone),
    timezone: textOf(payload.timezone, MAX.zone),
    answers,
    salesforce_uuid: textOf(tracking.salesforce_uuid, MAX.id),
    rescheduled_from: previousUri ?? "",
  };
  return {
    event: "invitee.created",
    booking: {
      inviteeUri,
      previousUri,
      name,
      email,
      phone: optional.phone,
      message: `${event} on ${utcWords(start)}${answers ? `\n${answers}` : ""}`,
      fields: {
        name,
        email,
        event,
        start: start.toISOString(),
        ...(end ? { end: end.toISOString() } : {}),
        ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value)),
        invitee: inviteeUri,
      },
      attribution,
      channel: leadSourceOf(WEB_TO_LEAD, attribution),
    },
  };
}

function cancellation(payload: Json, sentAt: unknown): CalendlyEvent {
  const inviteeUri = uriOf(payload.uri);
  if (!inviteeUri) return { error: "The invitee has no URI", field: "payload.uri" };
  const cancelled = objectOf(payload.cancellation);
  const at = timeOf(cancelled.created_at) ?? timeOf(sentAt) ?? new Date();
  const rescheduled = payload.rescheduled === true;
  const by = textOf(cancelled.canceler_type, 20);
  const reason = textOf(cancelled.reason, MAX.answer);
  return {
    event: "invitee.canceled",
    inviteeUri,
    at,
    rescheduled,
    note: rescheduled
      ? `${utcWords(at)}, moved to another time (a booking of its own)`
      : `${utcWords(at)}${by ? ` by the ${by}` : ""}${reason ? `: ${reason}` : ""}`,
  };
}

/** A webhook's JSON body as what it asks of the store. */
export function readCalendlyEvent(body: unknown): CalendlyEvent {
  const { event, payload, created_at } = objectOf(body);
  if (typeof event !== "string") return { error: "The body names no event", field: "event" };
  if (event === "invitee.created") return booking(objectOf(payload));
  if (event === "invitee.canceled") return cancellation(objectOf(payload), created_at);
  return { event: "other", name: textOf(event, 100) };
}
