// The data Gatsby's runtime fetches before it can hydrate a page: app-data.json, the page's page-data.json and the
// results of its static queries (https://www.gatsbyjs.com/docs/how-to/previews-deploys-hosting/caching/). The
// runtime asks for them only once its own script has run; a preload in the head fetches them while the scripts
// download (docs/performance.md, measured).

/** Gatsby's path of a page's data: "/" is "index", other paths lose their surrounding slashes. */
export const pageDataPath = (pathname: string): string =>
  `/page-data/${pathname === "/" ? "index" : pathname.replace(/^\/|\/$/g, "")}/page-data.json`;

export function pageDataFiles(pathname: string, staticQueryHashes: readonly string[] = []): string[] {
  return [
    "/page-data/app-data.json",
    pageDataPath(pathname),
    ...staticQueryHashes.map((hash) => `/page-data/sq/d/${hash}.json`),
  ];
}
