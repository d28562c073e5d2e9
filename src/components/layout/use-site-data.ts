import { graphql, useStaticQuery } from "gatsby";
import { buildMenu } from "../../lib/menu";

/** Company details, navigation and the service list: one static query shared by the layout and the head. */
export function useSiteData() {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      siteJson {
        title
        titleTemplate
        description
        language
        themeColor
        company {
          name
          legalName
          foundingYear
        }
        social {
          linkedin
        }
        addresses {
          corporate {
            ...AddressFields
          }
          delivery {
            ...AddressFields
          }
        }
        phones {
          salesIndia {
            ...PhoneFields
          }
          salesUs {
            ...PhoneFields
          }
          jobs {
            ...PhoneFields
          }
        }
        messaging {
          label
          display
          url
        }
        emails {
          sales
          jobs
        }
        thirdParty {
          recaptchaSiteKey
          gaMeasurementId
          calendlyUrl
          calendlyPrefill
        }
        webToLead {
          url
          oid
          leadSource
        }
        labels {
          contact
          newsletter
          comment
          webinar
          application
        }
        reviewsUrl
        copyrightYear
      }
      allNavigationJson {
        nodes {
          name
          path
          match
          sub {
            name
            path
            inside {
              name
              path
            }
          }
        }
      }
      testimonialsJson {
        quote
        name
        role
        company
      }
      allPartnersJson {
        nodes {
          name
          badge {
            publicURL
          }
          detail
        }
      }
      allService(sort: [{ order: ASC }, { title: ASC }]) {
        nodes {
          title
          path
          group
        }
      }
    }

    fragment AddressFields on Address {
      label
      street
      city
      region
      postalCode
      country
      countryCode
    }

    fragment PhoneFields on Phone {
      label
      display
      number
    }
  `);
  const site = data.siteJson!;
  const groups = data.allNavigationJson.nodes.find((n) => n.name === "Services")?.sub ?? [];
  const groupOrder = (name: string) => groups.findIndex((g) => g.name === name);
  const services = [...data.allService.nodes].sort((a, b) => groupOrder(a.group) - groupOrder(b.group));
  return {
    site,
    siteUrl: data.site!.siteMetadata!.siteUrl,
    menu: buildMenu(data.allNavigationJson.nodes, services),
    services,
    /** the testimonial and badges beside the contact form */
    testimonial: data.testimonialsJson,
    partners: data.allPartnersJson.nodes,
  };
}

export type SiteData = ReturnType<typeof useSiteData>;
