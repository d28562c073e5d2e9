import React from "react";
import { type HeadFC } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { LinkCards } from "../components/sections/link-cards";
import { PageHero } from "../components/sections/page-hero";
import { Section } from "../components/sections/section";
import { Seo } from "../components/seo/seo";
import { NOT_FOUND_PAGE } from "../lib/not-found";

const popular = [
  {
    title: "All services",
    path: "/services/overview",
    summary: "Salesforce, CRM, AI, data, engineering and training.",
  },
  { title: "Success stories", path: "/project-success-stories", summary: "What changed for clients, in numbers." },
  { title: "Blog", path: "/blogs", summary: "Practical guides from our consultants." },
  { title: "Contact", path: "/contact", summary: "Phone, e-mail and offices in Austin and Pune." },
];

export default function NotFoundPage() {
  return (
    <>
      <PageHero
        title="We could not find that page"
        lead="The address may be mistyped, or the page may have moved."
        tone="light"
      >
        <SiteLink to="/">Go to the home page</SiteLink>
      </PageHero>
      <Section heading="Popular pages">
        <LinkCards items={popular} />
      </Section>
    </>
  );
}

export const Head: HeadFC = () => (
  <Seo title={NOT_FOUND_PAGE.title} description={NOT_FOUND_PAGE.description} path={NOT_FOUND_PAGE.path} noindex />
);
