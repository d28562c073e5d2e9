import React from "react";
// first: the head reaches the layout (through gatsby), whose CSS must come before this page's in the CSS
// bundle, as it does in every other template (a different order is a build warning, which npm test fails on)
export { PageHead as Head } from "../components/seo/page-head";
import { graphql, type PageProps } from "gatsby";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import * as styles from "./page.module.css";

/** A page of prose: culture, support, privacy policy, the thank-you pages. */
export default function PageTemplate({ data }: PageProps<Queries.ProsePageQuery>) {
  const page = data.page!;
  return (
    <>
      <PageHero title={page.title} lead={page.lead} tone="light" />
      <div className={styles.body}>
        <Prose html={page.html} />
      </div>
    </>
  );
}

export const query = graphql`
  query ProsePage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
  }
`;
