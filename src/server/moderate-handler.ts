import { checkLink, moderationKey } from "./moderation";
import { confirmPage, decidedPage, donePage, errorPage, PAGE_HEADERS } from "./moderation-page";
import { LIMITED, retryAfter, type Limiter } from "./rate-limit";
import { htmlAnswer } from "./security-headers";
import { formOf, queryOf } from "./signed-links";
import { findComment, moderateComment } from "./store/comments";
import { errorCode, type Store } from "./store/sql";

/**
 * The moderation link (src/server/moderation.ts): GET shows the comment and one button, POST (that button)
 * approves or rejects it. A link that is forged, altered or expired gets 403 and changes nothing. Every request
 * first takes a token of its client's rate limit (rate-limit.ts).
 */
export function createModerateHandler({
  store,
  secret,
  limiter,
}: {
  store: () => Promise<Store>;
  secret: string | undefined;
  limiter?: Limiter;
}) {
  return async function handleModerate(request: Request, context: { ip?: string } = {}): Promise<Response> {
    const send = (status: number, html: string, more: Record<string, string> = {}) =>
      htmlAnswer(status, html, { ...PAGE_HEADERS, ...more });
    const limit = (await limiter?.take("moderate", context.ip)) ?? { ok: true };
    if (!limit.ok) return send(429, errorPage(LIMITED.title, LIMITED.unchanged), retryAfter(limit));
    if (request.method !== "GET" && request.method !== "POST")
      return send(405, errorPage("Not here", "A moderation link is opened, then confirmed with its button."), {
        Allow: "GET, POST",
      });
    try {
      const db = await store();
      const form = await formOf(request);
      const link = checkLink(await moderationKey(db, secret), request.method === "GET" ? queryOf(request) : form);
      if (!link.ok) return send(403, errorPage("This link does not work", `Nothing was changed: ${link.reason}.`));
      const comment = await findComment(db, link.params.id);
      if (!comment || comment === "ambiguous")
        return send(404, errorPage("No such comment", "It may have been erased at its author's request."));
      // a link acts once: on a comment already decided it shows the decision, and changing it is a second,
      // explicit step (the page's "instead" button sends change=yes)
      const decided = comment.moderation !== "pending";
      if (request.method === "GET")
        return send(200, decided ? decidedPage(comment, link.params) : confirmPage(comment, link.params));
      const done = await moderateComment(db, comment.id, link.params.action, { onlyPending: form.change !== "yes" });
      return send(200, done ? donePage(done) : decidedPage(comment, link.params));
    } catch (error) {
      console.error(`moderation: the store could not be reached (${errorCode(error)})`);
      return send(503, errorPage("Try again shortly", "The comments could not be reached; nothing was changed."));
    }
  };
}
