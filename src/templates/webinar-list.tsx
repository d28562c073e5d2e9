import React from "react";
import { graphql, type PageProps } from "gatsby";
import { DatedList } from "../components/sections/dated-list";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { block } from "../lib/blocks";
import { splitByDate } from "../lib/dates";

export default function WebinarListTemplate({
  data,
  pageContext,
}: PageProps<Queries.WebinarListPageQuery, { builtAt: string }>) {
  const page = data.page!;
  const section = (id: string) => block(page.blocks, id, page.path);
  const webinars = data.webinars.nodes.map((w) => ({ ...w, location: "Online", description: w.summary }));
  const { upcoming, past } = splitByDate(webinars, new Date(pageContext.builtAt));
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section heading="How our webinars work">
        <Prose html={page.html} />
      </Section>
      <Section id="upcoming" heading={section("upcoming").heading} intro={section("upcoming").text} tone="alt">
        <DatedList
          items={upcoming}
          empty="New sessions are announced every month; subscribe to the newsletter to hear first."
        />
      </Section>
      <Section id="past" heading={section("past").heading} intro={section("past").text}>
        <DatedList items={past} empty="Our first session is still ahead." />
      </Section>
    </>
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
