import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useSiteData } from "../components/layout/use-site-data";
import { PageHead } from "../components/seo/page-head";
import { pricingOffers } from "../lib/json-ld";
import { ConsultationButton } from "../components/actions/consultation-button";
import { ContactButton } from "../components/actions/contact-button";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { PlanCards } from "../components/sections/plan-cards";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";

export default function PricingTemplate({ data }: PageProps<Queries.PricingPageQuery>) {
  const page = data.page!;
  return (
    <>
      <PageHero title={page.title} lead={page.lead} tone="light" />
      <Section heading="Engagement models">
        <PlanCards
          plans={data.plans.nodes}
          action={(plan) =>
            plan.highlighted ? (
              <ConsultationButton variant="primary" />
            ) : (
              <ContactButton variant="secondary">Get a quote</ContactButton>
            )
          }
        />
      </Section>
      <Section heading="How we price" tone="alt">
        <Prose html={page.html} />
      </Section>
      <CallToAction
        heading="Not sure which model fits?"
        text="Describe the project in a few lines and we will recommend one, with a price range, within two working days."
      />
    </>
  );
}

export const Head = (props: HeadProps<Queries.PricingPageQuery>) => {
  const { site, siteUrl } = useSiteData();
  return <PageHead {...props} jsonLd={[pricingOffers({ ...site, siteUrl }, props.data.plans.nodes)]} />;
};

export const query = graphql`
  query PricingPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    plans: allPricingJson {
      nodes {
        name
        price
        period
        summary
        features
        highlighted
      }
    }
  }
`;
