import { createHash } from "crypto";

/** Remembers delivered leads for a while, so the same body sent again is not delivered twice. */
export function createDeduper(windowMs: number, now: () => number = Date.now) {
  const delivered = new Map<string, number>();
  const keyOf = (body: object) => createHash("sha256").update(JSON.stringify(body)).digest("hex");
  return {
    keyOf,
    isDuplicate(key: string): boolean {
      const at = delivered.get(key);
      return at !== undefined && now() - at < windowMs;
    },
    remember(key: string): void {
      const at = now();
      delivered.set(key, at);
      if (delivered.size > 50_000) for (const [k, t] of delivered) if (at - t >= windowMs) delivered.delete(k);
    },
  };
}
