import { existsSync } from "fs";
import type { GatsbyNode } from "gatsby";
import path from "path";
import { approvedComments, type PublicComment } from "../server/store/comments";
import { DEFAULT_STORE_DIR, openStore } from "../server/store/open-store";
import { errorCode } from "../server/store/sql";
import { buildEnv } from "./submissions-store";

/**
 * Approved comments become BlogComment nodes, so each post's HTML holds them from the next build (a comment
 * approved since then is fetched by the post: src/components/sections/comments.tsx). A build that cannot read the
 * store builds without them and says so in one line.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#sourceNodes
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async ({
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  const env = buildEnv;
  const localDir = path.resolve(env.LEADS_STORE_DIR || DEFAULT_STORE_DIR);
  if (!env.DATABASE_URL && !env.NETLIFY_DB_URL && !existsSync(localDir)) {
    reporter.info(`comments: no submissions store in ${path.relative(process.cwd(), localDir)} yet, so none to show`);
    return;
  }
  let comments: PublicComment[];
  let where = "the submissions store";
  try {
    const store = await openStore(env, "command");
    where = store.where;
    try {
      comments = await approvedComments(store);
    } finally {
      await store.close();
    }
  } catch (error) {
    reporter.warn(`comments: ${where} could not be read (${errorCode(error)}); building without approved comments`);
    return;
  }
  for (const comment of comments)
    actions.createNode({
      id: createNodeId(`blog-comment-${comment.id}`),
      submissionId: comment.id,
      postPath: comment.page_path,
      name: comment.name,
      text: comment.text,
      date: new Date(comment.received_at).toISOString(),
      internal: { type: "BlogComment", contentDigest: createContentDigest(comment) },
    });
  reporter.info(`comments: ${comments.length} approved, from ${where}`);
};
