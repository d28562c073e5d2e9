// Three related posts at the end of each post: those sharing the most tags first, then the newest.

export interface PostSummary {
  id: string;
  tags: readonly string[];
  date: string;
}

export function relatedPosts<T extends PostSummary>(posts: readonly T[], current: T, count = 3): T[] {
  const shared = (post: T) => post.tags.filter((tag) => current.tags.includes(tag)).length;
  return posts
    .filter((post) => post.id !== current.id)
    .map((post) => ({ post, score: shared(post) }))
    .sort((a, b) => b.score - a.score || b.post.date.localeCompare(a.post.date))
    .slice(0, count)
    .map(({ post }) => post);
}

/** The address of a tag's page: /blogs/tag/<tag>, the tag in lower case with dashes. */
export const tagPath = (tag: string): string =>
  `/blogs/tag/${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
