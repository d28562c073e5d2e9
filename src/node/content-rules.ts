// Pure rules for content files: which kind a file is, its address, and whether its fields are right.
// No gatsby import, so the rules are unit-tested without a build.
import { z } from "zod";

export type Kind = "service" | "industry" | "product" | "blog" | "webinar" | "page";

export interface Located {
  kind: Kind;
  slug: string;
  /** the route, or null when the frontmatter gives it (pages) */
  path: string | null;
  old: boolean;
}

const folders: Record<string, { kind: Kind; base: string }> = {
  services: { kind: "service", base: "/services/" },
  industries: { kind: "industry", base: "/industryexpert/" },
  products: { kind: "product", base: "/products/" },
  blog: { kind: "blog", base: "/blog/" },
  webinars: { kind: "webinar", base: "/webinar/" },
  pages: { kind: "page", base: "" },
};

/** Where a Markdown file under content/ belongs, from its path relative to content/. */
export function locate(relativePath: string): Located | null {
  const parts = relativePath.replace(/\\/g, "/").split("/");
  const folder = folders[parts[0]];
  if (!folder || !parts[parts.length - 1].endsWith(".md")) return null;
  const slug = parts[parts.length - 1].replace(/\.md$/, "");
  const old = folder.kind === "blog" && parts.length === 3 && parts[1] === "old-posts";
  if (parts.length !== 2 && !old) return null;
  if (folder.kind === "page") return { kind: "page", slug, path: null, old: false };
  return { kind: folder.kind, slug, path: `${folder.base}${old ? "old-posts/" : ""}${slug}`, old };
}

export interface RuleContext {
  /** resolves a path written in the file to an absolute path, or null when no such file exists */
  resolveFile: (relative: string) => string | null;
  serviceGroups: string[];
}

// The rules are zod schemas: each kind of content and each JSON list is declared once, below, and its TypeScript
// type is inferred from that declaration (ServiceFrontmatter, ...). Each schema's error message is what was
// expected, in an author's words; check() turns the first problem into one line naming the file and the field.
// Hand-written on top of zod: the checks zod has no word for (a real calendar day, an IANA time zone, a file that
// exists beside the content file) and the one-line message, whose order follows the declaration.

type Input = { input: unknown };
/** A schema's error, from the value it was given. */
const says = (message: string | ((input: unknown) => string)) => ({
  error: (issue: Input) => (typeof message === "string" ? message : message(issue.input)),
});

const show = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString();
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export const text = (min = 1, max = Infinity) => {
  const expected = min > 1 ? `a text of at least ${min} characters` : "a non-empty text";
  return z
    .string(says(expected))
    .refine((v) => v.trim().length >= min, says(expected))
    .refine(
      (v) => v.length <= max,
      says((v) => `a text of at most ${max} characters (it has ${(v as string).length})`),
    );
};

export const integer = z.number(says("a whole number")).int(says("a whole number"));
export const boolean = z.boolean(says("true or false"));

const isRealDay = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// YAML reads an unquoted date as a timestamp, which reaches the node as midnight UTC.
const YAML_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;
const validDate = (v: unknown): v is Date => v instanceof Date && !isNaN(v.getTime());

export const day = z.custom<string | Date>(
  (v) => validDate(v) || (typeof v === "string" && isRealDay(YAML_DAY.exec(v)?.[1] ?? v)),
  says("a date written YYYY-MM-DD"),
);

export const dateTime = z.custom<string | Date>(
  (v) =>
    validDate(v) ||
    (typeof v === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
      isRealDay(v.slice(0, 10)) &&
      !isNaN(Date.parse(v))),
  says("a date and time with its offset, like 2026-12-10T16:00:00Z"),
);

export const oneOf = <T extends readonly [string, ...string[]]>(choices: T) =>
  z.enum(choices, says(`one of ${choices.join(", ")}`));

export const timeZone = z.custom<string>((v) => {
  if (typeof v !== "string") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return true;
  } catch {
    return false;
  }
}, says("an IANA time zone such as America/Chicago"));

const SITE_PATH = "a site path starting with / and without a trailing slash, like /about";
export const sitePath = z.string(says(SITE_PATH)).regex(/^\/([A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*)?$/, says(SITE_PATH));

/** A file beside the content file, of one of `extensions`: it must exist, or the build stops. */
const fileBeside = (ctx: RuleContext, extensions: RegExp, what: string, like: string, exists: string) =>
  z.custom<string>(
    (v) => typeof v === "string" && extensions.test(v) && ctx.resolveFile(v) !== null,
    says((v) =>
      typeof v !== "string" || !extensions.test(v) ? `a path to ${what}, like ${like}` : `${exists} (no file at ${v})`,
    ),
  );
export const image = (ctx: RuleContext) =>
  fileBeside(
    ctx,
    /\.(jpe?g|png|webp|avif)$/i,
    "a .jpg, .png, .webp or .avif image",
    "./images/my-post.jpg",
    "an image that exists",
  );
/** A drawing in SVG beside the content file (a partnership's badge). */
export const svg = (ctx: RuleContext) =>
  fileBeside(ctx, /\.svg$/i, "an .svg file", "./badges/salesforce.svg", "an SVG file that exists");

/** An object with these fields (the content's own; other keys, Gatsby's, are left alone). */
const fields = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, says(`an object with ${Object.keys(shape).join(", ")}`));

/** A list whose items all pass `item`, with a length between min and max. */
export const list = <T extends z.ZodType>(item: T, min = 1, max = Infinity) => {
  const size = max === Infinity ? `at least ${min}` : min === max ? `exactly ${min}` : `${min} to ${max}`;
  const expected = says((v) => `a list of ${size} items${Array.isArray(v) ? ` (it has ${v.length})` : ""}`);
  return z.array(item, expected).min(min, expected).max(max, expected);
};

/** A field that may be left out (or left empty). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** What was expected where `path` leads in `value`, as the author reads it: given or not, and what was there. */
function expectedAt(path: readonly PropertyKey[], value: unknown, message: string): string {
  if (path.length === 0)
    return value === undefined || value === null
      ? `given (missing; expected ${message})`
      : `${message}, got ${show(value)}`;
  return `${itemAt(path, value, message)}, got ${show(value)}`;
}

function itemAt([index, ...rest]: readonly PropertyKey[], list: unknown, message: string): string {
  const item = (list as unknown[])[index as number];
  if (rest.length === 0) return `item ${(index as number) + 1}: ${message}`;
  const [field, ...deeper] = rest;
  return `item ${(index as number) + 1}: "${String(field)}" must be ${expectedAt(deeper, (item as Record<PropertyKey, unknown>)?.[field], message)}`;
}

export type Schema = z.ZodObject<z.ZodRawShape>;

/** Checks values against a schema; returns one line naming the file and the first field that is wrong, or null. */
export function check(file: string, schema: Schema, values: Record<string, unknown>): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  // the first field in the declaration's order; within it, its own problem (type, length) before its items'
  const order = Object.keys(schema.shape);
  const issues = [...result.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  );
  const field = issues[0].path[0];
  const issue = issues.find((i) => i.path[0] === field && i.path.length === 1) ?? issues[0];
  const [, ...rest] = issue.path;
  return `${file}: field "${String(field)}" must be ${expectedAt(rest, values[field as string], issue.message)}`;
}

const titleText = fields({ title: text(), text: text() });
const faq = fields({ question: text(), answer: text() });
const valueLabel = fields({ value: text(), label: text() });
const description = text(50, 200);
const summary = text(10, 160);

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

/** Each kind's frontmatter; the service groups and the files beside the content come from `ctx`. */
export const frontmatterSpecs = {
  service: (ctx: RuleContext) =>
    fields({
      title: text(),
      group: oneOf(ctx.serviceGroups as [string, ...string[]]),
      order: integer,
      description,
      summary,
      offerings: list(titleText, 5),
      process: list(titleText, 3, 8),
      outcomes: list(titleText, 2, 6),
      faqs: list(faq, 3),
      related: list(text(), 1, 6),
    }),
  industry: (_ctx: RuleContext) =>
    fields({
      title: text(),
      name: text(),
      order: integer,
      description,
      summary,
      challenges: list(titleText, 3),
      solutions: list(titleText, 3),
      results: list(valueLabel, 3, 3),
      services: list(text(), 1, 6),
      faqs: optional(list(faq, 1)),
    }),
  product: (_ctx: RuleContext) =>
    fields({
      title: text(),
      name: text(),
      order: integer,
      description,
      summary,
      features: list(titleText, 3),
      steps: list(titleText, 2, 6),
      plans: list(fields({ name: text(), price: text(), period: text(), features: list(text()) }), 1, 4),
      faqs: list(faq, 1),
    }),
  blog: (ctx: RuleContext) =>
    fields({
      title: text(),
      date: day,
      author: text(),
      tags: list(text(), 1, 6),
      cover: image(ctx),
      coverAlt: text(),
      description,
      draft: optional(boolean),
    }),
  webinar: (_ctx: RuleContext) =>
    fields({
      title: text(),
      date: dateTime,
      timezone: timeZone,
      duration: integer,
      description,
      summary,
      speakers: list(fields({ name: text(), role: text() }), 1),
      agenda: list(text(), 1),
    }),
  page: (_ctx: RuleContext) =>
    fields({
      path: sitePath,
      template: oneOf(pageTemplates),
      title: text(),
      description,
      lead: text(),
      blocks: optional(list(fields({ id: text(), heading: text(), text: optional(text()) }), 1)),
      noindex: optional(boolean),
    }),
} satisfies Record<Kind, (ctx: RuleContext) => Schema>;

export type ServiceFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.service>>;
export type IndustryFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.industry>>;
export type ProductFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.product>>;
export type BlogFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.blog>>;
export type WebinarFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.webinar>>;
export type PageFrontmatter = z.infer<ReturnType<typeof frontmatterSpecs.page>>;

/** The JSON lists, by file name; each item of the file's array is checked. */
export const jsonSpecs = (ctx: RuleContext): Record<string, Schema> => ({
  "testimonials.json": fields({ quote: text(20), name: text(), role: text(), company: text() }),
  "partners.json": fields({ name: text(), badge: svg(ctx), detail: text() }),
  "team.json": fields({ name: text(), role: text(), bio: text() }),
  "values.json": fields({ title: text(), text: text() }),
  "jobs.json": fields({
    title: text(),
    department: text(),
    location: text(),
    type: text(),
    experience: text(),
    summary: text(),
    responsibilities: list(text()),
    requirements: list(text()),
    datePosted: day,
  }),
  "events.json": fields({
    title: text(),
    date: dateTime,
    timezone: timeZone,
    location: text(),
    online: boolean,
    description: text(),
  }),
  "pricing.json": fields({
    name: text(),
    price: text(),
    period: text(),
    summary: text(),
    features: list(text()),
    highlighted: boolean,
  }),
  "stories.json": fields({
    title: text(),
    client: text(),
    industry: text(),
    challenge: text(),
    solution: text(),
    results: list(valueLabel, 1),
    services: list(text(), 1),
  }),
  "countries.json": fields({ name: text(), shortName: text(2, 2), flag: text(), code: text() }),
});

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
