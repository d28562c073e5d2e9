import React from "react";
import type { GatsbyBrowser, GatsbySSR } from "gatsby";
import { Consent } from "./components/consent/consent";
import { Layout } from "./components/layout/layout";
import { VisitorActionsProvider } from "./components/modals/visitor-actions";
import "./styles/global.css";

type WrapPage = GatsbyBrowser["wrapPageElement"] & GatsbySSR["wrapPageElement"];
type WrapRoot = GatsbyBrowser["wrapRootElement"] & GatsbySSR["wrapRootElement"];

// Shared by gatsby-ssr and gatsby-browser so the static HTML and the hydrated page are the same tree.
export const wrapRootElement: WrapRoot = ({ element }) => (
  <VisitorActionsProvider>
    {element}
    <Consent />
  </VisitorActionsProvider>
);

export const wrapPageElement: WrapPage = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
);
