import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useSiteData } from "../components/layout/use-site-data";
import { PageHead } from "../components/seo/page-head";
import { event } from "../lib/json-ld";
import { DatedList } from "../components/sections/dated-list";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { block } from "../lib/blocks";
import { splitByDate } from "../lib/dates";

export default function EventsTemplate({ data, pageContext }: PageProps<Queries.EventsPageQuery, { builtAt: string }>) {
  const page = data.page!;
  const section = (id: string) => block(page.blocks, id, page.path);
  const { upcoming, past } = splitByDate(data.events.nodes, new Date(pageContext.builtAt));
  return (
    <>
      <PageHero title={page.title} lead={page.lead} tone="light" />
      <Section heading="About our events">
        <Prose html={page.html} />
      </Section>
      <Section id="upcoming" heading={section("upcoming").heading} intro={section("upcoming").text} tone="alt">
        <DatedList
          items={upcoming}
          empty="No events are scheduled right now; subscribe to the newsletter to hear first."
        />
      </Section>
      <Section id="past" heading={section("past").heading} intro={section("past").text}>
        <DatedList items={past} empty="Our first events are still ahead." />
      </Section>
    </>
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
