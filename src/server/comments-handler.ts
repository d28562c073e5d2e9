import { LIMITED, retryAfter, type Limiter } from "./rate-limit";
import { jsonAnswer } from "./security-headers";
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
 * the page was built. Cached for 60 s by browsers and Netlify's CDN. Every request that reaches the function first
 * takes a token of its client's rate limit (rate-limit.ts).
 */
export function createCommentsHandler({ store, limiter }: { store: () => Promise<Store>; limiter?: Limiter }) {
  return async function handleComments(request: Request, context: { ip?: string } = {}): Promise<Response> {
    const limit = (await limiter?.take("comments", context.ip)) ?? { ok: true };
    if (!limit.ok)
      return jsonAnswer(
        429,
        { error: LIMITED.error, field: "rate" },
        { "Cache-Control": "no-store", ...retryAfter(limit) },
      );
    if (request.method !== "GET")
      return jsonAnswer(405, { error: "Only GET is accepted", field: "method" }, { Allow: "GET" });
    const path = new URL(request.url).searchParams.get("path") ?? "";
    if (!POST_PATH.test(path))
      return jsonAnswer(
        400,
        { error: "path must be the path of a blog post", field: "path" },
        { "Cache-Control": "no-store" },
      );
    try {
      const rows = await approvedComments(await store(), path);
      const comments: CommentView[] = rows.map((c) => ({
        id: c.id,
        name: c.name,
        text: c.text,
        dateTime: new Date(c.received_at).toISOString(),
        day: DAY.format(new Date(c.received_at)),
      }));
      return jsonAnswer(200, { count: comments.length, comments }, { "Cache-Control": "public, max-age=60" });
    } catch (error) {
      console.error(`comments: the store could not be reached (${errorCode(error)})`);
      return jsonAnswer(
        503,
        { error: "The comments could not be read; try again shortly", field: "store" },
        { "Cache-Control": "no-store" },
      );
    }
  };
}
