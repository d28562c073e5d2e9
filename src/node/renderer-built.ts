import { startShareImages } from "./share-images";

// The HTML renderer is the last thing webpack builds (the build-html stage). From then on Gatsby's main process
// mostly waits for its worker, which runs the queries and renders the pages: the share images start drawing
// (see share-images.ts), and webpack's garbage is collected. Added by webpack-config.ts.
// It depends on webpack's `done` hook of Gatsby's build-html stage (an internal of Gatsby's build). Measured with
// `npm run bench` (cold builds with 5,000 extra posts): about 100 MB less peak memory, the share images drawn on the
// idle core while the worker renders instead of after it.
export const rendererBuilt = {
  apply: (compiler: { hooks: { done: { tap: (name: string, callback: () => void) => void } } }) =>
    compiler.hooks.done.tap("renderer-built", () => {
      startShareImages();
      collectGarbageSoon();
    }),
};

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
