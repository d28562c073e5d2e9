// What the sitemap and the RSS feed list: pure functions over query results, unit-tested.
// Both list published posts only, in every deploy context: a post is published when its `publishesOn` day is the
// build's day or earlier (src/lib/publication.ts); a draft has no such day, so no filter on it lists a draft.
import { receivedPathOf } from "../lib/campaign";

/** The GraphQL filter of the posts a build on `today` (YYYY-MM-DD) publishes. */
export const publishedPostsFilter = (today: string) => `publishesOn: { lte: "${today}" }`;

/** What the sitemap reads: every page, the published posts with their dates, the noindex pages and campaigns. */
export const sitemapQuery = (today: string) => `{
  allSitePage { nodes { path } }
  allBlogPost(filter: { ${publishedPostsFilter(today)} }) { nodes { path date } }
  allPage(filter: { noindex: { eq: true } }) { nodes { path } }
  allCampaign { nodes { path indexed } }
}`;

export interface SitemapPage {
  path: string;
  lastmod?: string;
}

interface SitemapData {
  allSitePage: { nodes: { path: string }[] };
  allBlogPost: { nodes: { path: string; date: string }[] };
  allPage: { nodes: { path: string }[] };
  /** the campaigns: those not marked `indexed`, and every campaign's received page, are left out */
  allCampaign?: { nodes: { path: string; indexed: boolean }[] };
}

/**
 * Every public page; noindex pages and campaigns, every campaign's received page, the 404 page and unpublished posts (`allBlogPost` holds the published ones; a
 * deploy preview builds pages for the others too) are left out; posts carry their date.
 */
export function sitemapPages({ allSitePage, allBlogPost, allPage, allCampaign }: SitemapData): SitemapPage[] {
  const hidden = new Set([
    ...allPage.nodes.map((p) => p.path),
    ...(allCampaign?.nodes ?? []).flatMap((c) => [...(c.indexed ? [] : [c.path]), receivedPathOf(c.path)]),
    "/404",
    "/404.html",
  ]);
  const dates = new Map(allBlogPost.nodes.map((p) => [p.path, p.date.slice(0, 10)]));
  const newest = [...dates.values()].sort().pop();
  const listedPosts = new Set(dates.keys());
  return allSitePage.nodes
    .filter((p) => !hidden.has(p.path))
    .filter((p) => !p.path.startsWith("/blog/") || listedPosts.has(p.path))
    .map((p) => ({ path: p.path, lastmod: dates.get(p.path) ?? (p.path === "/blogs" ? newest : undefined) }));
}

export interface FeedPost {
  title: string;
  description: string;
  date: string;
  path: string;
  author: string;
  tags: string[];
  html: string;
}

/**
 * The feed carries the newest posts, full text, not the whole archive: readers poll it, and a blog of thousands
 * of posts would make every poll download megabytes (and every build render all of them once more).
 */
export const FEED_POSTS = 50;
export const feedQuery = (today: string) => `{
  allBlogPost(filter: { ${publishedPostsFilter(today)} }, sort: { date: DESC }, limit: ${FEED_POSTS}) {
    nodes { title description date path author tags html }
  }
}`;

export const feedItems = (siteUrl: string, posts: FeedPost[]) =>
  posts.map((post) => ({
    title: post.title,
    description: post.description,
    date: post.date,
    url: `${siteUrl}${post.path}`,
    guid: `${siteUrl}${post.path}`,
    author: post.author,
    categories: post.tags,
    custom_elements: [{ "content:encoded": post.html }],
  }));
