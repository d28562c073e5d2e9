import navigation from "../../content/navigation.json";
import partners from "../../content/partners.json";
import site from "../../content/site.json";
import testimonials from "../../content/testimonials.json";

/** What the SiteData static query returns, built from the content files, for component tests. */
export const siteDataQuery = {
  site: { siteMetadata: { siteUrl: site.siteUrl } },
  siteJson: site,
  allNavigationJson: { nodes: navigation.map((n) => ({ match: null, sub: null, ...n })) },
  testimonialsJson: testimonials[0],
  allPartnersJson: { nodes: partners },
  allService: {
    nodes: [
      { title: "Agentforce Implementation Services", path: "/services/agentforce", group: "AI and ML" },
      {
        title: "Salesforce Consulting Services",
        path: "/services/salesforce-consulting-services",
        group: "Salesforce",
      },
    ],
  },
};
