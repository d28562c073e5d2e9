// JSON-LD for search engines, built from content by pure functions (schema.org vocabulary only).
import { absoluteUrl } from "./head";

type Thing = Record<string, unknown>;
const CONTEXT = "https://schema.org";

export interface SiteFacts {
  siteUrl: string;
  title: string;
  description: string;
  company: { name: string; legalName: string; foundingYear: number };
  addresses: Record<
    "corporate" | "delivery",
    { street: string; city: string; region: string; postalCode: string; countryCode: string }
  >;
  phones: Record<string, { label: string; number: string }>;
  emails: { sales: string; jobs: string };
  social?: { linkedin?: string | null } | null;
}

const postalAddress = (a: SiteFacts["addresses"]["corporate"]): Thing => ({
  "@type": "PostalAddress",
  streetAddress: a.street,
  addressLocality: a.city,
  addressRegion: a.region,
  postalCode: a.postalCode,
  addressCountry: a.countryCode,
});

const organizationId = (site: SiteFacts) => `${absoluteUrl(site.siteUrl, "/")}#organization`;

/** The company, with both addresses and its contact points: on every page. */
export function organization(site: SiteFacts): Thing {
  return {
    "@context": CONTEXT,
    "@type": "ProfessionalService",
    "@id": organizationId(site),
    name: site.company.name,
    legalName: site.company.legalName,
    url: absoluteUrl(site.siteUrl, "/"),
    logo: absoluteUrl(site.siteUrl, "/icons/icon-512x512.png"),
    image: absoluteUrl(site.siteUrl, "/og/home.png"),
    description: site.description,
    foundingDate: String(site.company.foundingYear),
    email: site.emails.sales,
    address: [postalAddress(site.addresses.corporate), postalAddress(site.addresses.delivery)],
    contactPoint: [
      ...Object.values(site.phones).map((p) => ({
        "@type": "ContactPoint",
        telephone: p.number,
        contactType: /job/i.test(p.label) ? "human resources" : "sales",
        areaServed: p.number.startsWith("+91") ? "IN" : p.number.startsWith("+1") ? "US" : undefined,
        availableLanguage: "English",
      })),
      { "@type": "ContactPoint", email: site.emails.jobs, contactType: "human resources" },
    ],
    sameAs: site.social?.linkedin ? [site.social.linkedin] : undefined,
  };
}

export function website(site: SiteFacts): Thing {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: site.title,
    url: absoluteUrl(site.siteUrl, "/"),
    inLanguage: "en",
    publisher: { "@id": organizationId(site) },
  };
}

/** Home › … › the page, for pages below the top level. */
export function breadcrumbs(siteUrl: string, trail: { name: string; path: string }[]): Thing {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export function blogPosting(
  site: SiteFacts,
  post: {
    title: string;
    description: string;
    path: string;
    date: string;
    author: string;
    tags: readonly string[];
    image?: string | null;
  },
  comments: readonly { name: string; text: string; dateTime: string }[] = [],
): Thing {
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url: absoluteUrl(site.siteUrl, post.path),
    mainEntityOfPage: absoluteUrl(site.siteUrl, post.path),
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@id": organizationId(site) },
    keywords: post.tags.join(", "),
    image: post.image ? absoluteUrl(site.siteUrl, post.image) : undefined,
    inLanguage: "en",
    commentCount: comments.length,
    comment: comments.length
      ? comments.map((c) => ({
          "@type": "Comment",
          author: { "@type": "Person", name: c.name },
          dateCreated: c.dateTime,
          text: c.text,
        }))
      : undefined,
  };
}

export function event(
  site: SiteFacts,
  item: {
    title: string;
    description: string;
    date: string;
    durationMinutes?: number;
    online: boolean;
    location: string;
    path?: string | null;
  },
): Thing {
  const start = new Date(item.date);
  const end = item.durationMinutes
    ? new Date(start.getTime() + item.durationMinutes * 60_000).toISOString()
    : undefined;
  return {
    "@context": CONTEXT,
    "@type": "Event",
    name: item.title,
    description: item.description,
    startDate: start.toISOString(),
    endDate: end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: item.online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: item.online
      ? { "@type": "VirtualLocation", url: absoluteUrl(site.siteUrl, item.path ?? "/events") }
      : { "@type": "Place", name: item.location, address: item.location },
    organizer: { "@id": organizationId(site) },
    isAccessibleForFree: true,
    url: item.path ? absoluteUrl(site.siteUrl, item.path) : undefined,
  };
}

/** How long an opening is listed after its datePosted (content/jobs.json): its JobPosting's validThrough. */
export const JOB_OPEN_DAYS = 90;

/** The day an opening stops being listed: `validThrough` of JobPosting, at the end of that day (UTC). */
export function validThrough(datePosted: string, days = JOB_OPEN_DAYS): string {
  const day = new Date(`${datePosted.slice(0, 10)}T23:59:59Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().replace(".000Z", "Z");
}

export function jobPosting(
  site: SiteFacts,
  job: {
    title: string;
    summary: string;
    location: string;
    type: string;
    datePosted: string;
    responsibilities: readonly string[];
    requirements: readonly string[];
  },
): Thing {
  const india = /india|pune/i.test(job.location);
  const remote = /remote/i.test(job.location);
  const address = india ? site.addresses.delivery : site.addresses.corporate;
  return {
    "@context": CONTEXT,
    "@type": "JobPosting",
    title: job.title,
    description: `<p>${job.summary}</p><ul>${[...job.responsibilities, ...job.requirements].map((r) => `<li>${r}</li>`).join("")}</ul>`,
    datePosted: job.datePosted.slice(0, 10),
    validThrough: validThrough(job.datePosted),
    // the careers page takes applications itself (its Apply form), not through a third party
    directApply: true,
    employmentType: job.type.toUpperCase().replace(/[^A-Z]/g, "_"),
    hiringOrganization: { "@type": "Organization", name: site.company.name, sameAs: absoluteUrl(site.siteUrl, "/") },
    jobLocation: { "@type": "Place", address: postalAddress(address) },
    jobLocationType: remote ? "TELECOMMUTE" : undefined,
    applicantLocationRequirements: remote ? { "@type": "Country", name: india ? "India" : "United States" } : undefined,
  };
}

export function softwareApplication(
  site: SiteFacts,
  product: { name: string; description: string; path: string; plans: readonly { name: string; price: string }[] },
): Thing {
  const prices = product.plans.map((p) => Number(p.price.replace(/[^0-9.]/g, ""))).filter((n) => n > 0);
  return {
    "@context": CONTEXT,
    "@type": "SoftwareApplication",
    name: product.name,
    description: product.description,
    url: absoluteUrl(site.siteUrl, product.path),
    applicationCategory: "BusinessApplication",
    operatingSystem: "Salesforce",
    publisher: { "@id": organizationId(site) },
    offers: prices.length
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "USD",
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          offerCount: product.plans.length,
        }
      : undefined,
  };
}

export function faqPage(faqs: readonly { question: string; answer: string }[]): Thing {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

/** The engagement models of /pricing as offers of the company's service. */
export function pricingOffers(
  site: SiteFacts,
  plans: readonly { name: string; price: string; summary: string }[],
): Thing {
  return {
    "@context": CONTEXT,
    "@type": "Service",
    name: `${site.company.name} engagement models`,
    provider: { "@id": organizationId(site) },
    offers: plans.map((plan) => {
      const amount = Number(plan.price.replace(/[^0-9.]/g, ""));
      return {
        "@type": "Offer",
        name: plan.name,
        description: plan.summary,
        priceCurrency: "USD",
        price: amount > 0 ? amount : undefined,
        url: absoluteUrl(site.siteUrl, "/pricing"),
      };
    }),
  };
}

/** JSON text for a <script type="application/ld+json">, without undefined fields and safe inside HTML. */
export const jsonLdText = (thing: Thing): string => JSON.stringify(thing).replace(/</g, "\\u003c");
