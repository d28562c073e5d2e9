// A stand-in for Calendly's webhook subscription (issue 44): it sends `invitee.created` and `invitee.canceled` as
// Calendly does, each delivery signed with the subscription's signing key (`Calendly-Webhook-Signature:
// t=<seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`), and sends a delivery again as Calendly retries one: the same
// body, signed afresh. How a delivery reaches the site is the test's (`send`): a function called with a real Request
// (__tests__/support/fake-function.ts) or a POST to a local server. Payloads follow Calendly's API reference (its
// invitee resource inside the webhook envelope), with the fields the site reads and the ones around them.
import { randomUUID } from "crypto";
import { signatureHeader } from "../../src/server/calendly-signature";

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

export interface Invitee {
  name: string;
  email: string;
  /** the event's start, ISO 8601; 30 minutes long */
  start: string;
  event?: string;
  tracking?: Partial<
    Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_content" | "utm_term" | "salesforce_uuid", string>
  >;
  answers?: [question: string, answer: string][];
  timezone?: string;
  /** given by the fake when the invitee books */
  uri?: string;
}

const API = "https://api.calendly.com";

/** Calendly's invitee resource, as its webhooks carry it. */
function inviteePayload(invitee: Invitee & { uri: string }, more: Record<string, unknown> = {}) {
  const event = invitee.uri.split("/invitees/")[0];
  const start = new Date(invitee.start);
  const tracking = {
    utm_campaign: null,
    utm_source: null,
    utm_medium: null,
    utm_content: null,
    utm_term: null,
    salesforce_uuid: null,
    ...invitee.tracking,
  };
  return {
    uri: invitee.uri,
    name: invitee.name,
    first_name: null,
    last_name: null,
    email: invitee.email,
    status: "active",
    timezone: invitee.timezone ?? "Asia/Kolkata",
    event,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    cancel_url: `https://calendly.com/cancellations/${invitee.uri.split("/").pop()}`,
    reschedule_url: `https://calendly.com/reschedulings/${invitee.uri.split("/").pop()}`,
    rescheduled: false,
    old_invitee: null,
    new_invitee: null,
    text_reminder_number: null,
    no_show: null,
    reconfirmation: null,
    routing_form_submission: null,
    payment: null,
    questions_and_answers: (invitee.answers ?? []).map(([question, answer], position) => ({
      question,
      answer,
      position,
    })),
    tracking,
    scheduled_event: {
      uri: event,
      name: invitee.event ?? "Free Salesforce consultation",
      status: "active",
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      event_type: `${API}/event_types/CONSULTATION`,
      location: { type: "google_conference", status: "pushed", join_url: "https://meet.example/abc" },
      invitees_counter: { total: 1, active: 1, limit: 1 },
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      event_memberships: [{ user: `${API}/users/HOST`, user_email: "host@tidewell.example" }],
      event_guests: [],
    },
    ...more,
  };
}

export interface FakeCalendly {
  /** The invitee books: `invitee.created`. Resolves to the invitee (with its URI) and the site's status. */
  book(invitee: Invitee): Promise<{ invitee: Invitee & { uri: string }; status: number }>;
  /** The invitee (or the host) cancels: `invitee.canceled`. */
  cancel(invitee: Invitee & { uri: string }, reason?: string): Promise<number>;
  /** The invitee moves the booking: the old invitee cancelled as rescheduled, a new one created that names it. */
  reschedule(
    invitee: Invitee & { uri: string },
    start: string,
  ): Promise<{ invitee: Invitee & { uri: string }; status: number[] }>;
  /** The last delivery sent again, as Calendly retries it: the same body, signed at the time it is sent. */
  retry(): Promise<number>;
  /** A delivery as Calendly would sign it (at `atSeconds`, with `key`), not sent. */
  delivery(event: string, payload: object, options?: { atSeconds?: number; key?: string }): Delivery;
  /** Every delivery sent, in order. */
  sent: Delivery[];
}

export function fakeCalendly({
  signingKey,
  send,
  now = () => Date.now(),
}: {
  signingKey: string;
  send: (delivery: Delivery) => Promise<number>;
  now?: () => number;
}): FakeCalendly {
  const sent: Delivery[] = [];
  let last: string | null = null;

  const signed = (body: string, at = Math.floor(now() / 1000), key = signingKey): Delivery => ({
    headers: {
      "content-type": "application/json",
      "user-agent": "Calendly Webhooks",
      "calendly-webhook-signature": signatureHeader(key, at, body),
    },
    body,
  });

  function delivery(event: string, payload: object, { atSeconds, key }: { atSeconds?: number; key?: string } = {}) {
    const body = JSON.stringify({
      event,
      created_at: new Date(now()).toISOString(),
      created_by: `${API}/users/HOST`,
      payload,
    });
    return signed(body, atSeconds, key);
  }

  async function post(event: string, payload: object): Promise<number> {
    const d = delivery(event, payload);
    last = d.body;
    sent.push(d);
    return send(d);
  }

  return {
    sent,
    delivery,
    async book(invitee) {
      const uri = invitee.uri ?? `${API}/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;
      const booked = { ...invitee, uri };
      return { invitee: booked, status: await post("invitee.created", inviteePayload(booked)) };
    },
    cancel(invitee, reason = "Something came up") {
      return post(
        "invitee.canceled",
        inviteePayload(invitee, {
          status: "canceled",
          cancellation: {
            canceled_by: invitee.name,
            reason,
            canceler_type: "invitee",
            created_at: new Date(now()).toISOString(),
          },
        }),
      );
    },
    async reschedule(invitee, start) {
      const uri = `${API}/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;
      const moved = { ...invitee, start, uri };
      const cancelled = await post(
        "invitee.canceled",
        inviteePayload(invitee, {
          status: "canceled",
          rescheduled: true,
          new_invitee: uri,
          cancellation: {
            canceled_by: invitee.name,
            reason: null,
            canceler_type: "invitee",
            created_at: new Date(now()).toISOString(),
          },
        }),
      );
      const created = await post("invitee.created", inviteePayload(moved, { old_invitee: invitee.uri }));
      return { invitee: moved, status: [cancelled, created] };
    },
    async retry() {
      if (!last) throw new Error("nothing was sent yet");
      const d = signed(last);
      sent.push(d);
      return send(d);
    },
  };
}
