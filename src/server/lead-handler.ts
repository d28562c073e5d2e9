import { randomUUID } from "crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { bodyFromForm, parseForm, RECEIVED_PATHS, type FormValues } from "../lib/form-post";
import { checkLead, type FieldProblem, type LeadKind } from "../lib/lead-rules";
import type { FormLabels } from "../lib/payloads";
import { CaptchaUnavailable, verifyCaptcha } from "./captcha";
import type { EndpointSettings } from "./config";
import { emailSink } from "./email-sink";
import { explainField, formPage, FORM_PAGE_HEADERS, messagePage } from "./form-pages";
import { moderationKey } from "./moderate-handler";
import { moderationUrl, signLink } from "./moderation";
import { readSignals, SPAM_RETENTION_DAYS, spamReason, WITHOUT_CAPTCHA } from "./spam";
import { drain, type Sink } from "./store/outbox";
import { errorCode, type Store } from "./store/sql";
import { acceptLead, hashClient, purgeExpired, storeKey, type Submission } from "./store/submissions";
import { setSecurityHeaders } from "./security-headers";
import { webhookSink } from "./webhook-sink";

export const MAX_BODY_BYTES = 32 * 1024;
/** Earlier deliveries that are due again, attempted on each request besides the new submission's own. */
export const RETRIES_PER_REQUEST = 5;
const HOUSEKEEPING_EVERY_MS = 60_000;

export interface LeadEndpoint {
  labels: FormLabels;
  mailboxes: { sales: string; jobs: string };
  settings: EndpointSettings;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  fetchImpl?: typeof fetch;
}

type Answer = {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** for a form sent without script: why its field was refused */
  problem?: FieldProblem;
  max?: number;
};
const fail = (status: number, error: string, field: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { error, field },
  headers,
});

/** What the answer to a form sent without script needs: the form as typed, its kind, the page it came from. */
interface FormPost {
  values: FormValues | null;
  kind: LeadKind | null;
  /** the site's origin the form was on: its Origin when allowed, else this endpoint's own */
  origin: string;
}

/** A browser's own form post (no script): urlencoded. The site's script sends JSON (as text/plain). */
const isFormPost = (req: GatsbyFunctionRequest) =>
  String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase() === "application/x-www-form-urlencoded";

/** The origin the request was sent to: a browser on this site's own pages sends it as its Origin. */
function ownOrigin(req: GatsbyFunctionRequest): string {
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

/**
 * The first field (in the body's order) holding text PostgreSQL cannot keep: a NUL, a lone surrogate (half of a
 * UTF-16 pair, which no UTF-8 can carry), or U+FFFD, the character a decoder puts where the bytes were not UTF-8 (on
 * Netlify the body reaches the function decoded already, so that is how bytes that were not UTF-8 show).
 */
export function unstorableField(body: unknown): { field: string; problem: string } | null {
  if (!body || typeof body !== "object") return null;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== "string") continue;
    if (value.includes("\u0000")) return { field, problem: "holds a NUL character, which is not text" };
    if (LONE_SURROGATE.test(value)) return { field, problem: "holds half of a character (a lone surrogate)" };
    if (value.includes("\uFFFD")) return { field, problem: "holds bytes that are not UTF-8 text" };
  }
  return null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The body as the client sent it: JSON whatever the content type (the forms' script sends text/plain JSON), or a
 * form's fields when urlencoded. The local server hands the function the body as text; on Netlify, Gatsby's
 * function wrapper (body-parser, in .cache/functions) has already parsed a urlencoded body into an object.
 */
function readBody(req: GatsbyFunctionRequest, form: boolean): { size: number; value: unknown } | { error: string } {
  const raw: unknown = req.body;
  if (raw === undefined || raw === null || raw === "") return { error: "The body is empty" };
  let text: string | null = typeof raw === "string" ? raw : null;
  // the local server hands over the bytes: ones that are not UTF-8 are refused, not turned into U+FFFD
  if (Buffer.isBuffer(raw))
    try {
      text = utf8.decode(raw);
    } catch {
      return { error: "The body is not UTF-8 text" };
    }
  if (form && text !== null) return { size: Buffer.byteLength(text), value: parseForm(text) };
  if (text !== null) {
    try {
      return { size: Buffer.byteLength(text), value: JSON.parse(text) };
    } catch {
      return { error: "The body is not valid JSON" };
    }
  }
  return { size: Buffer.byteLength(JSON.stringify(raw)), value: raw };
}

/**
 * The signed Approve and Reject links of a comment: on the configured address its page is on (a deploy preview's
 * too), else on the site's own; never on an address a request named (its Host).
 */
export function moderationLinks(store: () => Promise<Store>, secret: string | undefined, origins: readonly string[]) {
  return async (comment: Submission) => {
    const key = await moderationKey(await store(), secret);
    const pageOrigin = new URL(comment.page_url).origin;
    const origin = origins.includes(pageOrigin) ? pageOrigin : origins[0];
    const approve = signLink(key, comment.id, "approve");
    return {
      approve: moderationUrl(origin, approve),
      reject: moderationUrl(origin, signLink(key, comment.id, "reject")),
      expires: new Date(approve.expires * 1000),
    };
  };
}

/** The configured sinks: a webhook (LEAD_WEBHOOK_URL) and e-mail (SMTP_URL). */
export function sinksFor(
  settings: EndpointSettings,
  mailboxes: LeadEndpoint["mailboxes"],
  store: () => Promise<Store>,
  fetchImpl?: typeof fetch,
) {
  const sinks: Sink[] = [];
  if (settings.webhookUrl) sinks.push(webhookSink(settings.webhookUrl, settings.webhookTimeoutMs, fetchImpl));
  if (settings.smtpUrl)
    sinks.push(
      emailSink(settings.smtpUrl, {
        from: settings.mailFrom,
        mailboxes,
        moderator: settings.commentsModerator,
        linksFor: moderationLinks(store, settings.moderationSecret, settings.allowedOrigins),
      }),
    );
  return sinks;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * The form endpoint: checks what a visitor sent, commits it to the store and only then answers 200. Deliveries to
 * the webhook and the mailboxes run from the store's outbox: attempted before the answer for at most
 * `deliveryWaitMs`, retried with back-off on later requests and by `npm run leads replay`. A failing sink never
 * becomes the visitor's error; a store that cannot be reached is (503, naming `store`).
 */
export function createLeadHandler({ labels, mailboxes, settings, store, fetchImpl }: LeadEndpoint) {
  const sinks = sinksFor(settings, mailboxes, store, fetchImpl);
  let hashKey: Promise<string> | null = null;
  let lastHousekeeping = 0;

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
    }
    await Promise.all(work).catch((error) => console.error(`outbox: ${errorCode(error)}`));
  }

  async function answer(req: GatsbyFunctionRequest, post: FormPost | null): Promise<Answer> {
    if (req.method !== "POST") return fail(405, "Only POST is accepted", "method", { Allow: "POST" });
    const origin = req.headers.origin;
    if (typeof origin === "string" && ![...settings.allowedOrigins, ownOrigin(req)].includes(origin))
      return fail(403, "Requests from other sites are not accepted", "origin");
    if (post && typeof origin === "string") post.origin = origin;
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
      return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    const body = readBody(req, post !== null);
    if ("error" in body) return fail(400, body.error, "body");
    if (body.size > MAX_BODY_BYTES) return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    let value = body.value;
    if (post) {
      post.values = value && typeof value === "object" ? (value as FormValues) : {};
      // the same body the script sends, so that the same rules apply to it
      value = bodyFromForm(post.values, labels, post.origin);
    }
    const unstorable = unstorableField(value);
    if (unstorable) return fail(400, `${unstorable.field} ${unstorable.problem}`, unstorable.field);
    // a page of the site is one of the configured addresses, never the Host a request claims (a comment's
    // moderation links are built from it)
    const checked = checkLead(value, labels, settings.allowedOrigins);
    if (post) post.kind = checked.ok ? checked.lead.kind : kindOfType(value, labels);
    if (!checked.ok) return { ...fail(400, checked.error, checked.field), problem: checked.problem, max: checked.max };
    const read = readSignals(value as Record<string, unknown>);
    if ("field" in read) return fail(400, read.error, read.field);
    const { signals } = read;
    let lead = checked.lead;
    if (post && lead.kind === "contact" && !signals.captcha) {
      // The captcha needs script, so a visitor without it cannot solve one. The company's decision: such an
      // enquiry is stored and delivered at once, marked in its record, its e-mail and its webhook, rather than
      // refused (a real customer would be lost) or held for review (nobody would see it in time). The honeypot,
      // the rate limit and the link rule still apply; JSON posts, which come from the script, keep needing it.
      lead = { ...lead, fields: { ...lead.fields, captcha: WITHOUT_CAPTCHA } };
    } else if (settings.recaptchaSecret && lead.kind === "contact") {
      // the contact form's captcha, checked with Google when a secret is configured (spec §4)
      try {
        const captcha = await verifyCaptcha(signals.captcha, {
          secret: settings.recaptchaSecret,
          url: settings.recaptchaVerifyUrl,
          fetchImpl,
        });
        if (!captcha.ok) return fail(400, captcha.error, "captcha");
      } catch (error) {
        const reason = error instanceof CaptchaUnavailable ? error.message : errorCode(error);
        console.error(`captcha: siteverify could not be reached (${reason}); nothing was stored`);
        return fail(503, "The spam check could not be reached; please try again shortly", "captcha");
      }
    }

    const id = randomUUID();
    let db: Store;
    let accepted: Awaited<ReturnType<typeof acceptLead>>;
    try {
      db = await store();
      hashKey ??= storeKey(db, "client-hash", settings.hashSecret).catch((error) => {
        hashKey = null;
        throw error;
      });
      const client = hashClient(await hashKey, clientOf(req, settings.clientIpHeader));
      const sinkNames = sinks.map((s) => s.name);
      accepted = await acceptLead(db, lead, client, sinkNames, settings, id, spamReason(lead, signals));
    } catch (error) {
      const code = errorCode(error);
      // SQLSTATE class 22, a data exception: the store was reached and refused the text (the check above should
      // have caught it first); a 503 means only that the store could not be reached
      if (/^22[0-9A-Z]{3}$/.test(code)) {
        console.error(`submission ${id}: the store refused the body's text (${code}); nothing was stored`);
        return fail(400, "The body holds text the store cannot keep", "body");
      }
      console.error(`submission ${id}: the store could not be reached (${code}); nothing was stored`);
      return fail(503, "The submission could not be stored; please try again shortly", "store");
    }
    if (accepted.outcome === "limited")
      return fail(429, "Too many requests; try again later", "rate", {
        "Retry-After": String(accepted.retryAfterSeconds),
      });
    // spam gets the same answer as anything else: a bot learns nothing (it is kept for review, never delivered)
    const delivery = afterCommit(db, accepted.outcome === "stored" ? accepted.id : null);
    await Promise.race([delivery, wait(settings.deliveryWaitMs)]);
    return { status: 200, body: { ok: true } };
  }

  return async function handleLead(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const post: FormPost | null = isFormPost(req) ? { values: null, kind: null, origin: ownOrigin(req) } : null;
    const outcome = await answer(req, post);
    setSecurityHeaders(res, { "Cache-Control": "no-store" });
    for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
    if (!post) {
      res.status(outcome.status).json(outcome.body);
      return;
    }
    const { status, location, html } = formAnswer(outcome, post);
    for (const [name, value] of Object.entries(FORM_PAGE_HEADERS)) res.setHeader(name, value);
    if (location) res.setHeader("Location", location);
    res.status(status).send(html);
  };
}

const kindOfType = (body: unknown, labels: FormLabels): LeadKind | null => {
  const type = (body as { type?: unknown } | null)?.type;
  return (Object.keys(labels) as LeadKind[]).find((kind) => labels[kind] === type) ?? null;
};

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60).toLocaleString("en-US")} minutes`;

/**
 * The answer to a form sent without script: once stored, 303 See Other to the page that says it was received (the
 * address holds nothing that was typed); otherwise a page of the site's look that says what to do, with the form
 * again as it was typed when there is one to send again.
 */
export function formAnswer(outcome: Answer, post: FormPost): { status: number; location?: string; html: string } {
  const home = `${post.origin}/`;
  if (outcome.status === 200) {
    const path = RECEIVED_PATHS[post.kind ?? "contact"];
    const location = `${post.origin}${path}`;
    return { status: 303, location, html: messagePage("Received", "Your form was received.", location) };
  }
  const field = String(outcome.body.field ?? "");
  const again = (title: string, text: string, marked?: string) =>
    post.kind && post.values
      ? formPage({ kind: post.kind, values: post.values, title, text, field: marked, home })
      : messagePage(title, text, home);
  switch (outcome.status) {
    case 400:
      if (!post.kind || field === "body" || field === "type")
        return { status: 400, html: messagePage("This form could not be read", "Nothing was sent.", home) };
      return { status: 400, html: again(...explainAll(post.kind, field, outcome), field) };
    case 413:
      return {
        status: 413,
        html: messagePage(
          "This form is too long to send",
          `It holds more than ${MAX_BODY_BYTES / 1024} KB, so nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, shorten your message and send it again.`,
          home,
        ),
      };
    case 429: {
      const wait = inWords(Number(outcome.headers?.["Retry-After"] ?? 60));
      return {
        status: 429,
        html: again(
          "Please wait a moment",
          `Many forms were sent from your connection in a short time, so this one was not sent. Please send it again in ${wait}.`,
        ),
      };
    }
    case 503:
      return {
        status: 503,
        html: again(
          "Please try again shortly",
          "Your form could not be saved just now, so nothing was sent. Please send it again in a minute.",
        ),
      };
    default:
      return {
        status: outcome.status,
        html: messagePage(
          "This form cannot be sent from here",
          "Nothing was sent. Please use the form on our site.",
          home,
        ),
      };
  }
}

const explainAll = (kind: LeadKind, field: string, outcome: Answer): [string, string] => {
  const { title, text } = explainField(kind, field, outcome.problem, outcome.max);
  return [title, text];
};
