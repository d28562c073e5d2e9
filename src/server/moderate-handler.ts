import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { checkLink, moderationKey } from "./moderation";
import { confirmPage, decidedPage, donePage, errorPage, PAGE_HEADERS } from "./moderation-page";
import { setSecurityHeaders } from "./security-headers";
import { formOf } from "./signed-links";
import { findComment, moderateComment } from "./store/comments";
import { errorCode, type Store } from "./store/sql";

/**
 * The moderation link (src/server/moderation.ts): GET shows the comment and one button, POST (that button)
 * approves or rejects it. A link that is forged, altered or expired gets 403 and changes nothing.
 */
export function createModerateHandler({ store, secret }: { store: () => Promise<Store>; secret: string | undefined }) {
  return async function handleModerate(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const send = (status: number, html: string) => {
      setSecurityHeaders(res, PAGE_HEADERS);
      res.status(status).send(html);
    };
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("Allow", "GET, POST");
      return send(405, errorPage("Not here", "A moderation link is opened, then confirmed with its button."));
    }
    try {
      const db = await store();
      const link = checkLink(await moderationKey(db, secret), req.method === "GET" ? req.query : formOf(req.body));
      if (!link.ok) return send(403, errorPage("This link does not work", `Nothing was changed: ${link.reason}.`));
      const comment = await findComment(db, link.params.id);
      if (!comment || comment === "ambiguous")
        return send(404, errorPage("No such comment", "It may have been erased at its author's request."));
      // a link acts once: on a comment already decided it shows the decision, and changing it is a second,
      // explicit step (the page's "instead" button sends change=yes)
      const decided = comment.moderation !== "pending";
      if (req.method === "GET")
        return send(200, decided ? decidedPage(comment, link.params) : confirmPage(comment, link.params));
      const change = formOf(req.body).change === "yes";
      const done = await moderateComment(db, comment.id, link.params.action, { onlyPending: !change });
      return send(200, done ? donePage(done) : decidedPage(comment, link.params));
    } catch (error) {
      console.error(`moderation: the store could not be reached (${errorCode(error)})`);
      return send(503, errorPage("Try again shortly", "The comments could not be reached; nothing was changed."));
    }
  };
}
