import type { GatsbyBrowser } from "gatsby";

/**
 * Marks the page as alive: `<html data-hydrated>` once React has hydrated it and run its effects (Gatsby calls
 * this from its root component's first effect, after every effect below it). Pages add their scripts after the
 * first paint (src/node/scripts-after-paint.ts), so until then clicks reach no handler; the browser tests wait
 * for this mark rather than guess from a quiet network.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#onInitialClientRender
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "";
};
