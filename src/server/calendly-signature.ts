// Calendly's webhook signature (docs/store.md#bookings): each delivery carries
// `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>`, where v1 is HMAC-SHA-256, keyed with the subscription's
// signing key, over `<t>.<the raw body>`. The body is checked as the bytes that came, before it is parsed, and the
// signature is compared in constant time. A timestamp further than the tolerance from this server's clock, either
// way, is refused: a delivery recorded by someone else cannot be sent again later (Calendly's own examples allow
// three minutes).
import { createHmac, timingSafeEqual } from "crypto";

export const SIGNATURE_HEADER = "Calendly-Webhook-Signature";
/** How far a delivery's timestamp may be from this server's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 180;

/** The hex HMAC-SHA-256 of `<t>.<body>`, as Calendly computes it (and the tests' fake Calendly). */
export function calendlySignature(key: string, timestamp: string, body: Uint8Array | string): string {
  return createHmac("sha256", key).update(`${timestamp}.`).update(body).digest("hex");
}

/** The header Calendly would send with `body` at `atSeconds`. */
export const signatureHeader = (key: string, atSeconds: number, body: Uint8Array | string): string =>
  `t=${atSeconds},v1=${calendlySignature(key, String(atSeconds), body)}`;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** The header's timestamp and its v1 signatures (there may be several), or null when it cannot be read. */
function partsOf(header: string): { t: string; v1: Buffer[] } | null {
  let t: string | undefined;
  const v1: Buffer[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) return null;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === "t") t = value;
    if (name === "v1" && /^[0-9a-f]{64}$/i.test(value)) v1.push(Buffer.from(value, "hex"));
  }
  return t && /^\d{1,12}$/.test(t) && v1.length ? { t, v1 } : null;
}

/**
 * Whether `body` is what Calendly signed with `key`, recently: the header readable, its timestamp within
 * SIGNATURE_TOLERANCE_SECONDS of `nowMs`, and one of its v1 signatures the HMAC of `<t>.<body>`.
 */
export function checkSignature(header: string | null, body: Uint8Array, key: string, nowMs: number): SignatureCheck {
  if (!header) return { ok: false, reason: `no ${SIGNATURE_HEADER} header` };
  const parts = partsOf(header);
  if (!parts) return { ok: false, reason: `a ${SIGNATURE_HEADER} header that cannot be read` };
  const skew = Math.abs(nowMs / 1000 - Number(parts.t));
  if (skew > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: `a timestamp ${Math.round(skew)} s from this server's clock` };
  const expected = Buffer.from(calendlySignature(key, parts.t, body), "hex");
  // every candidate is compared, so the time taken does not say which one (or how much of one) matched
  const matches = parts.v1.map((given) => timingSafeEqual(given, expected));
  return matches.includes(true) ? { ok: true } : { ok: false, reason: "a signature that is not the signing key's" };
}
