// Share images are drawn while the rest of the build runs. Gatsby's query and HTML stages keep one core busy
// with their single worker on a two-core machine, its main process mostly waiting: drawing thousands of images
// after the build (onPostBuild) would add their whole cost to the build's time, drawing them alongside adds
// little. createPages knows every page's path and title, so it starts the drawing, one image at a time;
// onPostBuild waits for it.
import { mkdir, writeFile } from "fs/promises";
import path from "path";
import sharp from "sharp";
import { ogImagePath } from "../lib/head";
import { ogCanvas, ogImagePng } from "./og-image";

export interface SharePage {
  path: string;
  title: string;
}

let drawing: Promise<number> | null = null;

/** Draws the share image of each page into public/og/; resolves with how many. */
async function draw(publicDir: string, brand: string, origin: string, pages: readonly SharePage[]) {
  // one libvips thread an operation: the images are small and the other core is Gatsby's
  sharp.concurrency(1);
  const canvas = await ogCanvas(brand, origin);
  for (const page of pages) {
    const target = path.join(publicDir, ogImagePath(page.path));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await ogImagePng(canvas, page.title));
  }
  return pages.length;
}

/** Starts drawing in the background; `waitForShareImages` resolves with the number drawn. */
export function startShareImages(options: {
  publicDir: string;
  brand: string;
  origin: string;
  pages: readonly SharePage[];
}): void {
  drawing = draw(options.publicDir, options.brand, options.origin, options.pages);
  // a failure is reported by whoever waits for the drawing (onPostBuild), not as an unhandled rejection
  drawing.catch(() => undefined);
}

export async function waitForShareImages(): Promise<number> {
  const count = (await drawing) ?? 0;
  drawing = null;
  return count;
}
