import React from "react";
import { graphql, type PageProps } from "gatsby";
import { ConsultationButton } from "../components/actions/consultation-button";
import { Island } from "../components/islands/island";
import { useSiteData } from "../components/layout/use-site-data";
import { Mail, MapPin, Phone, WhatsApp } from "../components/icons/icons";
import { PageHero } from "../components/sections/page-hero";
import { Prose } from "../components/sections/prose";
import * as styles from "./contact.module.css";

export default function ContactTemplate({ data }: PageProps<Queries.ContactPageQuery>) {
  const page = data.page!;
  const { site } = useSiteData();
  const { corporate, delivery } = site.addresses;
  return (
    <>
      <PageHero title={page.title} lead={page.lead}>
        <ConsultationButton variant="light" />
      </PageHero>
      <div className={styles.layout}>
        <div className={styles.details}>
          <h2>Talk to us directly</h2>
          <ul className={styles.cards}>
            {[site.phones.salesIndia, site.phones.salesUs, site.phones.jobs].map((p) => (
              <li key={p.number} className={styles.card}>
                <Phone size={22} />
                <span>
                  <strong>{p.label}</strong>
                  <a href={`tel:${p.number}`}>{p.display}</a>
                </span>
              </li>
            ))}
            <li className={styles.card}>
              <WhatsApp size={22} />
              <span>
                <strong>{site.messaging.label}</strong>
                <a href={site.messaging.url} target="_blank" rel="noopener">
                  {site.messaging.display}
                </a>
              </span>
            </li>
            <li className={styles.card}>
              <Mail size={22} />
              <span>
                <strong>Sales and projects</strong>
                <a href={`mailto:${site.emails.sales}`}>{site.emails.sales}</a>
              </span>
            </li>
            <li className={styles.card}>
              <Mail size={22} />
              <span>
                <strong>Jobs and internships</strong>
                <a href={`mailto:${site.emails.jobs}`}>{site.emails.jobs}</a>
              </span>
            </li>
          </ul>
          <h2>Our offices</h2>
          <ul className={styles.cards}>
            {[corporate, delivery].map((a) => (
              <li key={a.label} className={styles.card}>
                <MapPin size={22} />
                <address>
                  <strong>{a.label}</strong>
                  {a.street}
                  <br />
                  {a.city}, {a.region} {a.postalCode}
                  <br />
                  {a.country}
                </address>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.next}>
          <section className={styles.formCard} aria-labelledby="enquiry-heading">
            <h2 id="enquiry-heading">Send us a message</h2>
            <Island name="contactForm" wake="interaction" />
          </section>
          <Prose html={page.html} />
        </div>
      </div>
    </>
  );
}

export { PageHead as Head } from "../components/seo/page-head";

export const query = graphql`
  query ContactPage($id: String!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
  }
`;
