import React from "react";
import { buildHead } from "../../lib/head";
import { useSiteData } from "../layout/use-site-data";

interface SeoProps {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
  type?: "website" | "article";
  children?: React.ReactNode;
}

/** The head of every page (Gatsby Head API): title, description, canonical, alternates, social tags. */
export function Seo({ title, description, path, noindex, type, children }: SeoProps) {
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
  });
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
      {children}
    </>
  );
}
