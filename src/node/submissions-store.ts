import type { GatsbyNode } from "gatsby";
import { withholdSecrets } from "../server/secret-env";
import { migrate } from "../server/store/migrate";
import { openStore } from "../server/store/open-store";

// The submissions store at build time and in the development server (docs/store.md).

/**
 * The build's environment, secrets included, for the build's own code: the migrations below, the comments
 * (comments.ts). Taken when Gatsby loads gatsby-node.ts, which it does before it compiles anything; from then on
 * this process's environment holds no secret for a bundler or a cache to keep (src/server/secret-env.ts).
 */
export const buildEnv = withholdSecrets();

/**
 * A build for PostgreSQL at DATABASE_URL applies the store's migrations first, as Netlify applies them to Netlify
 * Database at deploy: a deploy never serves a function whose tables do not exist yet.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPreBuild
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ reporter }) => {
  const { DATABASE_URL } = buildEnv;
  if (!DATABASE_URL) return;
  const store = await openStore({ DATABASE_URL }, "command");
  try {
    const applied = await migrate(store);
    reporter.info(`submissions store: ${applied.length ? `applied ${applied.join(", ")}` : "migrations up to date"}`);
  } catch (error) {
    reporter.panicOnBuild(`The migrations of the submissions store (DATABASE_URL) failed: ${(error as Error).message}`);
  } finally {
    await store.close();
  }
};
