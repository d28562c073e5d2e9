import type { GatsbyNode } from "gatsby";
import { mkdir, writeFile } from "fs/promises";
import path from "path";
import { securityTxt, type SecurityTxtSite } from "../lib/security-txt";
import { buildDay } from "./build-day";
import { buildEditorAfterSite } from "./editor";
import { writeCalendarFiles } from "./event-catalog";
import { waitForShareImages } from "./share-images";

// After the build: the authors' editor at /admin/ (editor.ts says why it waits until now), robots.txt, security.txt renewed (src/lib/security-txt.ts), the webinars' and events' calendar
// files (event-catalog.ts), and the last of the share images (see share-images.ts). robots.txt must name the sitemap
// by its full address, at the deploy's origin as the sitemap's own entries are (SITE_URL, else Netlify's URL, else
// content/site.json: gatsby-config.ts), so it is written here rather than kept in static/ with the files served as
// they are.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const { data } = await graphql<{ site: { siteMetadata: { siteUrl: string } }; siteJson: SecurityTxtSite }>(
    "{ site { siteMetadata { siteUrl } } siteJson { siteUrl language company { name } emails { security } } }",
  );
  if (await buildEditorAfterSite()) reporter.info("the editor: public/admin/");
  // gatsby build runs in the site's folder
  const publicDir = path.join(process.cwd(), "public");
  await writeFile(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${data!.site.siteMetadata.siteUrl}/sitemap-index.xml\n`,
  );
  await mkdir(path.join(publicDir, ".well-known"), { recursive: true });
  await writeFile(path.join(publicDir, ".well-known", "security.txt"), securityTxt(data!.siteJson, buildDay()));
  reporter.info(`calendar files: ${await writeCalendarFiles(publicDir, data!.site.siteMetadata.siteUrl)}`);
  reporter.info(`share images: ${await waitForShareImages()}`);
};
