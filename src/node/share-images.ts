// Share images are drawn while the rest of the build runs. Gatsby's query and HTML stages keep one core busy
// with their single worker on a two-core machine, its main process mostly waiting: drawing thousands of images
// after the build (onPostBuild) would add their whole cost to the build's time, drawing them alongside adds
// little. createPages knows every page's path and title, so it starts the drawing; onPostBuild waits for it and
// draws what only the HTML knows (the 404 page's title).
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
  drawn: Set<string>;
  done: Promise<void>;
}

let current: Drawing | null = null;

/** Draws the share image of each page into public/og/, a few at a time, each image once. */
export function drawShareImages(options: {
  publicDir: string;
  brand: string;
  origin: string;
  pages: readonly SharePage[];
  /** images drawn at once: each is a raster and an encode in libvips' pool plus a blend in JavaScript */
  parallel?: number;
}): Drawing {
  const { publicDir, brand, origin, pages, parallel = 1 } = options;
  const drawn = new Set<string>();
  const queue = [...pages].reverse();
  const done = (async () => {
    sharp.concurrency(1);
    const canvas = await ogCanvas(brand, origin);
    const work = async () => {
      for (let page = queue.pop(); page; page = queue.pop()) {
        const image = ogImagePath(page.path);
        if (drawn.has(image)) continue;
        drawn.add(image);
        const target = path.join(publicDir, image);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, await ogImagePng(canvas, page.title));
      }
    };
    await Promise.all(Array.from({ length: parallel }, work));
  })();
  // a failure is reported by whoever waits for the drawing (onPostBuild), not as an unhandled rejection
  done.catch(() => undefined);
  return { drawn, done };
}

/** Starts drawing in the background; `waitForShareImages` resolves with the images drawn. */
export function startShareImages(options: Parameters<typeof drawShareImages>[0]): void {
  current = drawShareImages(options);
}

export async function waitForShareImages(): Promise<Set<string>> {
  if (!current) return new Set();
  const { drawn, done } = current;
  current = null;
  await done;
  return drawn;
}
