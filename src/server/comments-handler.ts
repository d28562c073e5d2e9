import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { setSecurityHeaders } from "./security-headers";
import { approvedComments } from "./store/comments";
import { errorCode, type Store } from "./store/sql";

/** A post's path: /blog/<slug> or /blog/old-posts/<slug>. */
const POST_PATH = /^\/blog\/(old-posts\/)?[a-z0-9][a-z0-9-]{0,150}$/;
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** What a post's comment section shows of each approved comment; the day is written here, not in the browser. */
export interface CommentView {
  id: string;
  name: string;
  text: string;
  dateTime: string;
  day: string;
}

/**
 * GET /api/comments?path=/blog/…: the approved comments of one post, oldest first, for a comment approved since
 * the page was built. Cached for 60 s by browsers and Netlify's CDN.
 */
export function createCommentsHandler({ store }: { store: () => Promise<Store> }) {
  return async function handleComments(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    setSecurityHeaders(res);
    if (req.method !== "GET") {
      res.setHeader("Allow", "GET");
      return void res.status(405).json({ error: "Only GET is accepted", field: "method" });
    }
    const path = typeof req.query.path === "string" ? req.query.path : "";
    if (!POST_PATH.test(path)) {
      res.setHeader("Cache-Control", "no-store");
      return void res.status(400).json({ error: "path must be the path of a blog post", field: "path" });
    }
    try {
      const rows = await approvedComments(await store(), path);
      const comments: CommentView[] = rows.map((c) => ({
        id: c.id,
        name: c.name,
        text: c.text,
        dateTime: new Date(c.received_at).toISOString(),
        day: DAY.format(new Date(c.received_at)),
      }));
      res.setHeader("Cache-Control", "public, max-age=60");
      res.status(200).json({ count: comments.length, comments });
    } catch (error) {
      console.error(`comments: the store could not be reached (${errorCode(error)})`);
      res.setHeader("Cache-Control", "no-store");
      res.status(503).json({ error: "The comments could not be read; try again shortly", field: "store" });
    }
  };
}
