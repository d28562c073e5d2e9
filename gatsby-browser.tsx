export { wrapPageElement, wrapRootElement } from "./src/root";
export { onRouteUpdate, shouldUpdateScroll } from "./src/browser/hash-navigation";
export { replaceHydrateFunction } from "./src/browser/hydrate";
export { onInitialClientRender } from "./src/browser/hydrated";
