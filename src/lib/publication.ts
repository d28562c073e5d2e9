// When a blog post is public, and what a build does with one that is not: the one rule every place that builds or
// lists posts follows (src/node/create-pages.ts, src/node/discovery.ts, the list and tag templates' filters).
// Pure: no gatsby import, unit-tested in __tests__/unit/publication.test.ts.
//
// A post is published when it is not a draft and its date is the build's day or earlier. A build decides it every
// time from the file's facts and the day, never from what an earlier build stored: on Netlify, Gatsby's cache
// (nodes and query results) comes back from the previous build, which may have been a deploy preview or a day
// earlier, so nothing here is kept on a node (the node keeps only `publishesOn`, a fact of the file).

/** Posts are dated in calendar days, which begin at midnight at the headquarters in Austin, Texas. */
export const PUBLICATION_TIME_ZONE = "America/Chicago";

/** Deploy contexts (Netlify's CONTEXT) whose builds show unpublished posts, with a banner and noindex. */
export const PREVIEW_CONTEXTS: readonly string[] = ["deploy-preview", "branch-deploy"];

/** The facts of a post file the rule reads. */
export interface PostFacts {
  draft?: boolean | null;
  /** YYYY-MM-DD, or the midnight-UTC timestamp YAML makes of it */
  date: string;
}

/** The day a post becomes public, YYYY-MM-DD: its date; null for a draft, which no day publishes. */
export const publishesOn = (post: PostFacts): string | null => (post.draft ? null : post.date.slice(0, 10));

/** The calendar day of the instant `now` in the publication time zone, YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string = PUBLICATION_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export type PostState = "published" | "draft" | "scheduled";

/** Published, a draft (whatever its date), or scheduled: dated after `today`. */
export function postState(post: PostFacts, today: string): PostState {
  const day = publishesOn(post);
  if (day === null) return "draft";
  return day <= today ? "published" : "scheduled";
}

/**
 * Whether a build shows unpublished posts: on a Netlify deploy preview or branch deploy, and in gatsby develop
 * (NODE_ENV "development", which Gatsby sets for develop as it sets "production" for build). Anything else
 * (production, Netlify's "dev", no CONTEXT at all: a laptop's or CI's build) is built as production.
 */
export const showsUnpublished = (env: { CONTEXT?: string; NODE_ENV?: string }): boolean =>
  env.NODE_ENV === "development" || PREVIEW_CONTEXTS.includes(env.CONTEXT ?? "");

/**
 * What a build does with a post: "publish" it (its page, and every list, the sitemap and the feed), "preview" it
 * (its page only, with a banner and noindex; in no list, not in the sitemap nor the feed), or "skip" it (no page).
 */
export function buildAction(state: PostState, preview: boolean): "publish" | "preview" | "skip" {
  if (state === "published") return "publish";
  return preview ? "preview" : "skip";
}

/** The banner at the top of a post a preview shows but production does not; `day` is its date as readers see it. */
export function unpublishedNotice(
  state: Exclude<PostState, "published">,
  day: string,
): { label: string; text: string } {
  return state === "draft"
    ? {
        label: "Draft",
        text: "Not published. Deploy previews and branch deploys show this post, hidden from search engines; production builds leave it out. Remove “draft: true” to publish it.",
      }
    : {
        label: `Scheduled: publishes on ${day}`,
        text: "Deploy previews and branch deploys show this post, hidden from search engines; the first production build on or after that day publishes it.",
      };
}
