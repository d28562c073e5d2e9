// Share images are drawn while the rest of the build runs, not after it. createPages knows every page's path
// and title and hands them over here; the drawing starts when webpack has built the HTML renderer.
//
// Why then: the drawing is one image at a time, libvips working on one core while this process's own thread
// blends and hands over the pixels (about a third of each image's time). Before webpack is done, that thread is
// webpack's, and sharing it made the build slower. From then on Gatsby's main process mostly waits: queries
// and HTML run in its worker (one on a two-core machine), leaving a core to the drawing. onPostBuild waits for
// the last image, or draws them all if the renderer was never built (`gatsby build` failed before it).
import { mkdir, writeFile } from "fs/promises";
import path from "path";
import sharp from "sharp";
import type { GatsbyNode } from "gatsby";
import { ogImagePath } from "../lib/head";
import { ogCanvas, ogImagePng } from "./og-image";

export interface SharePage {
  path: string;
  title: string;
}

interface Drawing {
  publicDir: string;
  brand: string;
  origin: string;
  pages: readonly SharePage[];
}

let queued: Drawing | null = null;
let drawing: Promise<number> | null = null;

/** Draws the share image of each page into public/og/; resolves with how many. */
async function draw({ publicDir, brand, origin, pages }: Drawing) {
  // one libvips thread an operation: the images are small and the other core is Gatsby's; no operation cache:
  // no image is drawn twice, and the cache holds up to 50 MB
  sharp.concurrency(1);
  sharp.cache(false);
  const canvas = await ogCanvas(brand, origin);
  for (const page of pages) {
    const target = path.join(publicDir, ogImagePath(page.path));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await ogImagePng(canvas, page.title));
  }
  return pages.length;
}

/** Hands over the pages whose share images the build needs; `startShareImages` starts the drawing. */
export function queueShareImages(options: Drawing): void {
  queued = options;
  drawing = null;
}

/** Starts drawing the queued images in the background, once. */
export function startShareImages(): void {
  if (!queued || drawing) return;
  drawing = draw(queued);
  collectGarbageSoon();
  // a failure is reported by whoever waits for the drawing (onPostBuild), not as an unhandled rejection
  drawing.catch(() => undefined);
}

/**
 * Webpack leaves hundreds of megabytes of garbage in this process, which V8 keeps (and the heap's size with it)
 * until its next full collection; with Gatsby's main process mostly waiting from here on, that can be never.
 * A second after the renderer is built, the compilations are closed: one collection then gives the memory back
 * while the worker runs the queries, the build's peak. `gc` exists when Node runs with --expose-gc (npm run build).
 */
function collectGarbageSoon() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) setTimeout(gc, 1000).unref();
}

/** Resolves with the number of images drawn, starting the drawing if nothing has yet. */
export async function waitForShareImages(): Promise<number> {
  startShareImages();
  const count = (await drawing) ?? 0;
  queued = null;
  drawing = null;
  return count;
}

// The HTML renderer is the last thing webpack builds (build-html stage); when it is done, the drawing starts.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateWebpackConfig
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-html") return;
  actions.setWebpackConfig({
    plugins: [
      {
        apply: (compiler: { hooks: { done: { tap: (name: string, callback: () => void) => void } } }) =>
          compiler.hooks.done.tap("share-images", startShareImages),
      },
    ],
  });
};
