import React from "react";
import type { GatsbySSR } from "gatsby";
import { INVOKERS_SCRIPT } from "./src/browser/invokers";
import { IslandServerRender } from "./src/components/islands/island";
import { renderIsland } from "./src/components/islands/render-island";
import { MAIN_ID } from "./src/components/layout/layout";
import { pageDataFiles } from "./src/lib/page-data-files";
import { rootElement } from "./src/root";

export { wrapPageElement } from "./src/root";

// src/root.tsx's, inside the renderer that only the server has
export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => (
  <IslandServerRender.Provider value={renderIsland}>{rootElement(element)}</IslandServerRender.Provider>
);

// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/#onRenderBody
export const onRenderBody: GatsbySSR["onRenderBody"] = ({
  setHtmlAttributes,
  setHeadComponents,
  pathname,
  loadPageDataSync,
}) => {
  setHtmlAttributes({ lang: "en" });
  // before the body is parsed: the contact buttons show as what this browser can open (src/browser/invokers.ts)
  setHeadComponents([<script key="invokers" dangerouslySetInnerHTML={{ __html: INVOKERS_SCRIPT }} />]);
  // no frame before the main content begins, so none with part of the header (HTML's rel=expect; Chromium 124 and
  // later): a header painted in part moved as the rest came, a layout shift
  // (docs/performance.md#the-header-painted-whole-issue-59)
  setHeadComponents([<link key="expect-main" rel="expect" href={`#${MAIN_ID}`} blocking="render" />]);
  const pageData = loadPageDataSync(pathname) as { staticQueryHashes?: string[] } | null;
  if (!pageData) return;
  setHeadComponents(
    pageDataFiles(pathname, pageData.staticQueryHashes).map((href) => (
      <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
    )),
  );
};
