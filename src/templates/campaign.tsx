import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { CampaignSections } from "../components/campaign/campaign-sections";
import { Seo } from "../components/seo/seo";
import type { KeptBlock } from "../lib/campaign";

/**
 * A campaign page (content/campaigns/): its sections, in the order its file gives them, drawn by the site's own
 * section components (campaign-sections.tsx). Kept out of search engines unless its file says `indexed`.
 */
export default function CampaignTemplate({ data }: PageProps<Queries.CampaignPageQuery>) {
  const campaign = data.campaign!;
  return (
    <CampaignSections
      // the blocks as the content model checked them and the build kept them (src/node/campaign-node.ts)
      sections={campaign.sections as unknown as KeptBlock[]}
      data={{
        path: campaign.path,
        salesforceCampaignId: campaign.salesforceCampaignId,
        heroImage: campaign.heroImage as IGatsbyImageData | null,
        testimonials: data.testimonials.nodes,
        partners: data.partners.nodes,
        people: data.people.nodes,
        plans: data.plans.nodes,
        posts: data.posts.nodes,
        webinars: data.webinars.nodes,
      }}
    />
  );
}

export const Head: HeadFC<Queries.CampaignPageQuery> = ({ data }) => {
  const campaign = data.campaign!;
  return (
    <Seo
      title={campaign.title}
      description={campaign.description}
      path={campaign.path}
      noindex={!campaign.indexed}
      image={campaign.image?.publicURL}
    />
  );
};

export const query = graphql`
  query CampaignPage(
    $id: String!
    $testimonials: [String!]
    $partners: [String!]
    $people: [String!]
    $plans: [String!]
    $posts: [String!]
    $webinar: [String!]
    $today: Date
  ) {
    campaign(id: { eq: $id }) {
      title
      description
      path
      indexed
      salesforceCampaignId
      image {
        publicURL
      }
      heroImage
      sections
    }
    testimonials: allTestimonialsJson(filter: { name: { in: $testimonials } }) {
      nodes {
        quote
        name
        role
        company
      }
    }
    partners: allPartnersJson(filter: { name: { in: $partners } }) {
      nodes {
        name
        detail
        badge {
          publicURL
        }
      }
    }
    people: allTeamJson(filter: { name: { in: $people } }) {
      nodes {
        name
        role
        bio
      }
    }
    plans: allPricingJson(filter: { name: { in: $plans } }) {
      nodes {
        name
        price
        period
        summary
        features
        highlighted
      }
    }
    posts: allBlogPost(filter: { slug: { in: $posts }, publishesOn: { lte: $today } }) {
      nodes {
        ...PostCard
      }
    }
    webinars: allWebinar(filter: { slug: { in: $webinar } }) {
      nodes {
        slug
        title
      }
    }
  }
`;
