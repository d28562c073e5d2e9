import type { GatsbyNode } from "gatsby";
import { coverImageResolver } from "./cover-image";
import { markdownHtmlResolver } from "./markdown-html";
import { formatDateTime } from "./zoned-date-time";

// A day as visitors read it, "November 22, 2026": written at build by GraphQL, so the browser formats no date
// (its first Intl object costs a phone a long task in the middle of hydration).
const DAY = `@dateformat(formatString: "MMMM D, YYYY")`;

// Every content kind has an explicit @dontInfer type, so that content drift fails loudly instead of
// silently changing the schema. https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/
const typeDefs = `
  # Front matter is inferred, but draft is declared: only some posts have it, and the generated
  # src/gatsby-types.d.ts must not depend on whether a build's content includes one.
  type MarkdownRemarkFrontmatter { draft: Boolean }

  type SiteSiteMetadata {
    title: String!
    description: String!
    siteUrl: String!
  }

  type TitleText { title: String! text: String! }
  type Faq { question: String! answer: String! }
  type ValueLabel { value: String! label: String! }
  type Person { name: String! role: String! }

  type Address {
    label: String!
    street: String!
    city: String!
    region: String!
    postalCode: String!
    country: String!
    countryCode: String!
  }
  type SiteAddresses { corporate: Address! delivery: Address! }
  type Phone { label: String! display: String! number: String! }
  type SitePhones { salesIndia: Phone! salesUs: Phone! jobs: Phone! }
  type Messaging { label: String! display: String! url: String! }
  type SiteEmails { sales: String! jobs: String! }
  type SiteCompany { name: String! legalName: String! foundingYear: Int! }
  type SiteSocial { linkedin: String }
  type SiteThirdParty {
    recaptchaSiteKey: String
    gaMeasurementId: String
    calendlyUrl: String!
    calendlyPrefill: String!
  }
  type WebToLead { url: String oid: String leadSource: String! }
  type FormLabels { contact: String! newsletter: String! comment: String! webinar: String! }

  type SiteJson implements Node @dontInfer {
    title: String!
    titleTemplate: String!
    description: String!
    siteUrl: String!
    language: String!
    themeColor: String!
    company: SiteCompany!
    addresses: SiteAddresses!
    phones: SitePhones!
    messaging: Messaging!
    emails: SiteEmails!
    social: SiteSocial
    thirdParty: SiteThirdParty!
    webToLead: WebToLead!
    labels: FormLabels!
    reviewsUrl: String!
    copyrightYear: Int!
  }

  type NavigationInsideItem { name: String! path: String! }
  type NavigationSubItem { name: String! path: String inside: [NavigationInsideItem!] }
  type NavigationJson implements Node @dontInfer {
    name: String!
    path: String!
    match: [String!]
    sub: [NavigationSubItem!]
  }

  type CountriesJson implements Node @dontInfer {
    name: String!
    shortName: String!
    flag: String!
    code: String!
  }

  type TestimonialsJson implements Node @dontInfer {
    quote: String!
    name: String!
    role: String!
    company: String!
  }
  type PartnersJson implements Node @dontInfer {
    name: String!
    "its badge, drawn for this site (content/badges/), by its path from content/partners.json"
    badge: File! @fileByRelativePath
    detail: String!
  }
  type TeamJson implements Node @dontInfer { name: String! role: String! bio: String! }
  type ValuesJson implements Node @dontInfer { title: String! text: String! }
  type JobsJson implements Node @dontInfer {
    title: String!
    department: String!
    location: String!
    type: String!
    experience: String!
    summary: String!
    responsibilities: [String!]!
    requirements: [String!]!
    datePosted: Date! @dateformat
    dayPosted: Date! ${DAY} @proxy(from: "datePosted")
  }
  type EventsJson implements Node @dontInfer {
    title: String!
    date: Date! @dateformat
    timezone: String!
    "when it starts, in its own time zone, as visitors read it: made at build (see src/node/zoned-date-time.ts)"
    when: String! @zonedDateTime
    location: String!
    online: Boolean!
    description: String!
  }
  type PricingJson implements Node @dontInfer {
    name: String!
    price: String!
    period: String!
    summary: String!
    features: [String!]!
    highlighted: Boolean!
  }
  type StoriesJson implements Node @dontInfer {
    title: String!
    client: String!
    industry: String!
    challenge: String!
    solution: String!
    results: [ValueLabel!]!
    services: [String!]!
  }

  "A content page made from one Markdown file; html is its rendered body."
  interface ContentPage implements Node {
    id: ID!
    title: String!
    description: String!
    path: String!
    html: String!
    excerpt: String!
  }

  type Service implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    slug: String!
    group: String!
    order: Int!
    summary: String!
    offerings: [TitleText!]!
    process: [TitleText!]!
    outcomes: [TitleText!]!
    faqs: [Faq!]!
    related: [String!]!
  }

  type Industry implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    slug: String!
    name: String!
    order: Int!
    summary: String!
    challenges: [TitleText!]!
    solutions: [TitleText!]!
    results: [ValueLabel!]!
    services: [String!]!
    faqs: [Faq!]
  }

  type ProductPlan { name: String! price: String! period: String! features: [String!]! }
  type Product implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    slug: String!
    name: String!
    order: Int!
    summary: String!
    features: [TitleText!]!
    steps: [TitleText!]!
    plans: [ProductPlan!]!
    faqs: [Faq!]!
  }

  type BlogPost implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    slug: String!
    date: Date! @dateformat
    day: Date! ${DAY} @proxy(from: "date")
    author: String!
    tags: [String!]!
    cover: File! @link(by: "absolutePath")
    "the cover above the post: 1200 px wide at most, 16:9"
    heroImage: GatsbyImageData! @coverImage(width: 1200, sizes: "(min-width: 1200px) 1200px, 100vw")
    "the cover on a post's card: 640 px wide at most, 16:9"
    cardImage: GatsbyImageData! @coverImage(width: 640)
    coverAlt: String!
    draft: Boolean!
    "the day the post becomes public, YYYY-MM-DD: its date, or null for a draft. A build lists the posts whose day is its own or earlier (src/lib/publication.ts)"
    publishesOn: Date
    old: Boolean!
    readingTime: Int!
  }

  "an approved comment, from the submissions store (src/node/comments.ts)"
  type BlogComment implements Node @dontInfer {
    "its id in the store, the same the comments endpoint gives"
    submissionId: String!
    "the path of its post"
    postPath: String!
    name: String!
    text: String!
    date: Date! @dateformat
    day: Date! ${DAY} @proxy(from: "date")
  }

  type Webinar implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    slug: String!
    date: Date! @dateformat
    timezone: String!
    "when it starts, in its own time zone, as visitors read it: made at build (see src/node/zoned-date-time.ts)"
    when: String! @zonedDateTime
    duration: Int!
    summary: String!
    speakers: [Person!]!
    agenda: [String!]!
  }

  type PageBlock { id: String! heading: String! text: String }
  type Page implements Node & ContentPage @dontInfer {
    title: String!
    description: String!
    path: String!
    html: String! @markdownHtml
    excerpt: String! @markdownExcerpt
    template: String!
    lead: String!
    blocks: [PageBlock!]
    noindex: Boolean!
  }
`;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: "markdownHtml",
    extend: () => ({ resolve: markdownHtmlResolver("html") }),
  });
  actions.createFieldExtension({
    name: "markdownExcerpt",
    extend: () => ({ resolve: markdownHtmlResolver("excerpt") }),
  });
  actions.createFieldExtension({
    name: "coverImage",
    args: { width: "Int!", sizes: "String" },
    extend: ({ width, sizes }: { width: number; sizes?: string }) => ({
      resolve: coverImageResolver({ width, aspectRatio: 16 / 9, ...(sizes ? { sizes } : {}) }),
    }),
  });
  actions.createFieldExtension({
    name: "zonedDateTime",
    extend: () => ({
      resolve: (source: { date: string | Date; timezone: string }) => formatDateTime(source.date, source.timezone),
    }),
  });
  actions.createTypes(typeDefs);
};
