import { createHmac, timingSafeEqual } from "crypto";
import type { ModerationAction } from "./store/comments";
import type { Store } from "./store/sql";
import { storeKey, type Submission } from "./store/submissions";

/** How long a moderation link works. */
export const LINK_DAYS = 14;
const ACTIONS: readonly ModerationAction[] = ["approve", "reject"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface LinkParams {
  id: string;
  action: ModerationAction;
  expires: number;
  signature: string;
}

const signatureOf = (key: string, id: string, action: string, expires: number) =>
  createHmac("sha256", key).update(`${id}:${action}:${expires}`).digest("base64url");

/** The signed query of a moderation link, valid for LINK_DAYS from `now`. */
export function signLink(key: string, id: string, action: ModerationAction, now = Date.now()): LinkParams {
  const expires = Math.floor(now / 1000) + LINK_DAYS * 86_400;
  return { id, action, expires, signature: signatureOf(key, id, action, expires) };
}

/** The link itself: it opens a confirmation page, and only that page's button acts. */
export function moderationUrl(origin: string, params: LinkParams): string {
  const query = new URLSearchParams({ ...params, expires: String(params.expires) });
  return `${origin}/api/moderate?${query}`;
}

export type LinkCheck = { ok: true; params: LinkParams } | { ok: false; reason: string };

/** Whether a link's parameters are exactly what this site signed, and not expired. */
export function checkLink(key: string, query: Record<string, unknown>, now = Date.now()): LinkCheck {
  const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : "");
  const id = text("id");
  const action = text("action") as ModerationAction;
  const expires = Number(text("expires"));
  const signature = text("signature");
  if (!UUID.test(id) || !ACTIONS.includes(action) || !Number.isInteger(expires) || !signature)
    return { ok: false, reason: "this link is incomplete" };
  const expected = Buffer.from(signatureOf(key, id, action, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "this link was not made by this site, or it was changed" };
  if (expires * 1000 < now) return { ok: false, reason: `this link has expired (links last ${LINK_DAYS} days)` };
  return { ok: true, params: { id, action, expires, signature } };
}

/** The moderation key: MODERATION_SECRET, else one the store made for itself. */
export const moderationKey = (store: Store, fromEnv: string | undefined) => storeKey(store, "moderation", fromEnv);

/**
 * The signed Approve and Reject links of a comment, for its moderator's e-mail: on the configured address its page
 * is on (a deploy preview's too), else on the site's own; never on an address a request named (its Host).
 */
export function moderationLinks(store: () => Promise<Store>, secret: string | undefined, origins: readonly string[]) {
  return async (comment: Submission) => {
    const key = await moderationKey(await store(), secret);
    const pageOrigin = new URL(comment.page_url).origin;
    const origin = origins.includes(pageOrigin) ? pageOrigin : origins[0];
    const approve = signLink(key, comment.id, "approve");
    return {
      approve: moderationUrl(origin, approve),
      reject: moderationUrl(origin, signLink(key, comment.id, "reject")),
      expires: new Date(approve.expires * 1000),
    };
  };
}
