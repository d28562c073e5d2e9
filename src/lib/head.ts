// Pure builder of each page's head: title, canonical and alternate links, Open Graph and Twitter tags.

export interface HeadInput {
  siteUrl: string;
  siteName: string;
  titleTemplate: string;
  path: string;
  title: string;
  description: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

export interface HeadTags {
  title: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  meta: { name?: string; property?: string; content: string }[];
}

/** The absolute URL of a path on the site: origin plus path, no trailing slash (except the home page). */
export const absoluteUrl = (siteUrl: string, path: string): string =>
  `${siteUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;

/** The social share image drawn for a page at build time (src/node/share-images.ts). */
export const ogImagePath = (path: string): string => `/og${path === "/" ? "/home" : path}.png`;

export function buildHead(input: HeadInput): HeadTags {
  const title = input.title === input.siteName ? input.title : input.titleTemplate.replace("%s", input.title);
  const canonical = absoluteUrl(input.siteUrl, input.path);
  const image = input.image ? absoluteUrl(input.siteUrl, input.image) : null;
  const meta: HeadTags["meta"] = [
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: input.siteName },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (image) meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return {
    title,
    canonical,
    alternates: [
      { hrefLang: "x-default", href: canonical },
      { hrefLang: "en", href: canonical },
    ],
    meta,
  };
}
