import React from "react";
import { graphql, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ConsultationButton } from "../components/actions/consultation-button";
import { ContactButton } from "../components/actions/contact-button";
import { useSiteData } from "../components/layout/use-site-data";
import { CallToAction } from "../components/sections/call-to-action";
import { HeroArt } from "../components/sections/hero-art";
import { LinkCards } from "../components/sections/link-cards";
import { ProductCards } from "../components/sections/product-cards";
import { PartnerBadges } from "../components/sections/partner-badges";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { Testimonials } from "../components/sections/testimonials";
import { block } from "../lib/blocks";
import * as styles from "./home.module.css";

export default function HomeTemplate({ data }: PageProps<Queries.HomePageQuery>) {
  const page = data.page!;
  const section = (id: string) => block(page.blocks, id, page.path);
  const { menu } = useSiteData();
  const groups = menu.find((item) => item.name === "Services")?.sub ?? [];
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <div>
            <p className={styles.eyebrow}>Salesforce and CRM consulting</p>
            <h1 className={styles.title}>{page.title}</h1>
            <p className={styles.lead}>{page.lead}</p>
            <div className={styles.actions}>
              <ConsultationButton variant="primary" />
              <ContactButton variant="ghostLight" />
            </div>
          </div>
          <HeroArt className={styles.art} />
        </div>
      </div>

      <Section id="services" heading={section("services").heading} intro={section("services").text}>
        <ul className="card-grid">
          {groups.map((group) => (
            <li key={group.name} className={styles.group}>
              <h3 className={styles.groupName}>{group.name}</h3>
              <ul className={styles.groupLinks}>
                {(group.inside ?? []).map((s) => (
                  <li key={s.path}>
                    <SiteLink to={s.path}>{s.name}</SiteLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <div className={styles.why}>
        <Prose html={page.html} className={styles.whyProse} />
      </div>

      <Section id="products" heading={section("products").heading} intro={section("products").text}>
        <ProductCards products={data.products.nodes} />
      </Section>

      <Section id="industries" heading={section("industries").heading} intro={section("industries").text} tone="alt">
        <LinkCards items={data.industries.nodes.map((i) => ({ title: i.name, path: i.path, summary: i.summary }))} />
      </Section>

      <Section id="stories" heading={section("stories").heading} intro={section("stories").text}>
        <ul className={`card-grid ${styles.stories}`}>
          {data.stories.nodes.map((story) => (
            <li key={story.title} className={styles.story}>
              <p className={styles.storyClient}>{story.client}</p>
              <h3 className={styles.storyTitle}>{story.title}</h3>
              <p className={styles.storyResult}>
                <strong>{story.results[0].value}</strong> {story.results[0].label}
              </p>
            </li>
          ))}
        </ul>
        <p className={styles.more}>
          <SiteLink to="/project-success-stories">Read all success stories</SiteLink>
        </p>
      </Section>

      <Section
        id="testimonials"
        heading={section("testimonials").heading}
        intro={section("testimonials").text}
        tone="alt"
      >
        <Testimonials items={data.testimonials.nodes} />
      </Section>

      <Section id="partners" heading={section("partners").heading} intro={section("partners").text}>
        <PartnerBadges items={data.partners.nodes} />
      </Section>

      <CallToAction
        heading="Start with a free 30-minute consultation"
        text="Bring one problem: a slow quote process, a messy org, an AI idea. You will leave with a clear next step."
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query HomePage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    products: allProduct(sort: { order: ASC }) {
      nodes {
        ...ProductCard
      }
    }
    industries: allIndustry(sort: { order: ASC }) {
      nodes {
        name
        path
        summary
      }
    }
    stories: allStoriesJson(limit: 3) {
      nodes {
        title
        client
        results {
          value
          label
        }
      }
    }
    testimonials: allTestimonialsJson(limit: 3) {
      nodes {
        quote
        name
        role
        company
      }
    }
    partners: allPartnersJson {
      nodes {
        name
        badge {
          publicURL
        }
        detail
      }
    }
  }
`;
