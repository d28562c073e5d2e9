// The results of the site's static queries (its details, menu and labels: src/components/layout/use-site-data.ts),
// which the templates read from Gatsby's context: fetched as Gatsby's own loader fetches them, from the site being
// edited, so a preview shows the details the site shows. The home page's data names the queries the layout runs,
// which are every static query of the site.
export type StaticQueries = Record<string, { data: unknown }>;

const json = async <T>(path: string): Promise<T> => {
  const response = await globalThis.fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
};

export async function loadStaticQueries(): Promise<StaticQueries> {
  const { staticQueryHashes } = await json<{ staticQueryHashes: string[] }>("/page-data/index/page-data.json");
  const results = await Promise.all(
    staticQueryHashes.map(async (hash) => [hash, await json<{ data: unknown }>(`/page-data/sq/d/${hash}.json`)]),
  );
  return Object.fromEntries(results);
}
