import React from "react";
import { buildHead, ogImagePath } from "../../lib/head";
import { breadcrumbs, jsonLdText, organization, website } from "../../lib/json-ld";
import { useSiteData } from "../layout/use-site-data";

interface SeoProps {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
  /** the address of the page's own share image; by default the one drawn for it (src/node/share-images.ts) */
  image?: string | null;
  type?: "website" | "article";
  /** the pages above this one, for the breadcrumb (Home is added) */
  trail?: { name: string; path: string }[];
  /** JSON-LD blocks of this page, besides the organisation and the website */
  jsonLd?: object[];
  children?: React.ReactNode;
}

/** The head of every page (Gatsby Head API): title, description, canonical, alternates, social tags, JSON-LD. */
export function Seo({ title, description, path, noindex, image, type, trail, jsonLd = [], children }: SeoProps) {
  const { site, siteUrl } = useSiteData();
  const head = buildHead({
    siteUrl,
    siteName: site.title,
    titleTemplate: site.titleTemplate,
    path,
    title,
    description,
    noindex,
    type,
    image: image ?? ogImagePath(path),
  });
  const facts = { ...site, siteUrl };
  const blocks: object[] = [organization(facts), website(facts), ...jsonLd];
  if (trail) blocks.push(breadcrumbs(siteUrl, [{ name: "Home", path: "/" }, ...trail, { name: title, path }]));
  return (
    <>
      <title>{head.title}</title>
      <link rel="canonical" href={head.canonical} />
      {head.alternates.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
      {head.meta.map((m) => (
        <meta key={m.name ?? m.property} name={m.name} property={m.property} content={m.content} />
      ))}
      <meta name="theme-color" content={site.themeColor} />
      {blocks.map((block, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdText(block as Record<string, unknown>) }}
        />
      ))}
      {children}
    </>
  );
}
