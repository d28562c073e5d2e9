import type { GatsbyNode } from "gatsby";
import { readFile, writeFile } from "fs/promises";
import path from "path";
import { ogImagePath } from "../lib/head";
import { drawShareImages, waitForShareImages, type SharePage } from "./share-images";

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The built HTML of a page: /a/b → a/b.html (no trailing slash), / → index.html. */
const htmlFileOf = (publicDir: string, route: string) =>
  path.join(
    publicDir,
    route === "/" ? "index.html" : route.endsWith(".html") ? route : `${route.replace(/\/$/, "")}.html`,
  );

// After the build: robots.txt for this origin, and the share images createPages started drawing, plus those of
// pages it does not make (the 404 page), drawn from the og:title of their HTML.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter }) => {
  const { program, config, pages } = store.getState() as {
    program: { directory: string };
    config: { siteMetadata: { siteUrl: string; title: string } };
    pages: Map<string, { path: string }>;
  };
  const publicDir = path.join(program.directory, "public");
  const { siteUrl, title } = config.siteMetadata;

  await writeFile(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`,
  );

  const drawn = await waitForShareImages();
  const rest: SharePage[] = [];
  for (const page of pages.values()) {
    if (drawn.has(ogImagePath(page.path)) || page.path.startsWith("/dev-404-page")) continue;
    const html = await readFile(htmlFileOf(publicDir, page.path), "utf8").catch(() => "");
    const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    // the image's address as the page names it: the 404 page answers at several paths with one image
    const image = /<meta property="og:image" content="[^"]*?(\/og\/[^"]+)\.png"/.exec(html)?.[1];
    if (!ogTitle || !image) {
      reporter.panicOnBuild(`${page.path}: its HTML has no og:title or og:image to draw its share image from`);
      return;
    }
    if (drawn.has(`${image}.png`) || rest.some((p) => ogImagePath(p.path) === `${image}.png`)) continue;
    rest.push({
      path: image.slice("/og".length).replace(/^\/home$/, "/"),
      title: decode(ogTitle).replace(` | ${title}`, ""),
    });
  }
  const { drawn: more, done } = drawShareImages({ publicDir, brand: title, origin: siteUrl, pages: rest });
  await done;
  reporter.info(`share images: ${drawn.size + more.size}`);
};
