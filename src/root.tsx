import React from "react";
import type { GatsbyBrowser, GatsbySSR } from "gatsby";
import { Layout } from "./components/layout/layout";
import { VisitorActionsProvider } from "./components/modals/visitor-actions";
import "./styles/global.css";

type WrapPage = GatsbyBrowser["wrapPageElement"] & GatsbySSR["wrapPageElement"];
type WrapRoot = GatsbyBrowser["wrapRootElement"] & GatsbySSR["wrapRootElement"];

// Shared by gatsby-ssr and gatsby-browser so the static HTML and the hydrated page are the same tree.
// Gatsby also renders wrapRootElement around each page's Head, in a root of its own: only state here, nothing that
// listens, counts time or asks the visitor anything (that is in the Layout).
export const rootElement = (element: React.ReactNode) => <VisitorActionsProvider>{element}</VisitorActionsProvider>;
export const wrapRootElement: WrapRoot = ({ element }) => rootElement(element);

export const wrapPageElement: WrapPage = ({ element, props }) => (
  // a campaign may show the header without its menus (content/campaigns/, `hideMenus`)
  <Layout pathname={props.location.pathname} menus={!(props.pageContext as { hideMenus?: boolean }).hideMenus}>
    {element}
  </Layout>
);
