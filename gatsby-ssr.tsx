import React from "react";
import type { GatsbySSR } from "gatsby";
import { INVOKERS_SCRIPT } from "./src/browser/invokers";
import { pageDataFiles } from "./src/lib/page-data-files";

export { wrapPageElement, wrapRootElement } from "./src/root";

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
  const pageData = loadPageDataSync(pathname) as { staticQueryHashes?: string[] } | null;
  if (!pageData) return;
  setHeadComponents(
    pageDataFiles(pathname, pageData.staticQueryHashes).map((href) => (
      <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
    )),
  );
};
