import type { GatsbyBrowser } from "gatsby";
import { followLinks } from "./links";

/**
 * From now on the site follows its own links (links.ts). Marks the page as alive: `<html data-hydrated>` once React
 * has hydrated it and run its effects (Gatsby calls this from its root component's first effect, after every effect
 * below it). React hydrates in a transition and yields to the browser (hydrate.ts), so a quiet network does not
 * prove the page answers yet: the browser tests wait for this mark, and the benchmark reports when it appears.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#onInitialClientRender
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  followLinks();
  document.documentElement.dataset.hydrated = "";
};
