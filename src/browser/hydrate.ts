import type { GatsbyBrowser } from "gatsby";
import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

/**
 * Hydration in a transition lets React yield to the browser every few milliseconds instead of holding the main
 * thread for one long task, so a phone stays responsive while the page comes alive (Total Blocking Time).
 * `gatsby develop` serves pages without their HTML (an empty `#___gatsby`): there is nothing to hydrate, so the
 * page is rendered, as Gatsby's own default does; hydrating an empty root makes React log a hydration error
 * and render from scratch anyway. Returns the cleanup Gatsby's development loading indicator calls.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#replaceHydrateFunction
 */
export function hydrateInTransition(element: ReactElement, container: Element): () => void {
  let root: Root | undefined;
  if (container.hasChildNodes()) {
    startTransition(() => {
      root = hydrateRoot(container, element);
    });
  } else {
    root = createRoot(container);
    root.render(element);
  }
  return () => root?.unmount();
}

// Gatsby still types the renderer as the legacy ReactDOM.render, which returned a component; the value is unused.
export const replaceHydrateFunction = (() => hydrateInTransition) as unknown as GatsbyBrowser["replaceHydrateFunction"];
