import type { GatsbyNode } from "gatsby";
import { mkdir, readdir, readFile, writeFile } from "fs/promises";
import os from "os";
import path from "path";
import sharp from "sharp";
import { ogImageSvg } from "./og-image";

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? htmlFiles(path.join(dir, e.name))
        : Promise.resolve(e.name.endsWith(".html") ? [path.join(dir, e.name)] : []),
    ),
  );
  return nested.flat();
}

const routeOf = (publicDir: string, file: string) => {
  const rel = `/${path.relative(publicDir, file).split(path.sep).join("/")}`.replace(/(\/index)?\.html$/, "");
  return rel === "" ? "/" : rel;
};

// After the build: robots.txt for this origin, and a 1200×630 share image for every page from its og:title.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter }) => {
  const { program, config } = store.getState() as {
    program: { directory: string };
    config: { siteMetadata: { siteUrl: string; title: string } };
  };
  const publicDir = path.join(program.directory, "public");
  const { siteUrl, title } = config.siteMetadata;

  await writeFile(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`,
  );

  const files = (await htmlFiles(publicDir)).filter((f) => !/\/404(\.html|\/)/.test(f) && !f.endsWith("/404.html"));
  const queue = [...files];
  // one image a core: libvips' own threads add little to a small image
  sharp.concurrency(1);
  const work = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const html = await readFile(file, "utf8");
      const found = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
      if (!found) continue;
      const pageTitle = found
        .replace(/&amp;/g, "&")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(` | ${title}`, "");
      const route = routeOf(publicDir, file);
      const target = path.join(publicDir, "og", `${route === "/" ? "home" : route.slice(1)}.png`);
      await mkdir(path.dirname(target), { recursive: true });
      await sharp(Buffer.from(ogImageSvg(pageTitle, title, siteUrl)))
        .png({ compressionLevel: 6 })
        .toFile(target);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, os.cpus().length) }, work));
  reporter.info(`share images: ${files.length}`);
};
