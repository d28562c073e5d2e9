/** At most `limit` requests a client in any `windowMs`; beyond that, how long until one more is allowed. */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  return function take(client: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const at = now();
    const recent = (hits.get(client) ?? []).filter((t) => at - t < windowMs);
    if (recent.length >= limit) {
      hits.set(client, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + windowMs - at) / 1000)) };
    }
    recent.push(at);
    hits.set(client, recent);
    if (hits.size > 10_000)
      for (const [key, times] of hits) if (at - times[times.length - 1] >= windowMs) hits.delete(key);
    return { allowed: true };
  };
}
