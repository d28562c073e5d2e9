// Share images are drawn while the rest of the build runs, not after it. createPages knows every page's path
// and title and hands them over here; the drawing starts when webpack has built the HTML renderer
// (renderer-built.ts).
//
// Why then: the drawing is one image at a time, libvips working on one core while this process's own thread
// blends and hands over the pixels (about a third of each image's time). Before webpack is done, that thread is
// webpack's, and sharing it made the build slower. From then on Gatsby's main process mostly waits: queries
// and HTML run in its worker (one on a two-core machine), leaving a core to the drawing. onPostBuild waits for
// the last image, or draws them all if the renderer's hook never fired. What the timing costs and buys is
// measured beside the hook (renderer-built.ts).
import { mkdir, writeFile } from "fs/promises";
import path from "path";
import sharp from "sharp";
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
  const folders = new Set<string>();
  for (const page of pages) {
    const target = path.join(publicDir, ogImagePath(page.path));
    const folder = path.dirname(target);
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    folders.add(folder);
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
  // a failure is reported by whoever waits for the drawing (onPostBuild), not as an unhandled rejection
  drawing.catch(() => undefined);
}

/** Resolves with the number of images drawn, starting the drawing if nothing has yet. */
export async function waitForShareImages(): Promise<number> {
  startShareImages();
  const count = (await drawing) ?? 0;
  queued = null;
  drawing = null;
  return count;
}
