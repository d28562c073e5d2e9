import React from "react";
import { graphql, type PageProps } from "gatsby";
import { CallToAction } from "../components/sections/call-to-action";
import { LinkCards } from "../components/sections/link-cards";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";

export default function IndustryListTemplate({ data }: PageProps<Queries.IndustryListPageQuery>) {
  const page = data.page!;
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section heading="Why industry experience matters">
        <Prose html={page.html} />
      </Section>
      <Section heading="Industries we serve" tone="alt">
        <LinkCards items={data.industries.nodes.map((i) => ({ title: i.name, path: i.path, summary: i.summary }))} />
      </Section>
      <CallToAction
        heading="Your industry is not listed?"
        text="Our patterns travel well. Tell us about your business model and we will say honestly whether we are the right partner."
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query IndustryListPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    industries: allIndustry(sort: { order: ASC }) {
      nodes {
        name
        path
        summary
      }
    }
  }
`;
