// Calendly's webhook (netlify/functions/calendly.ts, POST /api/calendly): a consultation booked or cancelled. The
// signature first (calendly-signature.ts), on the bytes as they came; then the event (calendly-booking.ts); then the
// store: a booking is a submission of its own kind, stored once an invitee however often Calendly retries, with a
// delivery per sink (Web-to-Lead with its channel as lead_source, the webhook, the sales mailbox), attempted before
// the answer for at most `deliveryWaitMs` and retried by the outbox like any lead's; a cancellation marks it.
// Without a signing key nothing is received: the address answers 404, as if it did not exist.
import { randomUUID } from "crypto";
import { readCalendlyEvent } from "./calendly-booking";
import { checkSignature, SIGNATURE_HEADER } from "./calendly-signature";
import type { EndpointSettings } from "./config";
import { jsonAnswer } from "./security-headers";
import { sinksFor, type Mailboxes } from "./sinks";
import { drain } from "./store/outbox";
import { errorCode, type Store } from "./store/sql";
import { acceptBooking, endBooking } from "./store/bookings";

/** The largest body read: a booking with every answer at Calendly's limits is a few kilobytes. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/** Earlier deliveries that are due again, attempted on each webhook besides the booking's own. */
const RETRIES_PER_REQUEST = 5;

export interface CalendlyEndpoint {
  /** the webhook subscription's signing key (CALENDLY_WEBHOOK_SECRET); without it the address answers 404 */
  signingKey: string | undefined;
  settings: EndpointSettings;
  mailboxes: Mailboxes;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  fetchImpl?: typeof fetch;
  /** the clock the signature's timestamp is compared with */
  now?: () => number;
}

const NO_STORE = { "Cache-Control": "no-store" };
const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  jsonAnswer(status, body, { ...NO_STORE, ...headers });
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's bytes, or null when it is larger than MAX_WEBHOOK_BYTES. */
async function bytesOf(request: Request): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BYTES) return null;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_WEBHOOK_BYTES ? null : bytes;
}

function parsed(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
}

export function createCalendlyHandler({
  signingKey,
  settings,
  mailboxes,
  store,
  fetchImpl,
  now = Date.now,
}: CalendlyEndpoint) {
  // the company's sinks; the visitor's own mail is Calendly's to send
  const sinks = sinksFor(settings, mailboxes, store, { fetchImpl }).filter((sink) => sink.name !== "visitor");

  /** The booking's deliveries, after the commit: a failure is logged and retried, never Calendly's error. */
  async function deliver(db: Store, id: string) {
    const { failed } = await drain(db, sinks, { ids: [id], due: RETRIES_PER_REQUEST });
    failed.forEach((f) =>
      console.error(`submission ${f.id}: delivery to ${f.sink} failed (${f.error}); kept for a retry`),
    );
  }

  async function received(body: unknown): Promise<Response> {
    const event = readCalendlyEvent(body);
    if ("error" in event) {
      console.error(`calendly: a signed webhook without ${event.field}; nothing was stored`);
      return answer(400, { error: event.error, field: event.field });
    }
    // an event the subscription names besides these two: taken, so that Calendly does not send it again
    if (event.event === "other") return answer(200, { ok: true, ignored: event.name });
    const id = randomUUID();
    let db: Store;
    try {
      db = await store();
      if (event.event === "invitee.canceled") {
        const marked = await endBooking(db, event.inviteeUri, event);
        // none stored: booked before the subscription, or erased since (storing it now would bring back what an
        // erasure deleted); 200 all the same, or Calendly would send it again for a day to no purpose
        if (!marked) console.info("calendly: a cancellation of no stored booking; nothing to mark");
        return answer(200, { ok: true, id: marked });
      }
      const names = sinks.map((sink) => sink.name);
      const accepted = await acceptBooking(db, event.booking, names, id);
      if (accepted.outcome === "duplicate") return answer(200, { ok: true, id: accepted.id });
    } catch (error) {
      // Calendly sends it again later (a non-2xx answer is retried): nothing is lost
      console.error(`calendly: the store could not be reached (${errorCode(error)}); nothing was stored`);
      return answer(503, { error: "The booking could not be stored; send it again later", field: "store" });
    }
    const delivery = deliver(db, id).catch((error) => console.error(`outbox: ${errorCode(error)}`));
    await Promise.race([delivery, wait(settings.deliveryWaitMs)]);
    return answer(200, { ok: true, id });
  }

  return async function handleCalendly(request: Request): Promise<Response> {
    if (!signingKey) return answer(404, { error: "Not found" });
    if (request.method !== "POST") return answer(405, { error: "Only POST is accepted" }, { Allow: "POST" });
    const bytes = await bytesOf(request);
    if (!bytes) return answer(413, { error: `The body is larger than ${MAX_WEBHOOK_BYTES} bytes` });
    const signature = checkSignature(request.headers.get(SIGNATURE_HEADER), bytes, signingKey, now());
    if (!signature.ok) {
      console.error(`calendly: refused a webhook with ${signature.reason}; nothing was stored`);
      return answer(401, { error: "The signature is missing, wrong or stale" });
    }
    const body = parsed(bytes);
    if (body === undefined) return answer(400, { error: "The body is not JSON", field: "body" });
    return received(body);
  };
}
