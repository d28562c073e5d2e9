import React from "react";
import { graphql, type PageProps } from "gatsby";
import { CallToAction } from "../components/sections/call-to-action";
import { ProductCards } from "../components/sections/product-cards";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";

export default function ProductListTemplate({ data }: PageProps<Queries.ProductListPageQuery>) {
  const page = data.page!;
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section heading="Our apps">
        <ProductCards products={data.products.nodes} eyebrow="Salesforce app" />
      </Section>
      <Section heading="Built and supported by consultants" tone="alt">
        <Prose html={page.html} />
      </Section>
      <CallToAction
        heading="See them in your org"
        text="Book a 30-minute demo on a sandbox that mirrors your data model."
        contactLabel="Book a Demo"
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query ProductListPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    products: allProduct(sort: { order: ASC }) {
      nodes {
        ...ProductCard
      }
    }
  }
`;
