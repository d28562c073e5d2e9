import React from "react";
import { graphql, type HeadProps } from "gatsby";
import { Seo } from "./seo";

/** The head of every page made from content/pages/*.md. */
export function PageHead({ data }: HeadProps<{ page: Queries.PageFieldsFragment | null }>) {
  const page = data.page!;
  return <Seo title={page.title} description={page.description} path={page.path} noindex={page.noindex} />;
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
