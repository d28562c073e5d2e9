import type { GatsbySSR } from "gatsby";

export { wrapPageElement, wrapRootElement } from "./src/root";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
