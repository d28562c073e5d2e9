import { randomUUID } from "crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { checkLead } from "../lib/lead-rules";
import type { FormLabels } from "../lib/payloads";
import { CaptchaUnavailable, verifyCaptcha } from "./captcha";
import type { EndpointSettings } from "./config";
import { emailSink } from "./email-sink";
import { moderationKey } from "./moderate-handler";
import { moderationUrl, signLink } from "./moderation";
import { readSignals, SPAM_RETENTION_DAYS, spamReason } from "./spam";
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

type Answer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };
const fail = (status: number, error: string, field: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { error, field },
  headers,
});

/** The origin the request was sent to: a browser on this site's own pages sends it as its Origin. */
function ownOrigin(req: GatsbyFunctionRequest): string {
  const proto = String(req.headers["x-forwarded-proto"] ?? "http")
    .split(",")[0]
    .trim();
  return `${proto}://${req.headers.host ?? "localhost"}`;
}

/** Netlify's edge names the client; locally, the socket does. X-Forwarded-For is not trusted. */
function clientOf(req: GatsbyFunctionRequest): string {
  const netlify = req.headers["x-nf-client-connection-ip"];
  if (typeof netlify === "string" && netlify) return netlify;
  const socket = (req as unknown as { socket?: { remoteAddress?: string } }).socket;
  return socket?.remoteAddress ?? (req as unknown as { ip?: string }).ip ?? "unknown";
}

/** The body as the client sent it, whatever the content type (the forms send text/plain JSON). */
function readBody(req: GatsbyFunctionRequest): { size: number; value: unknown } | { error: string } {
  const raw: unknown = req.body;
  if (raw === undefined || raw === null || raw === "") return { error: "The body is empty" };
  if (typeof raw === "string" || Buffer.isBuffer(raw)) {
    const text = raw.toString();
    try {
      return { size: Buffer.byteLength(text), value: JSON.parse(text) };
    } catch {
      return { error: "The body is not valid JSON" };
    }
  }
  return { size: Buffer.byteLength(JSON.stringify(raw)), value: raw };
}

/** The signed Approve and Reject links of a comment, on the origin it was sent from (a deploy preview's too). */
export function moderationLinks(store: () => Promise<Store>, secret: string | undefined) {
  return async (comment: Submission) => {
    const key = await moderationKey(await store(), secret);
    const origin = new URL(comment.page_url).origin;
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
        linksFor: moderationLinks(store, settings.moderationSecret),
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

  async function answer(req: GatsbyFunctionRequest): Promise<Answer> {
    if (req.method !== "POST") return fail(405, "Only POST is accepted", "method", { Allow: "POST" });
    const origin = req.headers.origin;
    if (typeof origin === "string" && ![...settings.allowedOrigins, ownOrigin(req)].includes(origin))
      return fail(403, "Requests from other sites are not accepted", "origin");
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
      return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    const body = readBody(req);
    if ("error" in body) return fail(400, body.error, "body");
    if (body.size > MAX_BODY_BYTES) return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    const checked = checkLead(body.value, labels, [...settings.allowedOrigins, ownOrigin(req)]);
    if (!checked.ok) return fail(400, checked.error, checked.field);
    const read = readSignals(body.value as Record<string, unknown>);
    if ("field" in read) return fail(400, read.error, read.field);
    const { signals } = read;
    // the contact form's captcha, checked with Google when a secret is configured (spec §4)
    if (settings.recaptchaSecret && checked.lead.kind === "contact") {
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
      const client = hashClient(await hashKey, clientOf(req));
      const sinkNames = sinks.map((s) => s.name);
      accepted = await acceptLead(db, checked.lead, client, sinkNames, settings, id, spamReason(checked.lead, signals));
    } catch (error) {
      console.error(`submission ${id}: the store could not be reached (${errorCode(error)}); nothing was stored`);
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
    const { status, body, headers } = await answer(req);
    setSecurityHeaders(res, { "Cache-Control": "no-store" });
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json(body);
  };
}
