import type { GatsbyNode } from "gatsby";
import { provideDevelopStore } from "./submissions-store";
import { serveVendorFiles } from "./vendor-files";

// `gatsby develop`: the files served from node_modules (vendor-files.ts), and the embedded submissions store.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async (args) => {
  serveVendorFiles(args);
  await provideDevelopStore(args);
};
