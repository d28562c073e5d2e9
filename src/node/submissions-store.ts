import type { GatsbyNode } from "gatsby";
import { connectionString, provideLocalStore } from "../server/store/function-store";
import { migrate } from "../server/store/migrate";
import { runtimeEnv } from "../server/secret-env";
import { openStore } from "../server/store/open-store";

// The submissions store at build time and in the development server (docs/store.md).

/**
 * A build for PostgreSQL at DATABASE_URL applies the store's migrations first, as Netlify applies them to Netlify
 * Database at deploy: a deploy never serves a function whose tables do not exist yet.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPreBuild
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ reporter }) => {
  const { DATABASE_URL } = runtimeEnv();
  if (!DATABASE_URL) return;
  const store = await openStore({ DATABASE_URL }, "build");
  try {
    const applied = await migrate(store);
    reporter.info(`submissions store: ${applied.length ? `applied ${applied.join(", ")}` : "migrations up to date"}`);
  } catch (error) {
    reporter.panicOnBuild(`The migrations of the submissions store (DATABASE_URL) failed: ${(error as Error).message}`);
  } finally {
    await store.close();
  }
};

/**
 * `gatsby develop` runs the form endpoint in this process: it gets the embedded store, as `npm start`'s server does,
 * unless a DATABASE_URL is set (the function then connects to it itself).
 * (called by dev-server.ts)
 */
export async function provideDevelopStore({ reporter }: { reporter: { info(message: string): void } }): Promise<void> {
  const env = runtimeEnv();
  if (connectionString(env)) return;
  const store = await openStore(env, "develop");
  provideLocalStore(store);
  reporter.info(`submissions store: ${store.where} (npm run leads reads it)`);
}
