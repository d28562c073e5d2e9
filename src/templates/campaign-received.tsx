import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { PageHero } from "../components/sections/page-hero";
import { Seo } from "../components/seo/seo";
import { SiteLink } from "../components/ui/site-link";
import { receivedPathOf, type KeptBlock } from "../lib/campaign";
import * as styles from "./page.module.css";

/** The page a campaign's form goes on to once sent (src/lib/campaign.ts): the campaign's own received text. */
export default function CampaignReceivedTemplate({ data }: PageProps<Queries.CampaignReceivedPageQuery>) {
  const campaign = data.campaign!;
  const form = (campaign.sections as unknown as KeptBlock[]).find((b) => b.type === "form");
  return (
    <>
      <PageHero title="Thank you" lead={form?.type === "form" ? form.received : undefined} tone="light" />
      <div className={styles.body}>
        <p>
          <SiteLink to={campaign.path}>Back to {campaign.title}</SiteLink>
        </p>
      </div>
    </>
  );
}

export const Head: HeadFC<Queries.CampaignReceivedPageQuery> = ({ data }) => (
  <Seo
    title={`Thank you: ${data.campaign!.title}`}
    description={data.campaign!.description}
    path={receivedPathOf(data.campaign!.path)}
    noindex
  />
);

export const query = graphql`
  query CampaignReceivedPage($id: String!) {
    campaign(id: { eq: $id }) {
      title
      description
      path
      sections
    }
  }
`;
