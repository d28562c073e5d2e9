import React from "react";
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { IslandServerRender } from "../../src/components/islands/island";
import { renderIsland } from "../../src/components/islands/render-island";

/**
 * A page as the production build serves it: the server's HTML, islands included (gatsby-ssr.tsx), in the document;
 * then the page's root hydrates it. `mutate` changes the HTML first, as a visitor may before the page's script runs.
 * Returns the container and what unmounts the root.
 */
export async function servedPage(page: React.ReactElement, mutate?: (container: HTMLElement) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <IslandServerRender.Provider value={renderIsland}>{page}</IslandServerRender.Provider>,
  );
  document.body.append(container);
  mutate?.(container);
  let root: Root | undefined;
  await act(async () => void (root = hydrateRoot(container, page)));
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
