import { dayIn } from "../lib/publication";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day this build publishes up to, YYYY-MM-DD in the publication time zone (src/lib/publication.ts): read once
 * and kept in BUILD_DAY, so that gatsby-config (the sitemap's and the feed's queries) and gatsby-node (the pages),
 * which Gatsby bundles apart, agree even when a build runs over midnight. Setting BUILD_DAY yourself shows what a
 * build on another day would publish.
 */
export function buildDay(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  if (!env.BUILD_DAY) env.BUILD_DAY = dayIn(now);
  if (!DAY.test(env.BUILD_DAY)) throw new Error(`BUILD_DAY must be a day written YYYY-MM-DD, got "${env.BUILD_DAY}"`);
  return env.BUILD_DAY;
}
