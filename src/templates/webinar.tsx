import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Island } from "../components/islands/island";
import { Calendar, Clock } from "../components/icons/icons";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";
import { useSiteData } from "../components/layout/use-site-data";
import { AddToCalendar } from "../components/sections/add-to-calendar";
import { Seo } from "../components/seo/seo";
import { event } from "../lib/json-ld";
import * as styles from "./webinar.module.css";

export default function WebinarTemplate({ data }: PageProps<Queries.WebinarPageQuery>) {
  const webinar = data.webinar!;
  return (
    <>
      <PageHero eyebrow="Webinar" title={webinar.title} lead={webinar.summary}>
        <p className={styles.when}>
          <Calendar size={20} />
          <time dateTime={webinar.date}>{webinar.when}</time>
          <Clock size={20} />
          <span>{webinar.duration} minutes, online</span>
        </p>
        <p className={styles.calendar}>
          <AddToCalendar item={webinar} />
        </p>
      </PageHero>
      <div className={styles.layout}>
        <div className={styles.main}>
          <h2>About this session</h2>
          <Prose html={webinar.html} />
          <h2>Agenda</h2>
          <ol className={styles.agenda}>
            {webinar.agenda.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </div>
        <aside className={styles.aside} aria-labelledby="speakers-heading">
          <h2 id="speakers-heading" className={styles.asideHeading}>
            Speakers
          </h2>
          <ul className={styles.speakers}>
            {webinar.speakers.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong>
                <span>{s.role}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <Section heading="Register for this webinar" tone="alt" id="register">
        <div className={styles.register}>
          <p>
            Registration is free. You will receive a confirmation by e-mail with the joining link and a calendar
            invitation.
          </p>
          <Island name="webinarForm" props={{ title: webinar.title }} wake="interaction" />
        </div>
      </Section>
    </>
  );
}

export const Head: HeadFC<Queries.WebinarPageQuery> = ({ data }) => {
  const { site, siteUrl } = useSiteData();
  const webinar = data.webinar!;
  return (
    <Seo
      title={webinar.title}
      description={webinar.description}
      path={webinar.path}
      trail={[{ name: "Webinars", path: "/webinar" }]}
      jsonLd={[
        event(
          { ...site, siteUrl },
          { ...webinar, durationMinutes: webinar.duration, online: true, location: "Online" },
        ),
      ]}
    />
  );
};

export const query = graphql`
  query WebinarPage($id: String!) {
    webinar(id: { eq: $id }) {
      title
      description
      path
      html
      date
      when
      duration
      summary
      speakers {
        name
        role
      }
      agenda
    }
  }
`;
