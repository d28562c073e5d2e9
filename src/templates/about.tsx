import React from "react";
import { graphql, type PageProps } from "gatsby";
import { CallToAction } from "../components/sections/call-to-action";
import { FeatureGrid } from "../components/sections/feature-grid";
import { PageHero } from "../components/sections/page-hero";
import { PersonCards } from "../components/sections/person-cards";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { block } from "../lib/blocks";

// spec §2: /about has the in-page anchors whoweare, Core-value and MeetOur-Team.
export default function AboutTemplate({ data }: PageProps<Queries.AboutPageQuery>) {
  const page = data.page!;
  const section = (id: string) => block(page.blocks, id, page.path);
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section id="whoweare" heading={section("whoweare").heading} intro={section("whoweare").text}>
        <Prose html={page.html} />
      </Section>
      <Section id="Core-value" heading={section("Core-value").heading} intro={section("Core-value").text} tone="alt">
        <FeatureGrid items={data.values.nodes} accent />
      </Section>
      <Section id="MeetOur-Team" heading={section("MeetOur-Team").heading} intro={section("MeetOur-Team").text}>
        <PersonCards people={data.team.nodes} />
      </Section>
      <CallToAction
        heading="Work with people who have done it before"
        text="Meet the architect who would lead your project in a free 30-minute call."
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query AboutPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    values: allValuesJson {
      nodes {
        title
        text
      }
    }
    team: allTeamJson {
      nodes {
        name
        role
        bio
      }
    }
  }
`;
