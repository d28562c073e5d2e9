import React from "react";
import { renderToString } from "react-dom/server";
import type { GatsbySSR } from "gatsby";
import { INVOKERS_SCRIPT } from "./src/browser/invokers";
import { ContactServerRender } from "./src/components/modals/contact-dialog";
import { CONTACT_ID_PREFIX, ContactRoot, type StaticQueries } from "./src/components/modals/contact-root";
import { pageDataFiles } from "./src/lib/page-data-files";
import { rootElement } from "./src/root";

export { wrapPageElement } from "./src/root";

/** The contact modal's content, as the root the browser hydrates when it first opens (contact-dialog.tsx). */
const renderContact = (staticQueries: StaticQueries) =>
  renderToString(<ContactRoot staticQueries={staticQueries} />, { identifierPrefix: CONTACT_ID_PREFIX });

// src/root.tsx's, inside the renderer that only the server has
export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => (
  <ContactServerRender.Provider value={renderContact}>{rootElement(element)}</ContactServerRender.Provider>
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
  const pageData = loadPageDataSync(pathname) as { staticQueryHashes?: string[] } | null;
  if (!pageData) return;
  setHeadComponents(
    pageDataFiles(pathname, pageData.staticQueryHashes).map((href) => (
      <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
    )),
  );
};
