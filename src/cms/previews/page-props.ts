// What a template is given when the editor's preview draws it (previews/*.tsx): the data of its page query, made
// from the entry being edited instead of the build's GraphQL, and the page's props around it.
import type { PageProps } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { Map as ImmutableMap } from "immutable";
import { readingMinutes } from "../../lib/content-model";
import { markdownHtml } from "../../lib/markdown-html";

/** Decap's props of a preview (https://decapcms.org/docs/customization/#registerpreviewtemplate). */
export interface PreviewProps {
  entry: ImmutableMap<string, unknown>;
  getAsset: (path: string) => { toString(): string };
  fieldsMetaData: ImmutableMap<string, unknown>;
}

/** A value being edited without the list items not filled in yet (a tag just added is null until typed). */
const filledIn = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== "").map(filledIn);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filledIn(v)]));
  return value;
};

/** The entry's fields as plain values, its Markdown body apart. */
export function entryOf<T>(props: PreviewProps): { fields: T; body: string; slug: string } {
  const data = filledIn((props.entry.get("data") as ImmutableMap<string, unknown>).toJS()) as T & { body?: string };
  const slug = String(props.entry.get("slug") ?? "") || "new-entry";
  return { fields: data, body: data.body ?? "", slug };
}

/** The page's props as Gatsby gives them, for the data and context of `path`. */
export function pageProps<D, C = object>(path: string, data: D, pageContext = {} as C): PageProps<D, C> {
  return {
    path,
    uri: path,
    location: { pathname: path } as PageProps<D, C>["location"],
    params: {},
    data,
    pageContext,
    serverData: undefined as unknown as PageProps<D, C>["serverData"],
    pageResources: {} as PageProps<D, C>["pageResources"],
    children: undefined,
  };
}

/** The body as the build renders it, and its reading time. */
export const rendered = (body: string) => ({ html: markdownHtml(body), readingTime: readingMinutes(body) });

// the place a cover takes until one is chosen: an empty 16:9 box in the site's light grey
const NO_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#e2e8f0"/></svg>',
)}`;

/** A picture the author chose, as gatsby-plugin-image's data for the site's <picture>: one source, 16:9. */
export const pictureOf = (url: string | null): IGatsbyImageData => ({
  layout: "constrained",
  width: 1200,
  height: 675,
  images: { fallback: { src: url || NO_PICTURE }, sources: [] },
});

const DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
/** A day as readers see it, "November 22, 2026": the build's @dateformat(formatString: "MMMM D, YYYY"). */
export const readableDay = (day: string): string => {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
};

/** The entries a relation field chose, from Decap's metadata of the field (collections.ts gives such a field). */
export function related<T>(
  props: PreviewProps,
  field: string,
  slugs: readonly string[] | undefined,
): (T & { slug: string })[] {
  const chosen = props.fieldsMetaData.getIn([field]) as ImmutableMap<string, ImmutableMap<string, unknown>> | undefined;
  const entries = chosen?.first() as ImmutableMap<string, ImmutableMap<string, unknown>> | undefined;
  return (slugs ?? []).flatMap((slug) => {
    const entry = entries?.get(slug);
    return entry ? [{ ...(entry.toJS() as T), slug }] : [];
  });
}
