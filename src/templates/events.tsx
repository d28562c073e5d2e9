import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useSiteData } from "../components/layout/use-site-data";
import { PageHead } from "../components/seo/page-head";
import { DatedPage } from "../components/sections/dated-page";
import { event } from "../lib/json-ld";

export default function EventsTemplate({ data, pageContext }: PageProps<Queries.EventsPageQuery, { builtAt: string }>) {
  return (
    <DatedPage
      page={data.page!}
      items={data.events.nodes}
      builtAt={pageContext.builtAt}
      about="About our events"
      heroTone="light"
      empty={{
        upcoming: "No events are scheduled right now; subscribe to the newsletter to hear first.",
        past: "Our first events are still ahead.",
      }}
    />
  );
}

export const Head = (props: HeadProps<Queries.EventsPageQuery>) => {
  const { site, siteUrl } = useSiteData();
  return <PageHead {...props} jsonLd={props.data.events.nodes.map((e) => event({ ...site, siteUrl }, e))} />;
};

export const query = graphql`
  query EventsPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    events: allEventsJson(sort: { date: ASC }) {
      nodes {
        title
        date
        when
        location
        online
        description
      }
    }
  }
`;
