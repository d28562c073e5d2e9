import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { checkLead, type Lead } from "../lib/lead-rules";
import type { FormLabels } from "../lib/payloads";
import { fileSink } from "./file-sink";

export const MAX_BODY_BYTES = 32 * 1024;

export interface LeadConfig {
  labels: FormLabels;
  /** origins whose pages may be named by a comment's url */
  origins: string[];
  leadsFile: string;
}

type Respond = (status: number, body: object) => void;

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

/** The origin the request was sent to, so a comment from the page being served is on the site. */
function requestOrigin(req: GatsbyFunctionRequest): string {
  const proto = String(req.headers["x-forwarded-proto"] ?? "http")
    .split(",")[0]
    .trim();
  return `${proto}://${req.headers.host ?? "localhost"}`;
}

export function createLeadHandler(config: LeadConfig) {
  const appendToFile = fileSink(config.leadsFile);

  async function deliver(lead: Lead): Promise<void> {
    await appendToFile({ receivedAt: new Date().toISOString(), kind: lead.kind, ...lead.fields });
  }

  return async function handleLead(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const respond: Respond = (status, body) => {
      res.setHeader("Cache-Control", "no-store");
      res.status(status).json(body);
    };
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return respond(405, { error: "Only POST is accepted", field: "method" });
    }
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
      return respond(413, { error: `The body is larger than ${MAX_BODY_BYTES} bytes`, field: "body" });
    const body = readBody(req);
    if ("error" in body) return respond(400, { error: body.error, field: "body" });
    if (body.size > MAX_BODY_BYTES)
      return respond(413, { error: `The body is larger than ${MAX_BODY_BYTES} bytes`, field: "body" });
    const checked = checkLead(body.value, config.labels, [...config.origins, requestOrigin(req)]);
    if (!checked.ok) return respond(400, { error: checked.error, field: checked.field });
    try {
      await deliver(checked.lead);
    } catch (error) {
      console.error(`lead delivery failed: ${(error as Error).message}`);
      return respond(502, { error: "The lead could not be delivered", field: "delivery" });
    }
    return respond(200, { ok: true });
  };
}
