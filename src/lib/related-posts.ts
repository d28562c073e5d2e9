// Three related posts at the end of each post: those sharing the most tags first, then the newest.

export interface PostSummary {
  id: string;
  tags: readonly string[];
  date: string;
}

export function relatedPosts<T extends PostSummary>(posts: readonly T[], current: T, count = 3): T[] {
  const tags = new Set(current.tags);
  const better = (a: { score: number; post: T }, b: { score: number; post: T }) =>
    a.score - b.score || a.post.date.localeCompare(b.post.date);
  // one pass keeping the best few: a site with thousands of posts builds in linear time per post
  const best: { score: number; post: T }[] = [];
  for (const post of posts) {
    if (post.id === current.id) continue;
    let score = 0;
    for (const tag of post.tags) if (tags.has(tag)) score += 1;
    const entry = { score, post };
    if (best.length < count) best.push(entry);
    else if (better(entry, best[best.length - 1]) > 0) best[best.length - 1] = entry;
    else continue;
    best.sort((a, b) => better(b, a));
  }
  return best.map(({ post }) => post);
}

/** The address of a tag's page: /blogs/tag/<tag>, the tag in lower case with dashes. */
export const tagPath = (tag: string): string =>
  `/blogs/tag/${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

/** The title of a tag's page, also drawn on its share image. */
export const tagTitle = (tag: string): string => `Posts about ${tag}`;
