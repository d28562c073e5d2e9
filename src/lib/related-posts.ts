// Three related posts at the end of each post: those sharing the most tags first, then the newest.

export interface PostSummary {
  id: string;
  tags: readonly string[];
  date: string;
}

/**
 * A finder of each post's related posts among `posts`: those sharing the most tags first, then the newest.
 * The posts are sorted newest first once; a search stops as soon as it holds `count` posts sharing every tag of
 * the current one, since nothing later can beat them. A site of thousands of posts builds in well under a second.
 */
export function relatedPostsFinder<T extends PostSummary>(posts: readonly T[], count = 3): (current: T) => T[] {
  const newestFirst = [...posts].sort((a, b) => b.date.localeCompare(a.date));
  return (current) => {
    const tags = new Set(current.tags);
    const best: { score: number; post: T }[] = [];
    for (const post of newestFirst) {
      if (post.id === current.id) continue;
      let score = 0;
      for (const tag of post.tags) if (tags.has(tag)) score += 1;
      // older than everything kept, so only a higher score gets in
      if (best.length === count && score <= best[count - 1].score) continue;
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at -= 1;
      best.splice(at, 0, { score, post });
      if (best.length > count) best.pop();
      if (best.length === count && best[count - 1].score >= tags.size) break;
    }
    return best.map(({ post }) => post);
  };
}

export const relatedPosts = <T extends PostSummary>(posts: readonly T[], current: T, count = 3): T[] =>
  relatedPostsFinder(posts, count)(current);

/** The address of a tag's page: /blogs/tag/<tag>, the tag in lower case with dashes. */
export const tagPath = (tag: string): string =>
  `/blogs/tag/${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

/** The title of a tag's page, also drawn on its share image. */
export const tagTitle = (tag: string): string => `Posts about ${tag}`;
