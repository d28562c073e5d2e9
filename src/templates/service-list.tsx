import React from "react";
import { graphql, type PageProps } from "gatsby";
import { useSiteData } from "../components/layout/use-site-data";
import { CallToAction } from "../components/sections/call-to-action";
import { LinkCards } from "../components/sections/link-cards";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";

/** /services/overview: every service, by the groups of the navigation. */
export default function ServiceListTemplate({ data }: PageProps<Queries.ServiceListPageQuery>) {
  const page = data.page!;
  const { menu } = useSiteData();
  const groups = menu.find((item) => item.name === "Services")?.sub ?? [];
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section heading="How we help">
        <Prose html={page.html} />
      </Section>
      {groups.map((group, index) => (
        <Section key={group.name} heading={group.name} tone={index % 2 === 0 ? "alt" : "plain"}>
          <LinkCards items={data.services.nodes.filter((s) => s.group === group.name)} />
        </Section>
      ))}
      <CallToAction
        heading="Not sure where to start?"
        text="A free consultation maps your goals to the right service, and to a first step you can take this quarter."
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query ServiceListPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    services: allService(sort: [{ order: ASC }, { title: ASC }]) {
      nodes {
        title
        path
        summary
        group
      }
    }
  }
`;
