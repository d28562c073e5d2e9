/** Posts each lead as JSON to a webhook, with a timeout per attempt and a few retries with back-off. */
export function webhookSink(url: string, timeoutMs: number, retries: number, fetchImpl: typeof fetch = fetch) {
  return async function postLead(record: object): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
      try {
        const response = await fetchImpl(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(record),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return;
        lastError = new Error(`webhook answered ${response.status}`);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error("webhook failed");
  };
}
