import type { ModerationAction } from "./store/comments";
import type { Store } from "./store/sql";
import type { Submission } from "./store/types";
import * as links from "./signed-links";

// A moderator's Approve and Reject links (src/server/signed-links.ts), to /api/moderate.

/** How long a moderation link works. */
export const LINK_DAYS = 14;
const ACTIONS: readonly ModerationAction[] = ["approve", "reject"];

export type LinkParams = links.LinkParams<ModerationAction>;

/** The signed query of a moderation link, valid for LINK_DAYS from `now`. */
export const signLink = (key: string, id: string, action: ModerationAction, now = Date.now()): LinkParams =>
  links.signLink(key, id, action, LINK_DAYS, now);

/** The link itself: it opens a confirmation page, and only that page's button acts. */
export const moderationUrl = (origin: string, params: LinkParams): string => links.linkUrl(origin, "moderate", params);

/** Whether a link's parameters are exactly what this site signed, and not expired. */
export const checkLink = (key: string, query: Record<string, unknown>, now = Date.now()) =>
  links.checkLink(key, query, ACTIONS, LINK_DAYS, now);

/** The moderation key: MODERATION_SECRET, else one the store made for itself. */
export const moderationKey = links.linkKey;

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
