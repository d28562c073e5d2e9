import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { PageHead } from "../components/seo/page-head";
import { jobPosting } from "../lib/json-ld";
import { useSiteData } from "../components/layout/use-site-data";
import { Island } from "../components/islands/island";
import { MapPin, Phone } from "../components/icons/icons";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { block } from "../lib/blocks";
import * as styles from "./careers.module.css";

export default function CareersTemplate({ data }: PageProps<Queries.CareersPageQuery>) {
  const page = data.page!;
  const { site } = useSiteData();
  const section = (id: string) => block(page.blocks, id, page.path);
  return (
    <>
      <PageHero title={page.title} lead={page.lead}>
        <a className={styles.heroLink} href="#openings">
          See open positions
        </a>
      </PageHero>
      <Section heading={section("culture").heading} intro={section("culture").text}>
        <Prose html={page.html} />
      </Section>
      <Section id="openings" heading={section("openings").heading} intro={section("openings").text} tone="alt">
        <ul className={styles.jobs}>
          {data.jobs.nodes.map((job) => (
            <li key={job.title} className={styles.job}>
              <h3 className={styles.jobTitle}>{job.title}</h3>
              <p className={styles.jobMeta}>
                <span>
                  <MapPin size={16} /> {job.location}
                </span>
                <span>{job.department}</span>
                <span>{job.type}</span>
                <span>{job.experience}</span>
                <span>
                  Posted <time dateTime={job.datePosted}>{job.dayPosted}</time>
                </span>
              </p>
              <p>{job.summary}</p>
              <details className={styles.details}>
                <summary>Responsibilities and requirements</summary>
                <h4>What you will do</h4>
                <ul>
                  {job.responsibilities.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <h4>What you bring</h4>
                <ul>
                  {job.requirements.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </details>
              {/* a disclosure, so the form opens with script or without; it posts itself without script */}
              <div className={styles.apply}>
                <details className={styles.applyBox}>
                  <summary className={styles.applyButton}>Apply</summary>
                  <div className={styles.applyForm}>
                    <h4 className={styles.applyHeading}>Apply for {job.title}</h4>
                    <Island name="applicationForm" props={{ opening: job.title }} wake="interaction" />
                  </div>
                </details>
                <a href={`tel:${site.phones.jobs.number}`} className={styles.applyPhone}>
                  <Phone size={18} /> {site.phones.jobs.display}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export const Head = (props: HeadProps<Queries.CareersPageQuery>) => {
  const { site, siteUrl } = useSiteData();
  return <PageHead {...props} jsonLd={props.data.jobs.nodes.map((job) => jobPosting({ ...site, siteUrl }, job))} />;
};

export const query = graphql`
  query CareersPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    jobs: allJobsJson(sort: { datePosted: DESC }) {
      nodes {
        title
        department
        location
        type
        experience
        summary
        responsibilities
        requirements
        datePosted
        dayPosted
      }
    }
  }
`;
