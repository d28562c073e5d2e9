import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { ConsultationButton } from "../components/actions/consultation-button";
import { ContactButton } from "../components/actions/contact-button";
import { CallToAction } from "../components/sections/call-to-action";
import { FaqList } from "../components/sections/faq-list";
import { FeatureGrid } from "../components/sections/feature-grid";
import { LinkCards } from "../components/sections/link-cards";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { Stats } from "../components/sections/stats";
import { Seo } from "../components/seo/seo";
import { faqPage } from "../lib/json-ld";

export default function IndustryTemplate({ data }: PageProps<Queries.IndustryPageQuery>) {
  const industry = data.industry!;
  return (
    <>
      <PageHero eyebrow={`Industry: ${industry.name}`} title={industry.title} lead={industry.summary}>
        <ConsultationButton variant="light" />
        <ContactButton variant="ghostLight" />
      </PageHero>
      <Section heading={`CRM in ${industry.name.toLowerCase()} today`}>
        <Prose html={industry.html} />
      </Section>
      <Section heading="Results from our projects" tone="alt">
        <Stats items={industry.results} />
      </Section>
      <Section heading="The problems we hear most">
        <FeatureGrid items={industry.challenges} />
      </Section>
      <Section heading="How we solve them" tone="alt">
        <FeatureGrid items={industry.solutions} accent />
      </Section>
      <Section heading="Services for this industry">
        <LinkCards items={data.services.nodes.map((s) => ({ ...s, eyebrow: s.group }))} />
      </Section>
      {industry.faqs && industry.faqs.length > 0 && (
        <Section heading="Frequently asked questions" tone="alt">
          <FaqList faqs={industry.faqs} />
        </Section>
      )}
      <CallToAction
        heading={`Planning CRM for ${industry.name.toLowerCase()}?`}
        text="Tell us where your process breaks today. We will share what worked for similar organisations and what it would take in your org."
      />
    </>
  );
}

export const Head: HeadFC<Queries.IndustryPageQuery> = ({ data }) => (
  <Seo
    title={data.industry!.title}
    description={data.industry!.description}
    path={data.industry!.path}
    trail={[{ name: "Industries", path: "/industryexpert" }]}
    jsonLd={data.industry!.faqs?.length ? [faqPage(data.industry!.faqs)] : []}
  />
);

export const query = graphql`
  query IndustryPage($id: String!, $links: [String!]) {
    industry(id: { eq: $id }) {
      title
      name
      description
      path
      html
      summary
      challenges {
        title
        text
      }
      solutions {
        title
        text
      }
      results {
        value
        label
      }
      faqs {
        question
        answer
      }
    }
    services: allService(filter: { slug: { in: $links } }, sort: { title: ASC }) {
      nodes {
        title
        path
        summary
        group
      }
    }
  }
`;
