// An industry in the editor, drawn by its template (src/templates/industry.tsx).
import React from "react";
import IndustryTemplate from "../../templates/industry";
import { entryOf, pageProps, related, rendered, type PreviewProps } from "./page-props";

type Item = { title: string; text: string };
interface Industry {
  title?: string;
  name?: string;
  description?: string;
  summary?: string;
  challenges?: Item[];
  solutions?: Item[];
  results?: { value: string; label: string }[];
  services?: string[];
  faqs?: { question: string; answer: string }[] | null;
}
type Card = { title: string; summary: string; group: string };

export function IndustryPreview(props: PreviewProps) {
  const { fields, body, slug } = entryOf<Industry>(props);
  const path = `/industryexpert/${slug}`;
  const industry = {
    title: fields.title ?? "",
    name: fields.name ?? "",
    description: fields.description ?? "",
    summary: fields.summary ?? "",
    path,
    html: rendered(body).html,
    challenges: fields.challenges ?? [],
    solutions: fields.solutions ?? [],
    results: fields.results ?? [],
    faqs: fields.faqs ?? null,
  };
  const nodes = related<Card>(props, "services", fields.services).map((s) => ({ ...s, path: `/services/${s.slug}` }));
  return <IndustryTemplate {...pageProps(path, { industry, services: { nodes } })} />;
}
