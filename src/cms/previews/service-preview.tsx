// A service in the editor, drawn by its template (src/templates/service.tsx): every section, in order.
import React from "react";
import ServiceTemplate from "../../templates/service";
import { entryOf, pageProps, related, rendered, type PreviewProps } from "./page-props";

type Item = { title: string; text: string };
interface Service {
  title?: string;
  group?: string;
  description?: string;
  summary?: string;
  offerings?: Item[];
  process?: Item[];
  outcomes?: Item[];
  faqs?: { question: string; answer: string }[];
  related?: string[];
}
type Card = { title: string; summary: string; group: string };

export function ServicePreview(props: PreviewProps) {
  const { fields, body, slug } = entryOf<Service>(props);
  const path = `/services/${slug}`;
  const service = {
    title: fields.title ?? "",
    group: fields.group ?? "",
    description: fields.description ?? "",
    summary: fields.summary ?? "",
    path,
    html: rendered(body).html,
    offerings: fields.offerings ?? [],
    process: fields.process ?? [],
    outcomes: fields.outcomes ?? [],
    faqs: fields.faqs ?? [],
  };
  const nodes = related<Card>(props, "related", fields.related).map((s) => ({ ...s, path: `/services/${s.slug}` }));
  return <ServiceTemplate {...pageProps(path, { service, related: { nodes } })} />;
}
