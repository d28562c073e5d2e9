import { randomUUID } from "crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { checkLead, type Lead } from "../lib/lead-rules";
import type { FormLabels } from "../lib/payloads";
import type { EndpointSettings } from "./config";
import { createDeduper } from "./dedupe";
import { emailSink } from "./email-sink";
import { fileSink } from "./file-sink";
import { createRateLimiter } from "./rate-limit";
import { webhookSink } from "./webhook-sink";

export const MAX_BODY_BYTES = 32 * 1024;

export interface LeadEndpoint {
  labels: FormLabels;
  mailboxes: { sales: string; jobs: string };
  settings: EndpointSettings;
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

export function createLeadHandler({ labels, mailboxes, settings, fetchImpl }: LeadEndpoint) {
  const keep = fileSink(settings.leadsFile);
  const others: { name: string; send: (lead: Lead, record: object) => Promise<void> }[] = [];
  if (settings.webhookUrl) {
    const post = webhookSink(settings.webhookUrl, settings.webhookTimeoutMs, settings.webhookRetries, fetchImpl);
    others.push({ name: "webhook", send: (_, record) => post(record) });
  }
  if (settings.smtpUrl) {
    const mail = emailSink(settings.smtpUrl, settings.mailFrom, mailboxes);
    others.push({ name: "email", send: (lead) => mail(lead) });
  }
  const takeRate = createRateLimiter(settings.rateLimit, settings.rateWindowMs);
  const deduper = createDeduper(settings.dedupeMs);

  async function answer(req: GatsbyFunctionRequest): Promise<Answer> {
    if (req.method !== "POST") return fail(405, "Only POST is accepted", "method", { Allow: "POST" });
    const origin = req.headers.origin;
    if (typeof origin === "string" && ![...settings.allowedOrigins, ownOrigin(req)].includes(origin))
      return fail(403, "Requests from other sites are not accepted", "origin");
    const rate = takeRate(clientOf(req));
    if (!rate.allowed)
      return fail(429, "Too many requests; try again later", "rate", { "Retry-After": String(rate.retryAfterSeconds) });
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
      return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    const body = readBody(req);
    if ("error" in body) return fail(400, body.error, "body");
    if (body.size > MAX_BODY_BYTES) return fail(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
    const checked = checkLead(body.value, labels, [...settings.allowedOrigins, ownOrigin(req)]);
    if (!checked.ok) return fail(400, checked.error, checked.field);

    const lead = checked.lead;
    const key = deduper.keyOf(lead.fields);
    if (deduper.isDuplicate(key)) return { status: 200, body: { ok: true } };
    const record = { id: randomUUID(), receivedAt: new Date().toISOString(), kind: lead.kind, ...lead.fields };
    try {
      await keep(record);
    } catch (error) {
      console.error(`lead ${record.id}: the leads file failed: ${(error as Error).message}`);
      return fail(502, "The lead could not be stored", "delivery");
    }
    const results = await Promise.allSettled(others.map((sink) => sink.send(lead, record)));
    const failed = results.flatMap((r, i) =>
      r.status === "rejected" ? [`${others[i].name}: ${(r.reason as Error)?.message}`] : [],
    );
    if (failed.length) {
      console.error(`lead ${record.id} kept in the leads file, but delivery failed (${failed.join("; ")})`);
      return fail(502, "The lead is kept but could not be delivered", "delivery");
    }
    deduper.remember(key);
    return { status: 200, body: { ok: true } };
  }

  return async function handleLead(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const { status, body, headers } = await answer(req);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json(body);
  };
}
