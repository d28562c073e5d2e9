// A page in the editor. A page of prose (template "page") is drawn by its template (src/templates/page.tsx); the
// other layouts fill most of their sections from the lists (services, posts, plans, openings), so the preview draws
// what this file gives them: the same hero, and the body and section introductions in the prose template's frame.
import React from "react";
import PageTemplate from "../../templates/page";
import { entryOf, pageProps, rendered, type PreviewProps } from "./page-props";

interface Page {
  path?: string;
  template?: string;
  title?: string;
  description?: string;
  lead?: string;
  noindex?: boolean;
  blocks?: { id: string; heading: string; text?: string | null }[] | null;
}

export function PagePreview(props: PreviewProps) {
  const { fields, body } = entryOf<Page>(props);
  const path = fields.path ?? "/";
  const blocks = fields.blocks ?? [];
  // a layout's section introductions, as the prose it would read beside its lists
  const sections = blocks.map((b) => `## ${b.heading}\n\n${b.text ?? ""}`).join("\n\n");
  const page = {
    title: fields.title ?? "",
    description: fields.description ?? "",
    path,
    lead: fields.lead ?? "",
    noindex: Boolean(fields.noindex),
    blocks: blocks.map((b) => ({ ...b, text: b.text ?? null })),
    html: rendered([body, sections].filter(Boolean).join("\n\n")).html,
  };
  return <PageTemplate {...pageProps(path, { page })} />;
}
