import events from "../../content/events.json";
import jobs from "../../content/jobs.json";
import pricing from "../../content/pricing.json";
import site from "../../content/site.json";
import {
  blogPosting,
  breadcrumbs,
  event,
  faqPage,
  jobPosting,
  jsonLdText,
  organization,
  pricingOffers,
  softwareApplication,
  website,
} from "../../src/lib/json-ld";

// The schema.org types the site uses, with the properties schema.org defines for each (checked on schema.org).
const vocabulary: Record<string, string[]> = {
  ProfessionalService: [
    "name",
    "legalName",
    "url",
    "logo",
    "image",
    "description",
    "foundingDate",
    "email",
    "address",
    "contactPoint",
    "sameAs",
  ],
  PostalAddress: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  ContactPoint: ["telephone", "contactType", "areaServed", "availableLanguage", "email"],
  WebSite: ["name", "url", "inLanguage", "publisher"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  BlogPosting: [
    "headline",
    "description",
    "url",
    "mainEntityOfPage",
    "datePublished",
    "author",
    "publisher",
    "keywords",
    "image",
    "inLanguage",
    "commentCount",
    "comment",
  ],
  Comment: ["author", "dateCreated", "text"],
  Person: ["name"],
  Event: [
    "name",
    "description",
    "startDate",
    "endDate",
    "eventStatus",
    "eventAttendanceMode",
    "location",
    "organizer",
    "isAccessibleForFree",
    "url",
  ],
  VirtualLocation: ["url"],
  Place: ["name", "address"],
  JobPosting: [
    "title",
    "description",
    "datePosted",
    "validThrough",
    "directApply",
    "employmentType",
    "hiringOrganization",
    "jobLocation",
    "jobLocationType",
    "applicantLocationRequirements",
  ],
  Organization: ["name", "sameAs"],
  Country: ["name"],
  SoftwareApplication: ["name", "description", "url", "applicationCategory", "operatingSystem", "publisher", "offers"],
  AggregateOffer: ["priceCurrency", "lowPrice", "highPrice", "offerCount"],
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  Service: ["name", "provider", "offers"],
  Offer: ["name", "description", "priceCurrency", "price", "url"],
};

/** Every object with a @type uses only that type's properties; nested objects are checked too. */
function checkVocabulary(value: unknown, where = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => checkVocabulary(v, `${where}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const thing = value as Record<string, unknown>;
  const type = thing["@type"] as string | undefined;
  const problems: string[] = [];
  if (type) {
    if (!vocabulary[type]) problems.push(`${where}: unknown type ${type}`);
    for (const key of Object.keys(thing))
      if (!key.startsWith("@") && !vocabulary[type]?.includes(key))
        problems.push(`${where}: ${type} has no property ${key}`);
  } else if (!thing["@id"]) problems.push(`${where}: an object without @type`);
  return [
    ...problems,
    ...Object.entries(thing).flatMap(([k, v]) => (k.startsWith("@") ? [] : checkVocabulary(v, `${where}.${k}`))),
  ];
}

const facts = { ...site, siteUrl: site.siteUrl };
const blocks = {
  organization: organization(facts),
  website: website(facts),
  breadcrumbs: breadcrumbs(site.siteUrl, [
    { name: "Home", path: "/" },
    { name: "Services", path: "/services/overview" },
    { name: "Agentforce", path: "/services/agentforce" },
  ]),
  blogPosting: blogPosting(
    facts,
    {
      title: "T",
      description: "D",
      path: "/blog/t",
      date: "2026-05-01",
      author: "Priya Raman",
      tags: ["ai"],
      image: "/og/blog/t.png",
    },
    [{ name: "Ravi", text: "Useful.", dateTime: "2026-05-02T10:00:00.000Z" }],
  ),
  events: events.map((e) => event(facts, e)),
  webinar: event(facts, {
    title: "W",
    description: "D",
    date: "2026-12-10T16:00:00Z",
    durationMinutes: 60,
    online: true,
    location: "Online",
    path: "/webinar/w",
  }),
  jobs: jobs.map((j) => jobPosting(facts, j)),
  product: softwareApplication(facts, {
    name: "SmartSell",
    description: "D",
    path: "/products/smartsell",
    plans: [
      { name: "Team", price: "$12" },
      { name: "Enterprise", price: "Custom" },
    ],
  }),
  faq: faqPage([{ question: "Q?", answer: "A." }]),
  pricing: pricingOffers(facts, pricing),
};

describe("JSON-LD", () => {
  it.each(Object.entries(blocks))("%s is valid JSON using only schema.org types and properties", (_, block) => {
    const parsed = JSON.parse(jsonLdText(block as Record<string, unknown>));
    expect(checkVocabulary(parsed)).toEqual([]);
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) expect(item["@context"]).toBe("https://schema.org");
  });

  it("names both addresses and every contact number of the company", () => {
    const org = JSON.parse(jsonLdText(blocks.organization));
    expect(org.address.map((a: { addressLocality: string }) => a.addressLocality)).toEqual(["Austin", "Pune"]);
    expect(org.contactPoint.map((c: { telephone?: string }) => c.telephone).filter(Boolean)).toEqual(
      Object.values(site.phones).map((p) => p.number),
    );
  });

  it("marks webinars as online events", () => {
    expect(blocks.webinar).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      endDate: "2026-12-10T17:00:00.000Z",
    });
  });

  it("escapes < so a block cannot close its script element", () => {
    expect(jsonLdText({ "@type": "Answer", text: "</script><script>alert(1)" })).not.toContain("</script>");
  });

  it("numbers breadcrumb items from 1 with absolute URLs", () => {
    expect(blocks.breadcrumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${site.siteUrl}/` },
      { "@type": "ListItem", position: 2, name: "Services", item: `${site.siteUrl}/services/overview` },
      { "@type": "ListItem", position: 3, name: "Agentforce", item: `${site.siteUrl}/services/agentforce` },
    ]);
  });

  it("gives a post its approved comments and their count", () => {
    const post = { title: "T", description: "D", path: "/blog/t", date: "2026-05-01", author: "A", tags: [] };
    expect(blogPosting(facts, post)).toMatchObject({ commentCount: 0 });
    expect(blogPosting(facts, post).comment).toBeUndefined();
    const comments = [{ name: "Ravi", text: "Useful.", dateTime: "2026-05-02T10:00:00.000Z" }];
    expect(blogPosting(facts, post, comments)).toMatchObject({
      commentCount: 1,
      comment: [
        {
          "@type": "Comment",
          author: { "@type": "Person", name: "Ravi" },
          dateCreated: comments[0].dateTime,
          text: "Useful.",
        },
      ],
    });
  });
});
