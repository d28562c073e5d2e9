import { createHash, randomUUID } from "crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { attributionFromReferer, ATTRIBUTION_FIELD, cleanAttribution, type Attribution } from "../lib/attribution";
import { checkCv, CV_MAX_BYTES } from "../lib/cv-file";
import { bodyFromForm, parseForm, type FormValues } from "../lib/form-post";
import { checkLead, type FieldProblem, type Lead, type LeadKind } from "../lib/lead-rules";
import { kindOfType, type FormLabels } from "../lib/payloads";
import { leadSourceOf, WEB_TO_LEAD } from "../lib/web-to-lead";
import { CaptchaUnavailable, verifyCaptcha } from "./captcha";
import type { EndpointSettings } from "./config";
import { formAnswer, FORM_PAGE_HEADERS } from "./form-pages";
import { bodyOfScriptFields, isMultipart, MAX_UPLOAD_BYTES, readMultipart, type UploadedFile } from "./multipart";
import { sinksFor, type Mailboxes } from "./sinks";
import { salesforcePosts } from "./sinks/salesforce";
import { readSignals, SPAM_RETENTION_DAYS, spamReason, WITHOUT_CAPTCHA, type Signals } from "./spam";
import { setSecurityHeaders } from "./security-headers";
import { NoFilesStoreError, type CvFiles } from "./store/cv-files";
import { drain } from "./store/outbox";
import { errorCode, type Store } from "./store/sql";
import {
  acceptApplication,
  acceptLead,
  hashClient,
  purgeExpired,
  storeKey,
  type Accepted,
  type CvPointer,
  type SinkName,
  type Via,
} from "./store/submissions";
import { purgeUnconfirmed } from "./store/subscribers";
import { queueVisitorMail } from "./visitor-mail";
import type { CatalogEvent } from "../lib/event-catalog";

export const MAX_BODY_BYTES = 32 * 1024;
/**
 * The forms that ask for the captcha (spec §4's contact form, those whose visitor gets a mail, and the application
 * form: issue 36), so that nobody can have the site mail a stranger or fill the file store; comments are moderated
 * instead.
 */
const CAPTCHA_KINDS: ReadonlySet<LeadKind> = new Set(["contact", "newsletter", "webinar", "application"]);
/** Earlier deliveries that are due again, attempted on each request besides the new submission's own. */
export const RETRIES_PER_REQUEST = 5;
const HOUSEKEEPING_EVERY_MS = 60_000;

export interface LeadEndpoint {
  labels: FormLabels;
  mailboxes: Mailboxes;
  settings: EndpointSettings;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  /** the webinars a registration's confirmation describes (src/lib/event-catalog.ts) */
  catalog?: readonly CatalogEvent[];
  fetchImpl?: typeof fetch;
  /** the titles of content/jobs.json: an application names one of them */
  openings?: readonly string[];
  /**
   * The file store of applicants' CVs (store/cv-files.ts); it rejects when it cannot be reached. The request is given
   * when there is one: a Lambda-compatible function on Netlify finds the store's context in its event.
   */
  cvs?: (req?: GatsbyFunctionRequest) => Promise<CvFiles>;
}

/** Why a request was not taken: its status, and the field at fault (never one the request made up). */
export interface Refusal {
  status: number;
  error: string;
  field: string;
  headers?: Record<string, string>;
  problem?: FieldProblem;
  max?: number;
}
const refuse = (status: number, error: string, field: string, headers?: Record<string, string>): Refusal => ({
  status,
  error,
  field,
  headers,
});
const refused = (value: object): value is Refusal => "status" in value && "error" in value;

/** A request as read, before any rule: what came, from which page of the site, by which way. */
export interface Incoming {
  /** posted by the browser itself, without script (urlencoded): answered with a page, not JSON */
  via: Via;
  /** the configured origin of the page it was sent from (its Origin, else its Referer), or null when unknown */
  site: string | null;
  referer: string | undefined;
  /** the body the rules read: JSON as the script sends it, or a form's fields turned into the same */
  body: Record<string, unknown> | null;
  /** a form's fields as typed, to give them back when one must be fixed */
  values: FormValues | null;
  kind: LeadKind | null;
  /** the file a multipart body held (an application's CV), as it came */
  file: UploadedFile | null;
}

/** A request whose body passed every rule. */
interface Checked {
  lead: Lead;
  signals: Signals;
  attribution: Attribution;
  channel: string;
  /** an application's CV, checked */
  cv?: Omit<CvPointer, "key"> & { bytes: Uint8Array };
}

export type Outcome = { status: 200 } | Refusal;

/**
 * A browser's own form post (no script): urlencoded, or multipart when the form has a file. The site's script sends
 * JSON (as text/plain), or a form with a file as multipart asking for JSON back (`Accept: application/json`).
 */
const isFormPost = (req: GatsbyFunctionRequest) =>
  String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase() === "application/x-www-form-urlencoded" ||
  (isMultipart(req) && !/\bapplication\/json\b/i.test(String(req.headers.accept ?? "")));

const header = (req: GatsbyFunctionRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The request's own origin by its Host: a browser on this site's own pages sends it as its Origin, so such a
 * request is accepted; it is never used to build an address (a client can send any Host).
 */
function hostOrigin(req: GatsbyFunctionRequest): string {
  const proto = String(req.headers["x-forwarded-proto"] ?? "http")
    .split(",")[0]
    .trim();
  return `${proto}://${req.headers.host ?? "localhost"}`;
}

/**
 * The visitor's address for the rate limit: from the header a trusted proxy sets (Netlify's edge, or the one
 * CLIENT_IP_HEADER names), else from the socket. A header is never trusted where no proxy sets it: any client can
 * send one, and would get a fresh rate limit with each value.
 */
function clientOf(req: GatsbyFunctionRequest, trustedHeader: string | null): string {
  const named = trustedHeader ? req.headers[trustedHeader] : undefined;
  if (typeof named === "string" && named) return named.split(",")[0].trim();
  const socket = (req as unknown as { socket?: { remoteAddress?: string } }).socket;
  return socket?.remoteAddress ?? (req as unknown as { ip?: string }).ip ?? "unknown";
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body as the client sent it: JSON whatever the content type (the forms' script sends text/plain JSON), or a
 * form's fields when urlencoded. The local server hands the function the body as bytes; on Netlify, Gatsby's
 * function wrapper (body-parser, in .cache/functions) has already parsed a urlencoded body into an object.
 */
function readBody(req: GatsbyFunctionRequest, form: boolean): { size: number; value: unknown } | Refusal {
  const raw: unknown = req.body;
  if (raw === undefined || raw === null || raw === "") return refuse(400, "The body is empty", "body");
  let text: string | null = typeof raw === "string" ? raw : null;
  // the local server hands over the bytes: ones that are not UTF-8 are refused, not turned into U+FFFD
  if (Buffer.isBuffer(raw))
    try {
      text = utf8.decode(raw);
    } catch {
      return refuse(400, "The body is not UTF-8 text", "body");
    }
  if (text === null) return { size: Buffer.byteLength(JSON.stringify(raw)), value: raw };
  const size = Buffer.byteLength(text);
  if (form) return { size, value: parseForm(text) };
  try {
    return { size, value: JSON.parse(text) };
  } catch {
    return refuse(400, "The body is not valid JSON", "body");
  }
}

/** Step 1, read: the method, the origin, the size, the body and its kind; nothing is checked against the rules yet. */
export async function readRequest(req: GatsbyFunctionRequest, labels: FormLabels, origins: readonly string[]) {
  const via: Via = isFormPost(req) ? "form" : "script";
  const origin = header(req, "origin");
  const referer = header(req, "referer");
  const site = [origin, originOf(referer)].find((o): o is string => Boolean(o && origins.includes(o))) ?? null;
  const incoming: Incoming = { via, site, referer, body: null, values: null, kind: null, file: null };
  const fail = (refusal: Refusal) => ({ incoming, refusal });
  if (req.method !== "POST") return fail(refuse(405, "Only POST is accepted", "method", { Allow: "POST" }));
  if (origin !== undefined && !origins.includes(origin) && origin !== hostOrigin(req))
    return fail(refuse(403, "Requests from other sites are not accepted", "origin"));
  if (isMultipart(req)) {
    const refusal = await readUpload(req, incoming, labels);
    return refusal ? fail(refusal) : { incoming, refusal: null };
  }
  const tooLarge = refuse(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return fail(tooLarge);
  const read = readBody(req, via === "form");
  if (refused(read)) return fail(read);
  if (read.size > MAX_BODY_BYTES) return fail(tooLarge);
  if (via === "form") {
    incoming.values = read.value as FormValues;
    // the same body the script sends, so that the same rules apply to it
    incoming.body = bodyFromForm(incoming.values, labels, site ?? "");
  } else if (read.value && typeof read.value === "object" && !Array.isArray(read.value))
    incoming.body = read.value as Record<string, unknown>;
  incoming.kind = kindOfType(incoming.body?.type, labels);
  return { incoming, refusal: null };
}

/** A form with a file (an application and its CV): its fields become the body, its file waits for the check. */
async function readUpload(req: GatsbyFunctionRequest, incoming: Incoming, labels: FormLabels): Promise<Refusal | null> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES)
    return { ...refuse(413, `The body is larger than ${MAX_UPLOAD_BYTES} bytes`, "body"), max: MAX_UPLOAD_BYTES };
  const read = await readMultipart(req, CV_MAX_BYTES);
  if ("problem" in read)
    return read.problem === "files"
      ? { ...refuse(400, "Only one file can be sent", "cv"), problem: "invalid" }
      : refuse(400, "The body is not a form that can be read", "body");
  incoming.file = read.file;
  if (incoming.via === "form") {
    incoming.values = read.fields;
    incoming.body = bodyFromForm(read.fields, labels, incoming.site ?? "");
  } else incoming.body = bodyOfScriptFields(read.fields);
  incoming.kind = kindOfType(incoming.body?.type, labels);
  return null;
}

/**
 * The form endpoint: reads what a visitor sent, checks it, commits it to the store and only then answers 200.
 * Deliveries (the webhook, the mailboxes, Salesforce) run from the store's outbox: attempted before the answer for at
 * most `deliveryWaitMs`, retried with back-off on later requests and by `npm run leads replay`. A failing sink never
 * becomes the visitor's error; a store that cannot be reached is (503, naming `store`). Each step returns a value:
 * read → check → store → answer.
 */
export function createLeadHandler({
  labels,
  mailboxes,
  settings,
  store,
  catalog = [],
  fetchImpl,
  openings = [],
  cvs,
}: LeadEndpoint) {
  const sinks = sinksFor(settings, mailboxes, store, { fetchImpl, catalog, cvs });
  const mailing = sinks.some((s) => s.name === "visitor");
  let hashKey: Promise<string> | null = null;
  let lastHousekeeping = 0;

  /** Step 2, check: the form's rules, the spam signals, the captcha, and where the visit came from. */
  async function check(incoming: Incoming): Promise<Checked | Refusal> {
    const checked = checkLead(incoming.body ?? [], labels, settings.allowedOrigins, openings);
    if (!checked.ok) return { status: 400, ...checked };
    let lead = checked.lead;
    const cv = lead.kind === "application" ? checkCv(incoming.file) : null;
    if (cv && !cv.ok) return { ...refuse(cv.status, cv.error, "cv"), problem: cv.problem, max: cv.max };
    // the file's name is part of what the company reads (the e-mail, the webhook, `npm run leads show`)
    if (cv) lead = { ...lead, fields: { ...lead.fields, cv: cv.name } };
    const read = readSignals(incoming.body ?? {});
    if ("field" in read) return refuse(400, read.error, read.field);
    if (incoming.via === "form" && CAPTCHA_KINDS.has(lead.kind) && !read.signals.captcha) {
      // The captcha needs script, so a visitor without it cannot solve one. The company's decision: such an
      // enquiry is stored and delivered at once, marked in its record, its e-mail and its webhook, rather than
      // refused (a real customer would be lost) or held for review (nobody would see it in time). The honeypot,
      // the rate limit and the link rule still apply; JSON posts, which come from the script, keep needing it.
      lead = { ...lead, fields: { ...lead.fields, captcha: WITHOUT_CAPTCHA } };
    } else if (settings.recaptchaSecret && CAPTCHA_KINDS.has(lead.kind)) {
      const refusal = await checkCaptcha(read.signals.captcha);
      if (refusal) return refusal;
    }
    // without script only the page it was sent from is known, by its Referer (docs/store.md#where-a-lead-came-from)
    const attribution =
      incoming.via === "form"
        ? attributionFromReferer(incoming.referer, settings.allowedOrigins)
        : cleanAttribution(incoming.body?.[ATTRIBUTION_FIELD]);
    const channel = leadSourceOf(WEB_TO_LEAD, attribution);
    const file = cv?.ok
      ? { name: cv.name, kind: cv.kind, size: cv.size, bytes: cv.bytes, sha256: sha256(cv.bytes) }
      : undefined;
    return { lead, signals: read.signals, attribution, channel, cv: file };
  }

  /** A form's captcha, checked with Google when a secret is configured (spec §4). */
  async function checkCaptcha(token: string | undefined): Promise<Refusal | null> {
    try {
      const captcha = await verifyCaptcha(token, {
        secret: settings.recaptchaSecret!,
        url: settings.recaptchaVerifyUrl,
        fetchImpl,
      });
      return captcha.ok ? null : refuse(400, captcha.error, "captcha");
    } catch (error) {
      const reason = error instanceof CaptchaUnavailable ? error.message : errorCode(error);
      console.error(`captcha: siteverify could not be reached (${reason}); nothing was stored`);
      return refuse(503, "The spam check could not be reached; please try again shortly", "captcha");
    }
  }

  /** Step 3, store: the rate limit, the duplicate check, the submission and its deliveries, in one round trip. */
  async function keep(
    checked: Checked,
    incoming: Incoming,
    client: string,
    req: GatsbyFunctionRequest,
  ): Promise<{ db: Store; id: string | null } | Refusal> {
    const id = randomUUID();
    const { lead, signals, attribution, channel } = checked;
    // the visitor's own mail is queued after, within its own limit (visitor-mail.ts)
    const names = sinks
      .map((s) => s.name)
      .filter((name) => name !== "visitor")
      .filter((name) => name !== "salesforce" || salesforcePosts(WEB_TO_LEAD, lead.kind, incoming.via));
    try {
      const db = await store();
      hashKey ??= storeKey(db, "client-hash", settings.hashSecret).catch((error) => {
        hashKey = null;
        throw error;
      });
      const hashed = hashClient(await hashKey, client);
      const context = { spamReason: spamReason(lead, signals), attribution, channel, via: incoming.via };
      const accepted = checked.cv
        ? await keepApplication(db, checked.lead, checked.cv, hashed, names, id, context, req)
        : await acceptLead(db, lead, hashed, names, settings, id, context);
      if (refused(accepted)) return accepted;
      if (accepted.outcome === "limited")
        return refuse(429, "Too many requests; try again later", "rate", {
          "Retry-After": String(accepted.retryAfterSeconds),
        });
      // spam gets the same answer as anything else: a bot learns nothing (it is kept for review, never delivered)
      if (accepted.outcome !== "stored") return { db, id: null };
      // what the form promised the visitor; stored already, so a failure here is logged, never the visitor's
      await queueVisitorMail(db, lead, accepted.id, { catalog, mailing }).catch((error) =>
        console.error(`submission ${accepted.id}: the visitor's mail could not be queued (${errorCode(error)})`),
      );
      return { db, id: accepted.id };
    } catch (error) {
      const code = errorCode(error);
      // SQLSTATE class 22, a data exception: the store was reached and refused the text (the rules should have
      // caught it first); a 503 means only that the store could not be reached
      if (/^22[0-9A-Z]{3}$/.test(code)) {
        console.error(`submission ${id}: the store refused the body's text (${code}); nothing was stored`);
        return refuse(400, "The body holds text the store cannot keep", "body");
      }
      console.error(`submission ${id}: the store could not be reached (${code}); nothing was stored`);
      return refuse(503, "The submission could not be stored; please try again shortly", "store");
    }
  }

  /**
   * An application: its CV into the file store first, then the row that points to it (one round trip); unless the
   * row was stored (a duplicate, spam, the rate limit, a failure), the file is deleted again, so nothing half-stored
   * remains. A file whose deletion fails has no row; the purge deletes it after an hour (src/server/purge.ts).
   */
  async function keepApplication(
    db: Store,
    lead: Lead,
    cv: NonNullable<Checked["cv"]>,
    hashed: string,
    names: SinkName[],
    id: string,
    context: Parameters<typeof acceptLead>[6],
    req: GatsbyFunctionRequest,
  ): Promise<Accepted | Refusal> {
    let files: CvFiles;
    try {
      if (!cvs) throw new NoFilesStoreError();
      files = await cvs(req);
      await files.put(id, cv.bytes, {
        name: cv.name,
        kind: cv.kind,
        size: cv.size,
        storedAt: new Date().toISOString(),
      });
    } catch (error) {
      console.error(`submission ${id}: the file store could not be reached (${errorCode(error)}); nothing was stored`);
      return refuse(503, "The CV could not be stored; please try again shortly", "store");
    }
    let accepted: Accepted | null = null;
    try {
      accepted = await acceptApplication(db, lead, { ...cv, key: id }, hashed, names, settings, id, context);
      return accepted;
    } finally {
      if (accepted?.outcome !== "stored")
        await files
          .remove(id)
          .catch((error) =>
            console.error(`submission ${id}: its file could not be deleted (${errorCode(error)}); the purge will`),
          );
    }
  }

  /** Delivery and housekeeping after a commit: never an error for the visitor, logged by submission id. */
  async function afterCommit(db: Store, id: string | null) {
    const work: Promise<unknown>[] = [
      drain(db, sinks, { ids: id ? [id] : [], due: RETRIES_PER_REQUEST }).then(({ failed }) =>
        failed.forEach((f) =>
          console.error(`submission ${f.id}: delivery to ${f.sink} failed (${f.error}); kept for a retry`),
        ),
      ),
    ];
    if (Date.now() - lastHousekeeping > HOUSEKEEPING_EVERY_MS) {
      lastHousekeeping = Date.now();
      work.push(purgeExpired(db, settings.retentionDays, settings.rateWindowMs, SPAM_RETENTION_DAYS));
      work.push(purgeUnconfirmed(db));
    }
    await Promise.all(work).catch((error) => console.error(`outbox: ${errorCode(error)}`));
  }

  async function outcomeOf(req: GatsbyFunctionRequest, incoming: Incoming): Promise<Outcome> {
    const checked = await check(incoming);
    if (refused(checked)) return checked;
    const kept = await keep(checked, incoming, clientOf(req, settings.clientIpHeader), req);
    if (refused(kept)) return kept;
    const delivery = afterCommit(kept.db, kept.id);
    await Promise.race([delivery, wait(settings.deliveryWaitMs)]);
    return { status: 200 };
  }

  return async function handleLead(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const { incoming, refusal } = await readRequest(req, labels, settings.allowedOrigins);
    const outcome = refusal ?? (await outcomeOf(req, incoming));
    // step 4, answer: JSON to the script, a page to a browser's own form post
    setSecurityHeaders(res, { "Cache-Control": "no-store" });
    const failure = refused(outcome) ? outcome : null;
    for (const [name, value] of Object.entries(failure?.headers ?? {})) res.setHeader(name, value);
    if (incoming.via === "script") {
      res.status(outcome.status).json(failure ? { error: failure.error, field: failure.field } : { ok: true });
      return;
    }
    const page = formAnswer(outcome, incoming);
    for (const [name, value] of Object.entries(FORM_PAGE_HEADERS)) res.setHeader(name, value);
    if (page.location) res.setHeader("Location", page.location);
    res.status(page.status).send(page.html);
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
