import type { Sink } from "../store/outbox";
import type { Submission } from "../store/types";

/** The webhook's JSON: the submission's id, time and kind, then the body's fields as the visitor sent them. */
export const webhookBody = (s: Submission) => ({
  id: s.id,
  receivedAt: new Date(s.received_at).toISOString(),
  kind: s.kind,
  ...s.fields,
});

/**
 * Posts each submission as JSON to a webhook (LEAD_WEBHOOK_URL), with a timeout. A failed post is retried by the
 * outbox; the Idempotency-Key header lets the receiver recognise a submission it already took.
 */
export function webhookSink(url: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): Sink {
  return {
    name: "webhook",
    async deliver(submission) {
      const response = await fetchImpl(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": submission.id },
        body: JSON.stringify(webhookBody(submission)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    },
  };
}
