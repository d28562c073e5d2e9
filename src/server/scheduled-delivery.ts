// The scheduled delivery (netlify/functions/deliver.ts, every five minutes): attempts the outbox's deliveries that
// are due, so that a failed one is retried on time even when no visitor sends a form, and then tells the sales
// mailbox, once each, of the deliveries that have stopped (delivery-alert.ts). Requests still attempt up to
// RETRIES_PER_REQUEST due deliveries besides their own (lead-handler.ts), and `npm run leads -- replay` every one:
// the outbox's claims keep any two of them from attempting one delivery at once.
import type { CatalogEvent } from "../lib/event-catalog";
import type { EndpointSettings } from "./config";
import { sendDeliveryAlerts } from "./delivery-alert";
import { sinksFor, type Mailboxes } from "./sinks";
import type { CvFiles } from "./store/cv-files";
import { drain, type DrainResult, type Sink } from "./store/outbox";
import { errorCode, type Store } from "./store/sql";

/**
 * Netlify stops a scheduled function after 30 seconds; these bounds end a run well within that. Deliveries are taken
 * `batch` at a time and attempted in parallel, so a batch lasts as long as its slowest attempt: an HTTP sink gives
 * up after LEAD_WEBHOOK_TIMEOUT_MS (5 s by default), SMTP after 10 s without a connection (sinks/email.ts). No batch
 * starts after `drainMs` and none beyond `most` attempts, so the last one ends by about 20 s; the alerts, sent only
 * when the drain ended before `alertsMs`, by about 25 s. What is left waits five minutes for the next run.
 */
export interface Bounds {
  batch: number;
  most: number;
  drainMs: number;
  alerts: number;
  alertsMs: number;
}

export const BOUNDS: Bounds = { batch: 10, most: 100, drainMs: 10_000, alerts: 10, alertsMs: 15_000 };

/** Attempts the due deliveries a batch at a time, within the bounds, from `start` (a `clock` reading). */
export async function deliverDue(
  store: Store,
  sinks: readonly Sink[],
  bounds: Bounds = BOUNDS,
  clock: () => number = Date.now,
  start = clock(),
): Promise<DrainResult> {
  const result: DrainResult = { delivered: 0, failed: [] };
  for (let taken = 0; taken < bounds.most && clock() - start < bounds.drainMs;) {
    const batch = await drain(store, sinks, { due: Math.min(bounds.batch, bounds.most - taken) });
    const attempted = batch.delivered + batch.failed.length;
    if (!attempted) break;
    taken += attempted;
    result.delivered += batch.delivered;
    result.failed.push(...batch.failed);
  }
  return result;
}

export interface DeliveryJob {
  settings: EndpointSettings;
  mailboxes: Mailboxes;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  /** the webinars a registration's confirmation describes (src/lib/event-catalog.ts) */
  catalog?: readonly CatalogEvent[];
  /** The file store of applicants' CVs (store/cv-files.ts), for the e-mail to the jobs mailbox. */
  cvs?: () => Promise<CvFiles>;
  fetchImpl?: typeof fetch;
  bounds?: Bounds;
  clock?: () => number;
}

/** The scheduled function: the platform invokes it with a Request (its body names the next run) and reads nothing back. */
export function createScheduledDelivery({
  settings,
  mailboxes,
  store,
  catalog = [],
  cvs,
  fetchImpl,
  bounds = BOUNDS,
  clock = Date.now,
}: DeliveryJob) {
  const sinks = sinksFor(settings, mailboxes, store, { fetchImpl, catalog, cvs });
  return async function deliverOnSchedule(): Promise<Response> {
    const start = clock();
    let db: Store;
    try {
      db = await store();
    } catch (error) {
      console.error(`deliver: the store could not be reached (${errorCode(error)})`);
      return new Response(null, { status: 503 });
    }
    const { delivered, failed } = await deliverDue(db, sinks, bounds, clock, start);
    failed.forEach((f) =>
      console.error(`submission ${f.id}: delivery to ${f.sink} failed (${f.error}); kept for a retry`),
    );
    const alerts =
      settings.smtpUrl && clock() - start < bounds.alertsMs
        ? await sendDeliveryAlerts(
            db,
            { smtpUrl: settings.smtpUrl, from: settings.mailFrom, to: mailboxes.sales },
            bounds.alerts,
          )
        : { sent: 0, failed: 0 };
    if (delivered || failed.length || alerts.sent || alerts.failed)
      console.log(
        `deliver: ${delivered} delivered, ${failed.length} failed, ${alerts.sent} stopped deliveries told to ${mailboxes.sales}`,
      );
    return new Response(null, { status: 204 });
  };
}
