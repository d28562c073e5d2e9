import type { GatsbyNode } from "gatsby";
import { provideDevelopStore } from "./submissions-store";
import { serveVendorFiles } from "./vendor-files";

// `gatsby develop`: the files served from node_modules (vendor-files.ts), and the embedded submissions store.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async (args) => {
  // the development server's address is the site's here (Gatsby's default port; another port: ALLOWED_ORIGINS)
  process.env.ALLOWED_ORIGINS = [process.env.ALLOWED_ORIGINS, "http://localhost:8000", "http://127.0.0.1:8000"]
    .filter(Boolean)
    .join(",");
  serveVendorFiles(args);
  await provideDevelopStore(args);
};
