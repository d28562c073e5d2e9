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
import { Steps } from "../components/sections/steps";
import { Seo } from "../components/seo/seo";
import { faqPage } from "../lib/json-ld";

export default function ServiceTemplate({ data }: PageProps<Queries.ServicePageQuery>) {
  const service = data.service!;
  return (
    <>
      <PageHero eyebrow={service.group} title={service.title} lead={service.summary}>
        <ConsultationButton variant="light" />
        <ContactButton variant="ghostLight" />
      </PageHero>
      <Section heading="Overview">
        <Prose html={service.html} />
      </Section>
      <Section heading="What we deliver" tone="alt">
        <FeatureGrid items={service.offerings} accent />
      </Section>
      <Section heading="How an engagement runs">
        <Steps items={service.process} />
      </Section>
      <Section heading="Outcomes you can expect" tone="alt">
        <FeatureGrid items={service.outcomes} />
      </Section>
      <Section heading="Frequently asked questions">
        <FaqList faqs={service.faqs} />
      </Section>
      <Section heading="Related services" tone="alt">
        <LinkCards items={data.related.nodes.map((s) => ({ ...s, eyebrow: s.group }))} />
      </Section>
      <CallToAction
        heading={`Talk to a ${service.group} specialist`}
        text="Book a free 30-minute consultation. You will speak with a certified consultant, not a sales script, and leave with next steps whether or not we work together."
      />
    </>
  );
}

export const Head: HeadFC<Queries.ServicePageQuery> = ({ data }) => (
  <Seo
    title={data.service!.title}
    description={data.service!.description}
    path={data.service!.path}
    trail={[{ name: "Services", path: "/services/overview" }]}
    jsonLd={[faqPage(data.service!.faqs)]}
  />
);

export const query = graphql`
  query ServicePage($id: String!, $links: [String!]) {
    service(id: { eq: $id }) {
      title
      description
      path
      html
      group
      summary
      offerings {
        title
        text
      }
      process {
        title
        text
      }
      outcomes {
        title
        text
      }
      faqs {
        question
        answer
      }
    }
    related: allService(filter: { slug: { in: $links } }, sort: { title: ASC }) {
      nodes {
        title
        path
        summary
        group
      }
    }
  }
`;
