import type { GatsbyNode } from "gatsby";
import { writeFile } from "fs/promises";
import path from "path";
import { waitForShareImages } from "./share-images";
import { copyVendorFiles } from "./vendor-files";

// After the build: robots.txt for this origin, the files served from node_modules (vendor-files.ts), and the last of the share images (see share-images.ts).
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter }) => {
  const { program, config } = store.getState() as {
    program: { directory: string };
    config: { siteMetadata: { siteUrl: string } };
  };
  await writeFile(
    path.join(program.directory, "public", "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${config.siteMetadata.siteUrl}/sitemap-index.xml\n`,
  );
  await copyVendorFiles(path.join(program.directory, "public"));
  reporter.info(`share images: ${await waitForShareImages()}`);
};
