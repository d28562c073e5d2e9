import { readFile, writeFile } from "fs/promises";
import path from "path";

/*
 * Gatsby ends every page with `<script src=… async>` for its three entry files (webpack's runtime, React and the
 * app). The browser fetches them while it parses the page and runs each as soon as it arrives, often before the
 * first frame is on screen: about 30 ms of script here (four times that on the phone Lighthouse simulates)
 * between the page's HTML and its first paint, and Lighthouse counts every script run before the largest paint
 * as needed for it (its simulated mobile LCP was the HTML plus the download of all three files, 1.5–1.8 s
 * instead of 0.8–1.05 s).
 * Here the tags are replaced by a few lines that add the same scripts once the browser reports the first
 * contentful paint: the page shows first, then comes alive. Nothing else changes: the files, their order and
 * Gatsby's chunk map stay as Gatsby wrote them. Until the scripts run, links and forms behave as without script.
 * A browser that cannot report paints (no `paint` entries in PerformanceObserver) gets the scripts at once; a
 * page opened in a background tab gets them when it is first shown, since it paints only then.
 */

/** Where Gatsby writes its scripts "slice", which it copies into every page (gatsby-webpack-stats-extractor). */
export const SCRIPTS_SLICE = path.join("public", "_gatsby", "slices", "_gatsby-scripts-1.html");

const ASYNC_SCRIPT = /<script src="([^"]+)" async><\/script>/g;

/** The inline script that adds `sources` as scripts after the first contentful paint. */
export function afterFirstPaintLoader(sources: readonly string[]): string {
  return (
    "<script>(function(s){var d=!1;function a(){if(d)return;d=!0;s.forEach(function(u){" +
    'var e=document.createElement("script");e.src=u;document.body.appendChild(e)})}' +
    'var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;if(!t||t.indexOf("paint")<0)return a();' +
    'new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(a)}})' +
    `.observe({type:"paint",buffered:!0})})(${JSON.stringify(sources).replace(/</g, "\\u003c")})</script>`
  );
}

/** Gatsby's scripts slice with its `async` script tags replaced by the loader. Throws if it has none. */
export function loadScriptsAfterFirstPaint(slice: string): string {
  const sources = [...slice.matchAll(ASYNC_SCRIPT)].map((match) => match[1]);
  if (sources.length === 0)
    throw new Error(`Gatsby's scripts slice changed shape: no <script src async> in ${SCRIPTS_SLICE}`);
  return slice.replace(ASYNC_SCRIPT, "") + afterFirstPaintLoader(sources);
}

type DoneHook = { hooks: { done: { tapPromise: (name: string, callback: () => Promise<void>) => void } } };

/**
 * Webpack plugin for the browser's bundle (build-javascript, added by webpack-config.ts): Gatsby writes the slice
 * when that compilation is done, and this runs after it (the done hook runs its plugins in order, Gatsby's first).
 * Gatsby copies the slice into the pages later, when it writes their HTML.
 */
export const scriptsAfterFirstPaint = (directory: string) => ({
  name: "scripts-after-first-paint",
  apply: (compiler: DoneHook) =>
    compiler.hooks.done.tapPromise("scripts-after-first-paint", async () => {
      const file = path.join(directory, SCRIPTS_SLICE);
      await writeFile(file, loadScriptsAfterFirstPaint(await readFile(file, "utf8")));
    }),
});
