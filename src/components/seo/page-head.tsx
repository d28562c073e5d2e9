import React from "react";
import { graphql, type HeadProps } from "gatsby";
import { Seo } from "./seo";

/** The head of every page made from content/pages/*.md; nested pages get a breadcrumb. */
export function PageHead({
  data,
  jsonLd,
}: HeadProps<{ page: Queries.PageFieldsFragment | null }> & { jsonLd?: object[] }) {
  const page = data.page!;
  const nested = page.path.split("/").filter(Boolean).length > 1;
  return (
    <Seo
      title={page.title}
      description={page.description}
      path={page.path}
      noindex={page.noindex}
      trail={nested ? [] : undefined}
      jsonLd={jsonLd}
    />
  );
}

export const pageFields = graphql`
  fragment PageFields on Page {
    title
    description
    path
    lead
    html
    noindex
    blocks {
      id
      heading
      text
    }
  }
`;
