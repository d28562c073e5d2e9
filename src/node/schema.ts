import type { GatsbyNode } from "gatsby";
import { z } from "zod";
import type { ContentMeta, RuleContext, Schema } from "../lib/content-fields";
import { jsonFiles, markdownKinds } from "../lib/content-model";
import { coverImageResolver } from "./cover-image";
import { markdownHtmlResolver } from "./markdown-html";
import { formatDateTime } from "../lib/zoned-date-time";

// Every content kind has an explicit @dontInfer type, so that content drift fails loudly instead of silently
// changing the schema; the types are written from the content model (src/lib/content-model.ts), never by hand.
// https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/

/** How the node keeps the values zod alone cannot type (src/lib/content-fields.ts), and their GraphQL type. */
const stored: Record<ContentMeta, [type: string, directives?: string]> = {
  flag: ["Boolean"],
  day: ["Date", "@dateformat"],
  dateTime: ["Date", "@dateformat"],
  // on-create-node.ts keeps a cover's absolute path; a JSON file's node keeps the path as written beside it
  image: ["File", '@link(by: "absolutePath")'],
  svg: ["File", "@fileByRelativePath"],
};

type Meta = { content?: ContentMeta; title?: string; description?: string };

/** A field's GraphQL type (with its directives), defining in `types` the object types it names. */
function fieldType(schema: z.ZodType, types: Map<string, string>): string {
  let inner = schema;
  let nullable = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    nullable = true;
    inner = inner.unwrap() as z.ZodType;
  }
  const meta = (inner.meta() ?? {}) as Meta;
  let [type, directives]: [string, string?] = ["String"];
  if (meta.content) [type, directives] = stored[meta.content];
  // a campaign's blocks are of many types: kept as JSON, typed by the content model (src/lib/content-model.ts)
  else if (inner instanceof z.ZodDiscriminatedUnion) type = "JSON";
  else if (inner instanceof z.ZodArray) type = `[${fieldType(inner.element as z.ZodType, types)}]`;
  else if (inner instanceof z.ZodObject) type = define(inner as Schema, types);
  else if (inner instanceof z.ZodNumber) type = inner.isInt ? "Int" : "Float";
  else if (inner instanceof z.ZodBoolean) type = "Boolean";
  else if (!(inner instanceof z.ZodString || inner instanceof z.ZodEnum))
    throw new Error(`the content model has a field GraphQL has no type for (${inner.constructor.name})`);
  return `${type}${nullable ? "" : "!"}${directives ? ` ${directives}` : ""}`;
}

/** The fields of an object, one a line, each with its description. */
const fieldLines = (schema: Schema, types: Map<string, string>): string[] =>
  Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { description } = (field.meta() ?? {}) as Meta;
    return `${description ? `${JSON.stringify(description)} ` : ""}${name}: ${fieldType(field, types)}`;
  });

/** Defines an object type in `types` once, by the name its declaration gives; returns the name. */
function define(schema: Schema, types: Map<string, string>): string {
  const name = (schema.meta() as Meta | undefined)?.title;
  if (!name) throw new Error(`an object of the content model has no name: ${Object.keys(schema.shape).join(", ")}`);
  const definition = `type ${name} { ${fieldLines(schema, types).join(" ")} }`;
  if (types.has(name) && types.get(name) !== definition) throw new Error(`two object types are named ${name}`);
  types.set(name, definition);
  return name;
}

// Beside the content's own fields, what the build adds: routes, the rendered Markdown, the cover at two sizes,
// and dates as visitors read them, "November 22, 2026", written at build by GraphQL so that the browser formats
// no date (its first Intl object costs a phone a long task in the middle of hydration).
const DAY = `@dateformat(formatString: "MMMM D, YYYY")`;
const ROUTED = ["slug: String!", "path: String!"];
const RENDERED = ["html: String! @markdownHtml", "excerpt: String! @markdownExcerpt"];
const WHEN = [
  `"when it starts, in its own time zone, as visitors read it: made at build (see src/lib/zoned-date-time.ts)"`,
  "when: String! @zonedDateTime",
];
const added: Record<string, string[]> = {
  Service: [...ROUTED, ...RENDERED],
  Industry: [...ROUTED, ...RENDERED],
  Product: [...ROUTED, ...RENDERED],
  BlogPost: [
    ...ROUTED,
    ...RENDERED,
    `day: Date! ${DAY} @proxy(from: "date")`,
    `"the cover above the post: 1200 px wide at most, 16:9"`,
    `heroImage: GatsbyImageData! @coverImage(width: 1200, sizes: "(min-width: 1200px) 1200px, 100vw")`,
    `"the cover on a post's card: 640 px wide at most, 16:9"`,
    "cardImage: GatsbyImageData! @coverImage(width: 640)",
    `"the day the post becomes public, YYYY-MM-DD: its date, or null for a draft. A build lists the posts whose day is its own or earlier (src/lib/publication.ts)"`,
    "publishesOn: Date",
    "old: Boolean!",
    "readingTime: Int!",
  ],
  Webinar: [...ROUTED, ...RENDERED, ...WHEN],
  Page: RENDERED,
  Campaign: [
    ...RENDERED,
    `"the hero's picture, when the hero has one: 960 px wide at most, 16:9"`,
    `heroImage: GatsbyImageData @coverImage(width: 960, sizes: "(min-width: 1024px) 480px, 100vw")`,
  ],
  JobsJson: [`dayPosted: Date! ${DAY} @proxy(from: "datePosted")`],
  EventsJson: WHEN,
};

// the types' shapes do not depend on the groups or the files a build finds
const anyContext: RuleContext = { resolveFile: () => null, serviceGroups: ["any"] };

/** The GraphQL type definitions of every content kind, from the content model. */
export function contentTypeDefs(): string {
  const types = new Map<string, string>();
  const nodeType = (schema: Schema, interfaces: string) => {
    const name = (schema.meta() as Meta).title as string;
    const lines = [...fieldLines(schema, types), ...(added[name] ?? [])];
    return `type ${name} implements ${interfaces} @dontInfer {\n  ${lines.join("\n  ")}\n}`;
  };
  const nodes = [
    ...Object.values(markdownKinds).map((kind) => nodeType(kind.frontmatter(anyContext), "Node & ContentPage")),
    ...Object.values(jsonFiles).map((item) => nodeType(item(anyContext), "Node")),
  ];
  return [...types.values(), ...nodes].join("\n");
}

const typeDefs = () => `
  # Front matter is inferred, but draft is declared: only some posts have it, and the generated
  # src/gatsby-types.d.ts must not depend on whether a build's content includes one.
  type MarkdownRemarkFrontmatter { draft: Boolean }

  type SiteSiteMetadata {
    title: String!
    description: String!
    siteUrl: String!
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

  ${contentTypeDefs()}
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
  actions.createTypes(typeDefs());
};
