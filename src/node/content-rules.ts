// Pure rules for content files: which kind a file is, its address, and whether its fields are right.
// No gatsby import, so the rules are unit-tested without a build.

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

/** A rule returns null when the value is right, or what was expected. */
export type Rule = (value: unknown, ctx: RuleContext) => string | null;
interface Optional {
  optional: Rule;
}
type Spec = Record<string, Rule | Optional>;

const show = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString();
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export const optional = (rule: Rule): Optional => ({ optional: rule });

export const text =
  (min = 1, max = Infinity): Rule =>
  (v) => {
    if (typeof v !== "string" || v.trim().length < min)
      return min > 1 ? `a text of at least ${min} characters` : "a non-empty text";
    return v.length > max ? `a text of at most ${max} characters (it has ${v.length})` : null;
  };

export const integer: Rule = (v) => (Number.isInteger(v) ? null : "a whole number");
export const boolean: Rule = (v) => (typeof v === "boolean" ? null : "true or false");

const isRealDay = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// YAML reads an unquoted date as a timestamp, which reaches the node as midnight UTC.
const YAML_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;

export const day: Rule = (v) =>
  (v instanceof Date && !isNaN(v.getTime())) || (typeof v === "string" && isRealDay(YAML_DAY.exec(v)?.[1] ?? v))
    ? null
    : "a date written YYYY-MM-DD";

export const dateTime: Rule = (v) => {
  if (v instanceof Date && !isNaN(v.getTime())) return null;
  const ok =
    typeof v === "string" &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
    isRealDay(v.slice(0, 10)) &&
    !isNaN(Date.parse(v));
  return ok ? null : "a date and time with its offset, like 2026-12-10T16:00:00Z";
};

export const oneOf =
  (choices: () => string[]): Rule =>
  (v) =>
    typeof v === "string" && choices().includes(v) ? null : `one of ${choices().join(", ")}`;

export const timeZone: Rule = (v) => {
  if (typeof v !== "string") return "an IANA time zone such as America/Chicago";
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return null;
  } catch {
    return "an IANA time zone such as America/Chicago";
  }
};

export const sitePath: Rule = (v) =>
  typeof v === "string" && /^\/([A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*)?$/.test(v)
    ? null
    : "a site path starting with / and without a trailing slash, like /about";

export const image: Rule = (v, ctx) => {
  if (typeof v !== "string" || !/\.(jpe?g|png|webp|avif)$/i.test(v))
    return "a path to a .jpg, .png, .webp or .avif image, like ./images/my-post.jpg";
  return ctx.resolveFile(v) ? null : `an image that exists (no file at ${v})`;
};

/** A drawing in SVG beside the content file (a partnership's badge): its file must exist, or the build stops. */
export const svg: Rule = (v, ctx) => {
  if (typeof v !== "string" || !/\.svg$/i.test(v)) return "a path to an .svg file, like ./badges/salesforce.svg";
  return ctx.resolveFile(v) ? null : `an SVG file that exists (no file at ${v})`;
};

/** A list whose items all pass the rule, with a length between min and max. */
export const list =
  (item: Rule | Spec, min = 1, max = Infinity): Rule =>
  (v, ctx) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) {
      const size = max === Infinity ? `at least ${min}` : min === max ? `exactly ${min}` : `${min} to ${max}`;
      return `a list of ${size} items${Array.isArray(v) ? ` (it has ${v.length})` : ""}`;
    }
    for (let i = 0; i < v.length; i++) {
      const problem = typeof item === "function" ? item(v[i], ctx) : checkObject(item, v[i], ctx);
      if (problem) return `item ${i + 1}: ${problem}`;
    }
    return null;
  };

function checkObject(spec: Spec, value: unknown, ctx: RuleContext): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return `an object with ${Object.keys(spec).join(", ")}`;
  const problem = checkFields(spec, value as Record<string, unknown>, ctx);
  return problem ? `"${problem.field}" must be ${problem.expected}` : null;
}

function checkFields(
  spec: Spec,
  values: Record<string, unknown>,
  ctx: RuleContext,
): { field: string; expected: string } | null {
  for (const [field, entry] of Object.entries(spec)) {
    const value = values[field];
    const isOptional = typeof entry !== "function";
    if (value === undefined || value === null) {
      if (isOptional) continue;
      const expected = (entry as Rule)(undefined, ctx);
      return { field, expected: `given (missing; expected ${expected ?? "a value"})` };
    }
    const rule = isOptional ? (entry as Optional).optional : (entry as Rule);
    const expected = rule(value, ctx);
    if (expected) return { field, expected: `${expected}, got ${show(value)}` };
  }
  return null;
}

/** Checks values against a spec; returns one line naming the file and the field, or null. */
export function check(file: string, spec: Spec, values: Record<string, unknown>, ctx: RuleContext): string | null {
  const problem = checkFields(spec, values, ctx);
  return problem ? `${file}: field "${problem.field}" must be ${problem.expected}` : null;
}

const titleText: Spec = { title: text(), text: text() };
const faq: Spec = { question: text(), answer: text() };
const valueLabel: Spec = { value: text(), label: text() };
const description = text(50, 200);
const summary = text(10, 160);

export const frontmatterSpecs: Record<Kind, (ctx: RuleContext) => Spec> = {
  service: (ctx) => ({
    title: text(),
    group: oneOf(() => ctx.serviceGroups),
    order: integer,
    description,
    summary,
    offerings: list(titleText, 5),
    process: list(titleText, 3, 8),
    outcomes: list(titleText, 2, 6),
    faqs: list(faq, 3),
    related: list(text(), 1, 6),
  }),
  industry: () => ({
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
  product: () => ({
    title: text(),
    name: text(),
    order: integer,
    description,
    summary,
    features: list(titleText, 3),
    steps: list(titleText, 2, 6),
    plans: list({ name: text(), price: text(), period: text(), features: list(text()) }, 1, 4),
    faqs: list(faq, 1),
  }),
  blog: () => ({
    title: text(),
    date: day,
    author: text(),
    tags: list(text(), 1, 6),
    cover: image,
    coverAlt: text(),
    description,
    draft: optional(boolean),
  }),
  webinar: () => ({
    title: text(),
    date: dateTime,
    timezone: timeZone,
    duration: integer,
    description,
    summary,
    speakers: list({ name: text(), role: text() }, 1),
    agenda: list(text(), 1),
  }),
  page: () => ({
    path: sitePath,
    template: oneOf(() => pageTemplates),
    title: text(),
    description,
    lead: text(),
    blocks: optional(list({ id: text(), heading: text(), text: optional(text()) }, 1)),
    noindex: optional(boolean),
  }),
};

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
];

/** Specs of the JSON lists, by file name; each item of the file's array is checked. */
export const jsonSpecs: Record<string, Spec> = {
  "testimonials.json": { quote: text(20), name: text(), role: text(), company: text() },
  "partners.json": { name: text(), badge: svg, detail: text() },
  "team.json": { name: text(), role: text(), bio: text() },
  "values.json": { title: text(), text: text() },
  "jobs.json": {
    title: text(),
    department: text(),
    location: text(),
    type: text(),
    experience: text(),
    summary: text(),
    responsibilities: list(text()),
    requirements: list(text()),
    datePosted: day,
  },
  "events.json": {
    title: text(),
    date: dateTime,
    timezone: timeZone,
    location: text(),
    online: boolean,
    description: text(),
  },
  "pricing.json": {
    name: text(),
    price: text(),
    period: text(),
    summary: text(),
    features: list(text()),
    highlighted: boolean,
  },
  "stories.json": {
    title: text(),
    client: text(),
    industry: text(),
    challenge: text(),
    solution: text(),
    results: list(valueLabel, 1),
    services: list(text(), 1),
  },
  "countries.json": { name: text(), shortName: text(2, 2), flag: text(), code: text() },
};

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
