// The form endpoint's first step, read (lead-handler.ts): what came, from which page of the site, by which way, as
// values; nothing is checked against the form's rules yet. A refusal here names what could not be read.
import { bodyFromForm, parseForm, type PostedForm } from "../lib/form-post";
import type { FieldProblem, LeadKind } from "../lib/lead-rules";
import { kindOfType, type FormLabels } from "../lib/forms";
import { bodyOfScriptFields, isMultipart, MAX_UPLOAD_BYTES, readMultipart, type UploadedFile } from "./multipart";
import type { Via } from "./store/types";

/** The largest JSON or urlencoded body the endpoint reads. */
export const MAX_BODY_BYTES = 32 * 1024;

/** Why a request was not taken: its status, and the field at fault (never one the request made up). */
export interface Refusal {
  status: number;
  error: string;
  field: string;
  headers?: Record<string, string>;
  problem?: FieldProblem;
  max?: number;
}

export const refuse = (status: number, error: string, field: string, more: Partial<Refusal> = {}): Refusal => ({
  status,
  error,
  field,
  ...more,
});
export const refused = (value: object): value is Refusal => "status" in value && "error" in value;

/** A request as read, before any rule. */
export interface Incoming {
  /** posted by the browser itself, without script: answered with a page, not JSON */
  via: Via;
  /** the configured origin of the page it was sent from (its Origin, else its Referer), or null when unknown */
  site: string | null;
  referer: string | undefined;
  /** the body the rules read: JSON as the script sends it, or a form's fields turned into the same */
  body: Record<string, unknown> | null;
  /** a form's fields as typed, to give them back when one must be fixed */
  values: PostedForm | null;
  kind: LeadKind | null;
  /** the file a multipart body held (an application's CV), as it came */
  file: UploadedFile | null;
}

const originOf = (url: string | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A browser's own form post (no script): urlencoded, or multipart when the form has a file. The site's script sends
 * JSON (as text/plain), or a form with a file as multipart asking for JSON back (`Accept: application/json`).
 */
export function viaOf(request: Request): Via {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  return isMultipart(type) && !/\bapplication\/json\b/i.test(request.headers.get("accept") ?? "") ? "form" : "script";
}

/** The fields of the body and its file, as the rules read them: JSON, a urlencoded form, or a multipart one. */
async function readBody(
  request: Request,
  via: Via,
  labels: FormLabels,
  site: string | null,
): Promise<Pick<Incoming, "body" | "values" | "file"> | Refusal> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const asForm = (values: Record<string, string>, file: UploadedFile | null = null) => ({
    values,
    file,
    body: bodyFromForm(values, labels, site ?? ""),
  });
  const type = request.headers.get("content-type") ?? "";
  if (isMultipart(type)) {
    const tooLong = refuse(413, `The body is larger than ${MAX_UPLOAD_BYTES} bytes`, "body", { max: MAX_UPLOAD_BYTES });
    if (declared > MAX_UPLOAD_BYTES) return tooLong;
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_UPLOAD_BYTES) return tooLong;
    const read = await readMultipart(bytes, type);
    if ("problem" in read)
      return read.problem === "files"
        ? refuse(400, "Only one file can be sent", "cv", { problem: "invalid" })
        : refuse(400, "The body is not a form that can be read", "body");
    return via === "form"
      ? asForm(read.fields, read.file)
      : { body: bodyOfScriptFields(read.fields), values: null, file: read.file };
  }
  const tooLarge = refuse(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, "body");
  if (declared > MAX_BODY_BYTES) return tooLarge;
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return tooLarge;
  if (bytes.byteLength === 0) return refuse(400, "The body is empty", "body");
  let text: string;
  try {
    // bytes that are not UTF-8 are refused, not turned into U+FFFD
    text = utf8.decode(bytes);
  } catch {
    return refuse(400, "The body is not UTF-8 text", "body");
  }
  if (via === "form") return asForm(parseForm(text));
  try {
    const value: unknown = JSON.parse(text);
    const body =
      value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    return { body, values: null, file: null };
  } catch {
    return refuse(400, "The body is not valid JSON", "body");
  }
}

/**
 * Step 1, read: the method, the origin, the size, the body and its kind. An Origin is the site's when it is one of
 * the configured `origins` or matches `deploys` (this site's own deploys on Netlify: src/server/config.ts); the
 * request's own Host never counts, since whoever sends the request chooses it (docs/configuration.md).
 */
export async function readRequest(
  request: Request,
  labels: FormLabels,
  origins: readonly string[],
  deploys: RegExp | null = null,
): Promise<{ incoming: Incoming; refusal: Refusal | null }> {
  const origin = request.headers.get("origin");
  const referer = request.headers.get("referer") ?? undefined;
  const ours = (o: string | null): o is string => Boolean(o && (origins.includes(o) || deploys?.test(o)));
  const site = [origin, originOf(referer ?? null)].find(ours) ?? null;
  const base: Incoming = { via: viaOf(request), site, referer, body: null, values: null, kind: null, file: null };
  if (request.method !== "POST")
    return { incoming: base, refusal: refuse(405, "Only POST is accepted", "method", { headers: { Allow: "POST" } }) };
  if (origin !== null && !ours(origin))
    return { incoming: base, refusal: refuse(403, "Requests from other sites are not accepted", "origin") };
  const read = await readBody(request, base.via, labels, site);
  if (refused(read)) return { incoming: base, refusal: read };
  return { incoming: { ...base, ...read, kind: kindOfType(read.body?.type, labels) }, refusal: null };
}

/** What the endpoint answers: stored, or refused. */
export type Outcome = { status: 200 } | Refusal;
