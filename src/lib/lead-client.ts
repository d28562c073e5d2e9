import { MESSAGES } from "./messages";
import type { CommentPayload, LeadPayload } from "./payloads";

/** The form endpoint: GATSBY_LEAD_ENDPOINT at build time, else the site's own function. */
export const LEAD_ENDPOINT = process.env.GATSBY_LEAD_ENDPOINT || "/api/lead";

type Fetch = typeof fetch;

// No custom headers: a string body is sent as text/plain, so a cross-origin endpoint needs no preflight.
const post = (fetchImpl: Fetch, endpoint: string, body: unknown) =>
  fetchImpl(endpoint, { method: "POST", body: JSON.stringify(body) });

/** Contact, newsletter and webinar leads: only status 200 is success (spec §7). */
export async function sendLead(
  body: LeadPayload,
  endpoint = LEAD_ENDPOINT,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<void> {
  const response = await post(fetchImpl, endpoint, body);
  if (response.status !== 200) throw new Error(MESSAGES.leadError);
}

/** Blog comments: any ok response is success (spec §7). */
export async function sendComment(
  body: CommentPayload,
  endpoint = LEAD_ENDPOINT,
  fetchImpl: Fetch = globalThis.fetch,
): Promise<void> {
  const response = await post(fetchImpl, endpoint, body);
  if (!response.ok) throw new Error(MESSAGES.commentError);
}

/** The alert text for a failed comment: the error's message, or the spec's fallback. */
export const commentAlertText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.commentFallback;
