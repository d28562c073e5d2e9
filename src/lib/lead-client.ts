import { MESSAGES } from "./messages";
import type { Payload } from "./forms";

/** The form endpoint: GATSBY_LEAD_ENDPOINT at build time, else the site's own function. */
export const LEAD_ENDPOINT = process.env.GATSBY_LEAD_ENDPOINT || "/api/lead";

type Fetch = typeof fetch;

// No custom headers: a string body is sent as text/plain, so a cross-origin endpoint needs no preflight.
const post = (fetchImpl: Fetch, endpoint: string, body: unknown) =>
  fetchImpl(endpoint, { method: "POST", body: JSON.stringify(body) });

/** Contact, newsletter and webinar leads: only status 200 is success (spec §7). */
export async function sendLead(
  body: Payload<"contact" | "newsletter" | "webinar">,
  endpoint = LEAD_ENDPOINT,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<void> {
  const response = await post(fetchImpl, endpoint, body);
  if (response.status !== 200) throw new Error(MESSAGES.leadError);
}

/** Why the endpoint refused a send, when it said so (its JSON answer): the field at fault. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly field: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A job application with its CV: multipart/form-data, as the form posts itself without script, asking for the
 * endpoint's JSON answer (a CORS-safelisted type and header, so no preflight). Objects travel as JSON text.
 */
export async function sendWithFile(
  body: object,
  upload: { field: string; file: Blob },
  endpoint = LEAD_ENDPOINT,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<void> {
  const data = new FormData();
  for (const [key, value] of Object.entries(body))
    if (value !== undefined && value !== null)
      data.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  // a File keeps its own name in the part; the endpoint reads the kind from the bytes
  data.append(upload.field, upload.file);
  const response = await fetchImpl(endpoint, { method: "POST", body: data, headers: { Accept: "application/json" } });
  if (response.status === 200) return;
  const answer = (await response.json().catch(() => null)) as { error?: string; field?: string } | null;
  throw new Refused(answer?.error ?? MESSAGES.leadError, answer?.field, response.status);
}

/** Blog comments: any ok response is success (spec §7). */
export async function sendComment(
  body: Payload<"comment">,
  endpoint = LEAD_ENDPOINT,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<void> {
  const response = await post(fetchImpl, endpoint, body);
  if (!response.ok) throw new Error(MESSAGES.commentError);
}

/** The alert text for a failed comment: the error's message, or the spec's fallback. */
export const commentAlertText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.commentFallback;
