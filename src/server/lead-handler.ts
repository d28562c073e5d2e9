// The form endpoint (netlify/functions/lead.ts): reads what a visitor sent, checks it, commits it to the store and
// only then answers 200. Each step is a function of its own file that returns a value and changes none of its
// arguments: read (lead-read.ts) → check (lead-check.ts) → store (lead-keep.ts) → answer (here). Deliveries (the
// webhook, the mailboxes, Salesforce) run from the store's outbox: attempted before the answer for at most
// `deliveryWaitMs`, retried with back-off on later requests, by the scheduled delivery every five minutes
// (scheduled-delivery.ts) and by `npm run leads replay`. A failing sink never becomes the visitor's error; a store
// that cannot be reached is (503, naming `store`). Before any of it, the request takes a token of its client's rate
// limit (rate-limit.ts), refused or not; an application without the captcha takes one of its CV budget too.
// Housekeeping (expired submissions, unconfirmed subscriptions) is the scheduled purge's (netlify/functions/purge.ts),
// never a request's.
import type { CampaignFacts } from "../lib/campaign-form";
import type { CatalogEvent } from "../lib/event-catalog";
import type { FormLabels } from "../lib/forms";
import type { EndpointSettings } from "./config";
import { formAnswer, FORM_PAGE_HEADERS } from "./form-pages";
import { checkIncoming, type Checked } from "./lead-check";
import { keep, type Kept } from "./lead-keep";
import { readRequest, refuse, refused, type Incoming, type Outcome, type Refusal } from "./lead-read";
import { createLimiter, LIMITED, retryAfter, type Limiter } from "./rate-limit";
import { htmlAnswer, jsonAnswer } from "./security-headers";
import { WITHOUT_CAPTCHA } from "./spam";
import { leadSinkNames, sinksFor, type Mailboxes } from "./sinks";
import type { CvFiles } from "./store/cv-files";
import { drain } from "./store/outbox";
import { errorCode, type Store } from "./store/sql";
import { hashClient, storeKey } from "./store/client-keys";
import type { SinkName } from "./store/types";
import { queueVisitorMail } from "./visitor-mail";

/**
 * Earlier deliveries that are due again, attempted on each request besides the new submission's own: a retry as soon
 * as the site is busy again, and the only one where nothing runs the schedule (the local server). The scheduled
 * delivery takes the rest; the outbox's claims keep the two from attempting one delivery at once.
 */
export const RETRIES_PER_REQUEST = 5;

export interface LeadEndpoint {
  labels: FormLabels;
  mailboxes: Mailboxes;
  settings: EndpointSettings;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  /** the webinars a registration's confirmation describes (src/lib/event-catalog.ts) */
  catalog?: readonly CatalogEvent[];
  fetchImpl?: typeof fetch;
  /** the campaigns whose forms post here, with their questions (src/server/campaign-files.ts) */
  campaigns?: readonly CampaignFacts[];
  /** the titles of content/jobs.json: an application names one of them */
  openings?: readonly string[];
  /** The file store of applicants' CVs (store/cv-files.ts); it rejects when it cannot be reached. */
  cvs?: () => Promise<CvFiles>;
}

/** What the platform says of the request besides it: the client's address (Netlify's `context.ip`). */
export interface RequestContext {
  ip?: string;
}

/**
 * A CV sent without the captcha (a form posted without script) fills the file store and the jobs mailbox with no
 * check that a person sent it, so a client may send a few a day (rate-limit.ts); beyond them, 429, and the page says
 * to turn JavaScript on, which lets the form solve the captcha, or when to send again (form-pages.tsx).
 */
async function cvBudget(checked: Checked, limiter: Limiter, ip: string | undefined): Promise<Refusal | null> {
  if (!checked.cv || checked.lead.fields.captcha !== WITHOUT_CAPTCHA) return null;
  const limit = await limiter.take("cv-without-captcha", ip);
  return limit.ok
    ? null
    : refuse(429, "Too many CVs from this address without the captcha; send it with JavaScript on", "captcha", {
        headers: retryAfter(limit),
      });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** Step 4, answer: JSON to the script, a page (or a 303 to the received page) to a browser's own form post. */
export function answer(outcome: Outcome, incoming: Incoming, campaigns: readonly CampaignFacts[] = []): Response {
  const failure = refused(outcome) ? outcome : null;
  const headers = { "Cache-Control": "no-store", ...failure?.headers };
  if (incoming.via === "script")
    return jsonAnswer(outcome.status, failure ? { error: failure.error, field: failure.field } : { ok: true }, headers);
  const page = formAnswer(outcome, incoming, campaigns);
  return htmlAnswer(page.status, page.html, {
    ...headers,
    ...FORM_PAGE_HEADERS,
    ...(page.location ? { Location: page.location } : {}),
  });
}

export function createLeadHandler({
  labels,
  mailboxes,
  settings,
  store,
  catalog = [],
  fetchImpl,
  openings = [],
  campaigns = [],
  cvs,
}: LeadEndpoint) {
  const sinks = sinksFor(settings, mailboxes, store, { fetchImpl, catalog, cvs, campaigns });
  const limiter = createLimiter({ store, settings });
  const mailing = sinks.some((s) => s.name === "visitor");
  const sinkNames = (checked: Checked, incoming: Incoming): SinkName[] =>
    leadSinkNames(sinks, checked.lead.kind, incoming.via);

  /** What the form promised the visitor, and the deliveries: stored already, so a failure is logged, never theirs. */
  async function afterCommit({ db, id }: Kept, checked: Checked) {
    if (id)
      await queueVisitorMail(db, checked.lead, id, { catalog, mailing }).catch((error) =>
        console.error(`submission ${id}: the visitor's mail could not be queued (${errorCode(error)})`),
      );
    const { failed } = await drain(db, sinks, { ids: id ? [id] : [], due: RETRIES_PER_REQUEST });
    failed.forEach((f) =>
      console.error(`submission ${f.id}: delivery to ${f.sink} failed (${f.error}); kept for a retry`),
    );
  }

  async function outcomeOf(incoming: Incoming, context: RequestContext): Promise<Outcome> {
    const checked = await checkIncoming(incoming, { labels, settings, openings, campaigns, fetchImpl });
    if (refused(checked)) return checked;
    const overBudget = await cvBudget(checked, limiter, context.ip);
    if (overBudget) return overBudget;
    const kept = await keep(checked, incoming, {
      settings,
      store,
      cvs,
      sinks: sinkNames(checked, incoming),
      clientHash: async (db) =>
        hashClient(await storeKey(db, "client-hash", settings.hashSecret), context.ip ?? "unknown"),
    });
    if (refused(kept)) return kept;
    const delivery = afterCommit(kept, checked).catch((error) => console.error(`outbox: ${errorCode(error)}`));
    await Promise.race([delivery, wait(settings.deliveryWaitMs)]);
    return { status: 200 };
  }

  return async function handleLead(request: Request, context: RequestContext = {}): Promise<Response> {
    // every request counts, whatever becomes of it; a limited one is still read, to give a form back as it was typed
    const limit = await limiter.take("lead", context.ip);
    const { incoming, refusal } = await readRequest(request, labels, settings.allowedOrigins, settings.deployOrigins);
    if (!limit.ok)
      return answer(refuse(429, LIMITED.error, "rate", { headers: retryAfter(limit) }), incoming, campaigns);
    return answer(refusal ?? (await outcomeOf(incoming, context)), incoming, campaigns);
  };
}
