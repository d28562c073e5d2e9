import { createHmac, timingSafeEqual } from "crypto";
import type { Store } from "./store/sql";
import { storeKey } from "./store/client-keys";

// The links the site mails that act on the store: a moderator's Approve and Reject (src/server/moderation.ts), a
// subscriber's Confirm and Unsubscribe (src/server/subscription.ts). Each is signed (HMAC-SHA-256 over the record's
// id, the action and the expiry), opens a page of the site, and acts only on that page's button (a POST), since
// mail scanners open every link in a message. No personal data is in the address: only the record's id.

/** The links' key: MODERATION_SECRET, else one the store made for itself. */
export const linkKey = (store: Store, fromEnv: string | undefined) => storeKey(store, "moderation", fromEnv);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface LinkParams<A extends string = string> {
  id: string;
  action: A;
  expires: number;
  signature: string;
}

const signatureOf = (key: string, id: string, action: string, expires: number) =>
  createHmac("sha256", key).update(`${id}:${action}:${expires}`).digest("base64url");

/** The signed query of a link for `action` on record `id`, valid for `days` from `now`. */
export function signLink<A extends string>(key: string, id: string, action: A, days: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + days * 86_400;
  return { id, action, expires, signature: signatureOf(key, id, action, expires) } satisfies LinkParams<A>;
}

/** The link itself, to one of the site's functions (`/api/<route>`) on `origin`. */
export function linkUrl(origin: string, route: string, params: LinkParams): string {
  const query = new URLSearchParams({ ...params, expires: String(params.expires) });
  return `${origin}/api/${route}?${query}`;
}

export type LinkCheck<A extends string> = { ok: true; params: LinkParams<A> } | { ok: false; reason: string };

/** Whether a link's parameters are exactly what this site signed for one of `actions`, and not expired. */
export function checkLink<A extends string>(
  key: string,
  query: Record<string, unknown>,
  actions: readonly A[],
  days: number,
  now = Date.now(),
): LinkCheck<A> {
  const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : "");
  const id = text("id");
  const action = text("action") as A;
  const expires = Number(text("expires"));
  const signature = text("signature");
  if (!UUID.test(id) || !actions.includes(action) || !Number.isInteger(expires) || !signature)
    return { ok: false, reason: "this link is incomplete" };
  const expected = Buffer.from(signatureOf(key, id, action, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "this link was not made by this site, or it was changed" };
  if (expires * 1000 < now) return { ok: false, reason: `this link has expired (links last ${days} days)` };
  return { ok: true, params: { id, action, expires, signature } };
}

/** A small form's fields (a page's button, a mail program's one click): urlencoded, at most 4 KB read. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  if (request.method !== "POST") return {};
  const text = await request.text().catch(() => "");
  return text.length > 4096 ? {} : Object.fromEntries(new URLSearchParams(text));
}

/** An address's query, as the link's fields. */
export const queryOf = (request: Request): Record<string, string> =>
  Object.fromEntries(new URL(request.url).searchParams);
