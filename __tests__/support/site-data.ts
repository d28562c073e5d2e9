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
  // the build gives each badge's copy under /static by GraphQL's publicURL
  allPartnersJson: {
    nodes: partners.map((p) => ({ ...p, badge: { publicURL: `/static/test/${p.badge.replace("./badges/", "")}` } })),
  },
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
