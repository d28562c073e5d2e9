import type { GatsbyBrowser } from "gatsby";
import { startTransition, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";

// Hydration in a transition lets React yield to the browser every few milliseconds instead of holding the
// main thread for one long task, so a phone stays responsive while the page comes alive (Total Blocking Time).
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#replaceHydrateFunction
function hydrateInTransition(element: ReactElement, container: Element): void {
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

// Gatsby still types the renderer as the legacy ReactDOM.render, which returned a component; the value is unused.
export const replaceHydrateFunction = (() => hydrateInTransition) as unknown as GatsbyBrowser["replaceHydrateFunction"];
