import type { GatsbySSR } from "gatsby";

export { wrapPageElement } from "./src/root";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
