import React from "react";
import { graphql, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { Stats } from "../components/sections/stats";
import * as styles from "./stories.module.css";

export default function StoriesTemplate({ data }: PageProps<Queries.StoriesPageQuery>) {
  const page = data.page!;
  const industries = new Map(data.industries.nodes.map((i) => [i.slug, i]));
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <Section heading="How we measure success">
        <Prose html={page.html} />
      </Section>
      <div className={styles.list}>
        {data.stories.nodes.map((story) => {
          const industry = industries.get(story.industry);
          return (
            <article key={story.title} className={styles.story}>
              <p className={styles.eyebrow}>
                {industry ? <SiteLink to={industry.path}>{industry.name}</SiteLink> : story.industry}
              </p>
              <h2 className={styles.title}>{story.title}</h2>
              <p className={styles.client}>{story.client}</p>
              <div className={styles.columns}>
                <div>
                  <h3>The challenge</h3>
                  <p>{story.challenge}</p>
                </div>
                <div>
                  <h3>What we did</h3>
                  <p>{story.solution}</p>
                </div>
              </div>
              <h3>Results</h3>
              <Stats items={story.results} />
            </article>
          );
        })}
      </div>
      <CallToAction
        heading="Want results like these?"
        text="Tell us the number you need to move. We will tell you how we would move it."
      />
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query StoriesPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    stories: allStoriesJson {
      nodes {
        title
        client
        industry
        challenge
        solution
        results {
          value
          label
        }
      }
    }
    industries: allIndustry {
      nodes {
        slug
        name
        path
      }
    }
  }
`;
