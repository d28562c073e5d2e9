import type { GatsbyNode } from "gatsby";
import { localBlobsDir } from "../server/store/cv-files";
import { openStore } from "../server/store/open-store";

// `gatsby develop`: the embedded submissions store, which it keeps open for the form endpoint it runs and for
// `npm run leads`, with the local blob store of applicants' CVs (src/server/store/cv-files.ts). Its functions run in
// this process, whose environment holds no secret (src/server/secret-env.ts): the embedded store, no e-mail, no webhook, no captcha check.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async (args) => {
  // the development server's address is the site's here (Gatsby's default port; another port: ALLOWED_ORIGINS)
  process.env.ALLOWED_ORIGINS = [process.env.ALLOWED_ORIGINS, "http://localhost:8000", "http://127.0.0.1:8000"]
    .filter(Boolean)
    .join(",");
  const store = await openStore(process.env, "server");
  args.reporter.info(`submissions store: ${store.where} (npm run leads reads it)`);
  if (!process.env.NETLIFY_BLOBS_CONTEXT) {
    // imported here only: the build never needs the local blob server
    const { serveBlobsToFunctions } = await import("../server/store/local-blobs");
    await serveBlobsToFunctions(localBlobsDir(process.env));
  }
};
