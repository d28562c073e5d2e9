import React from "react";
import { graphql, type PageProps } from "gatsby";
import { DatedPage } from "../components/sections/dated-page";

export default function WebinarListTemplate({
  data,
  pageContext,
}: PageProps<Queries.WebinarListPageQuery, { builtAt: string }>) {
  return (
    <DatedPage
      page={data.page!}
      items={data.webinars.nodes.map((w) => ({ ...w, location: "Online", description: w.summary }))}
      builtAt={pageContext.builtAt}
      about="How our webinars work"
      empty={{
        upcoming: "New sessions are announced every month; subscribe to the newsletter to hear first.",
        past: "Our first session is still ahead.",
      }}
    />
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query WebinarListPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    webinars: allWebinar(sort: { date: ASC }) {
      nodes {
        title
        date
        when
        summary
        path
      }
    }
  }
`;
