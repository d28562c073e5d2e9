import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { ConsultationButton } from "../components/actions/consultation-button";
import { ContactButton } from "../components/actions/contact-button";
import { CallToAction } from "../components/sections/call-to-action";
import { FaqList } from "../components/sections/faq-list";
import { FeatureGrid } from "../components/sections/feature-grid";
import { PageHero } from "../components/sections/page-hero";
import { PlanCards } from "../components/sections/plan-cards";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { Steps } from "../components/sections/steps";
import { useSiteData } from "../components/layout/use-site-data";
import { Seo } from "../components/seo/seo";
import { faqPage, softwareApplication } from "../lib/json-ld";

export default function ProductTemplate({ data }: PageProps<Queries.ProductPageQuery>) {
  const product = data.product!;
  return (
    <>
      <PageHero eyebrow="Product for Salesforce" title={product.title} lead={product.summary}>
        <ContactButton variant="light">Book a Demo</ContactButton>
        <ConsultationButton variant="ghostLight" />
      </PageHero>
      <Section heading={`What ${product.name} does`}>
        <Prose html={product.html} />
      </Section>
      <Section heading="Features" tone="alt">
        <FeatureGrid items={product.features} accent />
      </Section>
      <Section heading="How it works">
        <Steps items={product.steps} />
      </Section>
      <Section heading="Plans and pricing" tone="alt">
        <PlanCards
          plans={product.plans}
          action={(plan) => <ContactButton variant="secondary">{`Ask about ${plan.name}`}</ContactButton>}
        />
      </Section>
      <Section heading="Frequently asked questions">
        <FaqList faqs={product.faqs} />
      </Section>
      <CallToAction
        heading={`See ${product.name} in your own org`}
        text="A 30-minute demo on a sandbox that looks like yours, followed by a free trial with our team on hand for set-up."
        contactLabel="Book a Demo"
      />
    </>
  );
}

export const Head: HeadFC<Queries.ProductPageQuery> = ({ data }) => {
  const { site, siteUrl } = useSiteData();
  const product = data.product!;
  return (
    <Seo
      title={product.title}
      description={product.description}
      path={product.path}
      trail={[{ name: "Products", path: "/products" }]}
      jsonLd={[softwareApplication({ ...site, siteUrl }, product), faqPage(product.faqs)]}
    />
  );
};

export const query = graphql`
  query ProductPage($id: String!) {
    product(id: { eq: $id }) {
      title
      name
      description
      path
      html
      summary
      features {
        title
        text
      }
      steps {
        title
        text
      }
      plans {
        name
        price
        period
        features
      }
      faqs {
        question
        answer
      }
    }
  }
`;
