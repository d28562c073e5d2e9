// The page's data that a campaign's blocks draw (src/templates/campaign.tsx gives it), apart from the record that
// draws them (campaign-sections.tsx), so that the form's section, which that record draws, can name it too.
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { Partnership } from "../sections/partner-badges";
import type { Plan } from "../sections/plan-cards";
import type { Testimonial } from "../sections/testimonials";

/** What a campaign's blocks draw besides their own fields: the entries they name, and the hero's picture. */
export interface CampaignData {
  path: string;
  salesforceCampaignId?: string | null;
  heroImage?: IGatsbyImageData | null;
  testimonials: readonly Testimonial[];
  partners: readonly Partnership[];
  people: readonly { name: string; role: string; bio: string }[];
  plans: readonly Plan[];
  posts: readonly Queries.PostCardFragment[];
  webinars: readonly { slug: string; title: string }[];
}
