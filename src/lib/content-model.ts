// Every kind of content under content/, declared once: its folder and route, the node type the build makes of it,
// and its fields, in the words of content-fields.ts. The rest is derived from this file: the build's checks and
// their messages (src/node/on-create-node.ts), the GraphQL types (src/node/schema.ts, and from them the types of
// every page query, src/gatsby-types.d.ts), and the tests of the content (content-quality.test.ts).
// Pure: no gatsby import, so the rules are unit-tested without a build.
import { ATTRIBUTION_KEYS, type AttributionKey } from "./attribution";
import { z } from "zod";
import { slugOf } from "./slug";
import {
  boolean,
  dateTime,
  day,
  fields,
  flag,
  image,
  integer,
  list,
  oneOf,
  optional,
  paragraph,
  sitePath,
  svg,
  text,
  timeZone,
  type RuleContext,
  type Schema,
} from "./content-fields";

const titleText = fields("TitleText", { title: text(), text: paragraph() });
const faq = fields("Faq", { question: text(), answer: paragraph() });
const valueLabel = fields("ValueLabel", { value: text(), label: text() });
const description = paragraph(50, 200).describe("what search engines and link previews show of the page");
const summary = paragraph(10, 160).describe("the line under the title, in menus and on cards");
const order = integer.describe("its place in lists, 1 first");
const serviceSlugs = (min: number, max: number) =>
  list(text(), min, max).describe("the services this page links to").meta({ refers: "service" });

export const pageTemplates = [
  "home",
  "about",
  "page",
  "contact",
  "pricing",
  "careers",
  "events",
  "blog-list",
  "service-list",
  "product-list",
  "industry-list",
  "stories",
  "webinar-list",
] as const;

/** The forms a campaign's form block can be (src/lib/forms.ts), and the consultation booking (Calendly). */
export const campaignForms = ["contact", "booking", "webinar", "newsletter"] as const;
export type CampaignForm = (typeof campaignForms)[number];
/** How a campaign's own question is answered. */
export const answerKinds = ["short answer", "one choice", "several choices"] as const;
/** A campaign asks at most this many questions of its own. */
export const MAX_QUESTIONS = 5;

const LINK = /^(\/([A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*)?|#[a-z][a-z0-9-]*|https:\/\/\S+)$/;
const heading = text(3, 90).describe("the section's heading");
const intro = optional(paragraph(10, 300)).describe("a line or two under the heading");
/** The names of entries of a JSON list (content/<file>), which the editor offers from that file. */
const chosen = (file: string, what: string, max: number) =>
  list(text(), 1, max).describe(`${what}, by name, from content/${file}`).meta({ chooses: file });

/**
 * A campaign page's blocks, each declared once: its `type`, its label in the editor, its fields. The page draws each
 * with the site's section components through one record (src/components/campaign/campaign-sections.tsx), the editor
 * offers each by its label (src/cms/collections.ts), and the build refuses a bad one naming its place and type.
 */
const block = <T extends string, S extends z.ZodRawShape>(type: T, label: string, name: string, shape: S) =>
  fields(`Campaign${name}Block`, { type: z.literal(type), ...shape }).meta({ label });

const question = fields("CampaignQuestion", {
  question: text(3, 120).describe("what the form asks, like Which Salesforce clouds do you use?"),
  answer: oneOf(answerKinds).describe("how it is answered"),
  choices: optional(list(text(2, 80), 2, 10)).describe("what a visitor chooses from, for one or several choices"),
  required: flag.describe("a visitor must answer it to send the form"),
}).superRefine((q, ctx) => {
  if (q.answer === "short answer" && q.choices?.length)
    ctx.addIssue({ code: "custom", path: ["choices"], message: "left empty for a short answer" });
  if (q.answer !== "short answer" && !q.choices?.length)
    ctx.addIssue({ code: "custom", path: ["choices"], message: `given for ${q.answer}` });
});

const campaignBlocks = (ctx: RuleContext) =>
  [
    block("hero", "Hero", "Hero", {
      headline: text(3, 90).describe("the page's only h1"),
      text: paragraph(10, 300),
      picture: optional(image(ctx)).describe("a picture beside the headline; left out, the site's hero art"),
      pictureAlt: optional(text()).describe("what the picture shows, for readers who cannot see it"),
      actions: list(
        fields("CampaignAction", {
          label: text(2, 40),
          to: z
            .string()
            .regex(LINK, { error: "a site path like /pricing, #form for the page's form, or an https:// address" })
            .meta({ pattern: LINK.source })
            .describe("where it leads: /pricing, #form for the page's form, or an https:// address"),
        }),
        1,
        2,
      ).describe("one or two buttons"),
    }),
    block("features", "Features", "Features", { heading, intro, items: list(titleText, 2, 9) }),
    block("steps", "Steps", "Steps", { heading, intro, items: list(titleText, 2, 8) }),
    block("stats", "Figures", "Stats", {
      heading,
      intro,
      items: list(valueLabel, 2, 4).describe('a figure and what it measures, like "14 days" and "from kickoff"'),
    }),
    block("faq", "Questions and answers", "Faq", { heading, items: list(faq, 1) }),
    block("call-to-action", "Call to action", "CallToAction", { heading, text: paragraph(10, 300) }),
    block("prose", "Text", "Prose", {
      heading: optional(heading),
      markdown: paragraph(20).describe("Markdown; headings inside start at level 3 (###)"),
    }),
    block("testimonials", "Testimonials", "Testimonials", {
      heading,
      intro,
      names: chosen("testimonials.json", "the clients quoted", 6),
    }),
    block("partners", "Partner badges", "Partners", {
      heading,
      intro,
      names: chosen("partners.json", "the partnerships shown", 6),
    }),
    block("people", "People", "People", { heading, intro, names: chosen("team.json", "the people shown", 6) }),
    block("plans", "Plans", "Plans", { heading, intro, names: chosen("pricing.json", "the plans shown", 4) }),
    block("posts", "Blog posts", "Posts", {
      heading,
      intro,
      posts: list(text(), 1, 6).describe("the posts shown").meta({ refers: "blog" }),
    }),
    block("form", "Form", "Form", {
      form: oneOf(campaignForms).describe("the site's form it shows"),
      webinar: optional(text())
        .describe("the webinar a registration is for, when the form is webinar")
        .meta({ refers: "webinar" }),
      heading,
      intro,
      button: optional(text(2, 40)).describe("the button's words; left out, the form's own"),
      received: paragraph(10, 300).describe("what the page after a send says"),
      questions: optional(list(question, 1, MAX_QUESTIONS)).describe(
        `up to ${MAX_QUESTIONS} questions of the campaign's own, asked after the form's fields`,
      ),
    }).superRefine((f, c) => {
      if (f.form === "webinar" && !f.webinar)
        c.addIssue({ code: "custom", path: ["webinar"], message: "the webinar its visitors register for" });
      if (f.form !== "webinar" && f.webinar)
        c.addIssue({ code: "custom", path: ["webinar"], message: "left empty unless the form is webinar" });
      if (f.form === "booking" && f.questions?.length)
        c.addIssue({ code: "custom", path: ["questions"], message: "left empty: the booking asks no questions" });
    }),
  ] as const;

/** A block of any type, told apart by its `type`. */
const campaignBlock = (ctx: RuleContext) => {
  const blocks = campaignBlocks(ctx);
  const types = blocks.map((b) => b.shape.type.value).join(", ");
  return z.discriminatedUnion("type", [...blocks], { error: `one of the block types ${types}` });
};
/** Each block type and its label in the editor, in the declaration's order. */
export const campaignBlockTypes = (ctx: RuleContext) =>
  campaignBlocks(ctx).map((b) => ({
    type: b.shape.type.value,
    label: (b.meta() as { label: string }).label,
    schema: b,
  }));

/** A campaign's sections: a hero first (the page's only h1), then any blocks, one form at most. */
const campaignSections = (ctx: RuleContext) =>
  list(campaignBlock(ctx), 2, 20)
    .describe("the page's blocks, in order: a hero first, a form among them")
    .superRefine((sections, c) => {
      sections.forEach((s, index) => {
        if (index === 0 && s.type !== "hero")
          c.addIssue({ code: "custom", path: [index, "type"], message: "hero: a campaign opens with its hero" });
        if (index > 0 && s.type === "hero")
          c.addIssue({ code: "custom", path: [index, "type"], message: "a block other than hero: one hero a page" });
        if (s.type === "form" && sections.findIndex((o) => o.type === "form") < index)
          c.addIssue({ code: "custom", path: [index, "type"], message: "a block other than form: one form a page" });
      });
    });

const campaignFields = (ctx: RuleContext) =>
  fields("Campaign", {
    path: sitePath.describe("the page's address, the one ads and mails link to, like /offers/org-health-check"),
    title: text(3, 70).describe("the page's title in the browser tab and in search results"),
    description,
    image: optional(image(ctx)).describe("the picture link previews show; left out, one drawn from the title"),
    indexed: flag.describe(
      "lets search engines index the page and lists it in the sitemap; left off, paid traffic lands on it alone",
    ),
    hideMenus: flag.describe("the header without its menus, so the visitor stays on the offer"),
    salesforceCampaignId: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/, { error: "a Salesforce ID of 15 or 18 letters and digits" })
        .meta({ pattern: "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$", minLength: 15, maxLength: 18 }),
    ).describe("the Salesforce Campaign its leads join, like 701Hs00000AbCdE"),
    sections: campaignSections(ctx),
  });

/** One block of a campaign, as the build keeps it (src/node/on-create-node.ts). */
export type CampaignBlock = z.output<ReturnType<typeof campaignBlock>>;
export type CampaignQuestion = z.output<typeof question>;

interface MarkdownKind {
  /** what the authors' editor calls one, and the list of them */
  label: { one: string; many: string };
  /** the folder under content/ that holds one file per page */
  folder: string;
  /** the route of a file: this, then its name; null when the frontmatter gives it (pages) */
  route: string | null;
  /** the type of the node the build makes of each file */
  type: string;
  frontmatter: (ctx: RuleContext) => Schema;
}

/** The Markdown kinds: one file, one page. The service groups and the files beside the content come from `ctx`. */
export const markdownKinds = {
  service: {
    label: { one: "Service", many: "Services" },
    folder: "services",
    route: "/services/",
    type: "Service",
    frontmatter: (ctx: RuleContext) =>
      fields("Service", {
        title: text(),
        group: oneOf(ctx.serviceGroups as [string, ...string[]]).describe("its group in the Services menu"),
        order,
        description,
        summary,
        offerings: list(titleText, 5).describe("what we deliver, concretely"),
        process: list(titleText, 3, 8).describe("how an engagement runs, in order"),
        outcomes: list(titleText, 2, 6).describe("benefits, with measurable results where honest"),
        faqs: list(faq, 3),
        related: serviceSlugs(1, 6),
      }),
  },
  industry: {
    label: { one: "Industry", many: "Industries" },
    folder: "industries",
    route: "/industryexpert/",
    type: "Industry",
    frontmatter: (_ctx: RuleContext) =>
      fields("Industry", {
        title: text(),
        name: text().describe("the short name in menus, like Insurance"),
        order,
        description,
        summary,
        challenges: list(titleText, 3),
        solutions: list(titleText, 3),
        results: list(valueLabel, 3, 3).describe('a figure and what it measures, like "32%" and "faster claim intake"'),
        services: serviceSlugs(1, 6),
        faqs: optional(list(faq, 1)),
      }),
  },
  product: {
    label: { one: "Product", many: "Products" },
    folder: "products",
    route: "/products/",
    type: "Product",
    frontmatter: (_ctx: RuleContext) =>
      fields("Product", {
        title: text(),
        name: text().describe("the product's short name, like SmartSell"),
        order,
        description,
        summary,
        features: list(titleText, 3),
        steps: list(titleText, 2, 6),
        plans: list(
          fields("ProductPlan", { name: text(), price: text(), period: text(), features: list(text()) }),
          1,
          4,
        ),
        faqs: list(faq, 1),
      }),
  },
  blog: {
    label: { one: "Blog post", many: "Blog posts" },
    folder: "blog",
    route: "/blog/",
    type: "BlogPost",
    frontmatter: (ctx: RuleContext) =>
      fields("BlogPost", {
        title: text(),
        date: day.describe("the day it is published: a later day schedules it"),
        author: text().describe("a name from the team list"),
        tags: list(text(), 1, 6).describe("lower-case words, like salesforce, data-cloud, ai"),
        cover: image(ctx).describe("the picture above the post, cropped to 16:9"),
        coverAlt: text().describe("what the cover shows, for readers who cannot see it"),
        description,
        draft: flag.describe("a draft is shown on deploy previews only; untick it to publish"),
      }),
  },
  webinar: {
    label: { one: "Webinar", many: "Webinars" },
    folder: "webinars",
    route: "/webinar/",
    type: "Webinar",
    frontmatter: (_ctx: RuleContext) =>
      fields("Webinar", {
        title: text(),
        date: dateTime.describe("when it starts"),
        timezone: timeZone.describe("the time zone its time is shown in"),
        duration: integer.describe("in minutes"),
        // (an address mailed to registered guests only: src/lib/event-catalog.ts)
        join: optional(text()).describe("how a registered guest joins: mailed to them, never shown on the page"),
        description,
        summary,
        speakers: list(fields("Person", { name: text(), role: text() }), 1),
        agenda: list(text(), 1),
      }),
  },
  page: {
    label: { one: "Page", many: "Pages" },
    folder: "pages",
    route: null,
    type: "Page",
    frontmatter: (_ctx: RuleContext) =>
      fields("Page", {
        path: sitePath.describe("the page's address"),
        template: oneOf(pageTemplates).describe("the layout"),
        title: text(),
        description,
        lead: paragraph().describe("the line under the title"),
        blocks: optional(
          list(fields("PageBlock", { id: text(), heading: text(), text: optional(paragraph()) }), 1),
        ).describe("headings and introductions of the layout's sections, by the id each layout reads"),
        noindex: flag.describe("keeps the page out of search engines"),
      }),
  },
  campaign: {
    label: { one: "Campaign", many: "Campaigns" },
    folder: "campaigns",
    route: null,
    type: "Campaign",
    frontmatter: (ctx: RuleContext) => campaignFields(ctx),
  },
} satisfies Record<string, MarkdownKind>;

export type Kind = keyof typeof markdownKinds;

const address = fields("Address", {
  label: text(),
  street: text(),
  city: text(),
  region: text(),
  postalCode: text(),
  country: text(),
  countryCode: text(),
});
const phone = fields("Phone", { label: text(), display: text(), number: text() });
const navigationLink = { name: text(), path: text() };

/**
 * The JSON files, by name: the item each file's list holds (site.json holds one object). Each node's type is
 * `<Name>Json` (gatsby-config.ts), so the file name is the declaration's name.
 */
export const jsonFiles: Record<string, (ctx: RuleContext) => Schema> = {
  "site.json": () =>
    fields("SiteJson", {
      title: text(),
      titleTemplate: text(),
      description: text(),
      siteUrl: text(),
      language: text(),
      themeColor: text(),
      company: fields("SiteCompany", { name: text(), legalName: text(), foundingYear: integer }),
      addresses: fields("SiteAddresses", { corporate: address, delivery: address }),
      phones: fields("SitePhones", { salesIndia: phone, salesUs: phone, jobs: phone }),
      messaging: fields("Messaging", { label: text(), display: text(), url: text() }),
      emails: fields("SiteEmails", { sales: text(), jobs: text(), security: text() }),
      social: optional(fields("SiteSocial", { linkedin: optional(text()) })),
      thirdParty: fields("SiteThirdParty", {
        recaptchaSiteKey: optional(text()),
        gaMeasurementId: optional(text()),
        calendlyUrl: text(),
        calendlyPrefill: text(),
      }),
      webToLead: fields("WebToLead", {
        url: optional(text()),
        oid: optional(text()),
        leadSource: text(),
        // who posts a lead sent with script to Web-to-Lead (docs/store.md#salesforce)
        delivery: optional(oneOf(["browser", "server"] as const)),
        // the org's own field for each part of a lead's attribution (src/lib/attribution.ts)
        fields: optional(
          fields(
            "WebToLeadFields",
            Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, optional(text())])) as Record<
              AttributionKey,
              ReturnType<typeof optional<ReturnType<typeof text>>>
            >,
          ),
        ),
      }),
      labels: fields("FormLabels", {
        contact: text(),
        newsletter: text(),
        comment: text(),
        webinar: text(),
        application: text(),
      }),
      reviewsUrl: text(),
      copyrightYear: integer,
    }),
  "navigation.json": () =>
    fields("NavigationJson", {
      ...navigationLink,
      match: optional(list(text())),
      sub: optional(
        list(
          fields("NavigationSubItem", {
            name: text(),
            path: optional(text()),
            inside: optional(list(fields("NavigationInsideItem", navigationLink))),
          }),
        ),
      ),
    }),
  "testimonials.json": () =>
    fields("TestimonialsJson", { quote: paragraph(20), name: text(), role: text(), company: text() }),
  "partners.json": (ctx: RuleContext) =>
    fields("PartnersJson", {
      name: text(),
      badge: svg(ctx).describe(
        "its badge, drawn for this site (content/badges/), by its path from content/partners.json",
      ),
      detail: paragraph(),
    }),
  "team.json": () => fields("TeamJson", { name: text(), role: text(), bio: paragraph() }),
  "values.json": () => fields("ValuesJson", { title: text(), text: paragraph() }),
  "jobs.json": () =>
    fields("JobsJson", {
      title: text(),
      department: text(),
      location: text(),
      type: text(),
      experience: text(),
      summary: paragraph(),
      responsibilities: list(text()),
      requirements: list(text()),
      datePosted: day,
    }),
  "events.json": () =>
    fields("EventsJson", {
      title: text(),
      date: dateTime,
      timezone: timeZone,
      // minutes, for its calendar file
      duration: integer,
      location: text(),
      online: boolean,
      description: paragraph(),
    }),
  "pricing.json": () =>
    fields("PricingJson", {
      name: text(),
      price: text(),
      period: text(),
      summary: text(),
      features: list(text()),
      highlighted: boolean,
    }),
  "stories.json": () =>
    fields("StoriesJson", {
      title: text(),
      client: text(),
      industry: text(),
      challenge: paragraph(),
      solution: paragraph(),
      results: list(valueLabel, 1),
      services: list(text(), 1),
    }),
  "countries.json": () => fields("CountriesJson", { name: text(), shortName: text(2, 2), flag: text(), code: text() }),
};

/** The service groups are the sub items of the Services entry of content/navigation.json. */
export const serviceGroupsOf = (navigation: { name: string; sub?: { name: string }[] | null }[]): string[] =>
  (navigation.find((item) => item.name === "Services")?.sub ?? []).map((s) => s.name);

export interface Located {
  kind: Kind;
  slug: string;
  /** the route, or null when the frontmatter gives it (pages) */
  path: string | null;
  old: boolean;
}

/** The blog's folder of older posts, edited and served apart from the others (/blog/old-posts/<slug>). */
export const ARCHIVE_FOLDER = "old-posts";

/** Where a Markdown file under content/ belongs, from its path relative to content/. */
export function locate(relativePath: string): Located | null {
  const parts = relativePath.replace(/\\/g, "/").split("/");
  const kind = (Object.keys(markdownKinds) as Kind[]).find((k) => markdownKinds[k].folder === parts[0]);
  if (!kind || !parts[parts.length - 1].endsWith(".md")) return null;
  const slug = parts[parts.length - 1].replace(/\.md$/, "");
  const old = kind === "blog" && parts.length === 3 && parts[1] === ARCHIVE_FOLDER;
  if (parts.length !== 2 && !old) return null;
  const route = markdownKinds[kind].route;
  if (route === null) return { kind, slug, path: null, old: false };
  return { kind, slug, path: `${route}${old ? `${ARCHIVE_FOLDER}/` : ""}${slug}`, old };
}

export { slugOf };

/** Reading time in whole minutes at 220 words a minute, at least 1. */
export const readingMinutes = (markdown: string): number =>
  Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / 220));

/** The first pair of files that claim the same route, if any. */
export function findCollision(routes: { path: string; file: string }[]): string | null {
  const seen = new Map<string, string>();
  for (const { path, file } of routes) {
    const key = path.toLowerCase();
    const other = seen.get(key);
    if (other) return `${file}: field "path" must be unique, but ${path} is also the address of ${other}`;
    seen.set(key, file);
  }
  return null;
}
