// The words the content model (content-model.ts) is written in: zod schemas whose error message is what an author
// was expected to write, and check(), which turns the first problem into one line naming the file and the field.
// Hand-written on top of zod: the checks zod has no word for (a real calendar day, an IANA time zone, a file that
// exists beside the content file) and the one-line message, whose order follows the declaration.
// What a value becomes in the build's GraphQL schema is read from the schemas themselves (src/node/schema.ts): the
// few that zod cannot tell apart (a day is a string, so is a file) say what they are in their meta, `content`.
import { z } from "zod";

export interface RuleContext {
  /** resolves a path written in the file to an absolute path, or null when no such file exists */
  resolveFile: (relative: string) => string | null;
  serviceGroups: string[];
}

/** What a value is, where zod's own type does not say: the build stores and types these apart. */
export type ContentMeta = "flag" | "day" | "dateTime" | "image" | "svg";

/**
 * What the authors' editor shows of a rule that zod keeps inside a refinement (src/cms/collections.ts): its limits, in
 * JSON Schema's words, and whether a text is a paragraph rather than a line. The checks themselves stay zod's.
 */
export interface EditorMeta {
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  multiline?: boolean;
  /** an IANA time zone, which the editor offers from the platform's list */
  timeZone?: boolean;
  /** the kind of content (content-model.ts) whose entries a list of file names names, which the editor offers */
  refers?: string;
  /** the JSON list (content/<file>) whose entries a name, or a list of names, names, which the editor offers */
  chooses?: string;
}
const limits = (meta: EditorMeta): Record<string, number> =>
  Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined && v !== Infinity));

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
    )
    .meta(limits({ minLength: min, maxLength: max }));
};
/** A text of one or more sentences, which the editor gives a box of several lines. */
export const paragraph = (min = 1, max = Infinity) => text(min, max).meta({ multiline: true });

export const integer = z.number(says("a whole number")).int(says("a whole number"));
export const boolean = z.boolean(says("true or false"));
/** true or false, and false when left out (or left empty). */
export const flag = boolean
  .nullish()
  .transform((v) => v === true)
  .meta({ content: "flag" });

const isRealDay = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// YAML reads an unquoted date as a timestamp, which reaches the node as midnight UTC.
const YAML_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;
const validDate = (v: unknown): v is Date => v instanceof Date && !isNaN(v.getTime());
/** A date as the node keeps it: a timestamp YAML read becomes its ISO text, a text stays as written. */
const asText = (v: string | Date): string => (v instanceof Date ? v.toISOString() : v);

export const day = z
  .custom<string | Date>(
    (v) => validDate(v) || (typeof v === "string" && isRealDay(YAML_DAY.exec(v)?.[1] ?? v)),
    says("a date written YYYY-MM-DD"),
  )
  .transform(asText)
  .meta({ content: "day" });

export const dateTime = z
  .custom<string | Date>(
    (v) =>
      validDate(v) ||
      (typeof v === "string" &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        isRealDay(v.slice(0, 10)) &&
        !isNaN(Date.parse(v))),
    says("a date and time with its offset, like 2026-12-10T16:00:00Z"),
  )
  .transform(asText)
  .meta({ content: "dateTime" });

export const oneOf = <T extends readonly [string, ...string[]]>(choices: T) =>
  z.enum(choices, says(`one of ${choices.join(", ")}`));

const TIME_ZONE = "an IANA time zone such as America/Chicago";
export const timeZone = z
  .string(says(TIME_ZONE))
  .refine((v) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, says(TIME_ZONE))
  .meta({ timeZone: true });

const SITE_PATH = "a site path starting with / and without a trailing slash, like /about";
const SITE_PATH_SHAPE = /^\/([A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*)?$/;
export const sitePath = z
  .string(says(SITE_PATH))
  .regex(SITE_PATH_SHAPE, says(SITE_PATH))
  .meta({ pattern: SITE_PATH_SHAPE.source });

/** A file beside the content file, of one of `extensions`: it must exist, or the build stops. */
const fileBeside = (ctx: RuleContext, extensions: RegExp, what: string, like: string, exists: string) =>
  z.custom<string>(
    (v) => typeof v === "string" && extensions.test(v) && ctx.resolveFile(v) !== null,
    says((v) =>
      typeof v !== "string" || !extensions.test(v) ? `a path to ${what}, like ${like}` : `${exists} (no file at ${v})`,
    ),
  );
/** A picture beside a Markdown file (a post's cover); the node keeps its absolute path. */
export const image = (ctx: RuleContext) =>
  fileBeside(
    ctx,
    /\.(jpe?g|png|webp|avif)$/i,
    "a .jpg, .png, .webp or .avif image",
    "./images/my-post.jpg",
    "an image that exists",
  )
    .transform((v) => ctx.resolveFile(v) as string)
    .meta({ content: "image" });
/** A drawing in SVG beside a JSON file (a partnership's badge); the node keeps the path as written. */
export const svg = (ctx: RuleContext) =>
  fileBeside(ctx, /\.svg$/i, "an .svg file", "./badges/salesforce.svg", "an SVG file that exists").meta({
    content: "svg",
  });

/**
 * An object with these fields (the content's own; other keys, Gatsby's, are left alone), named as its GraphQL type
 * is (`title`, JSON Schema's word for a schema's name).
 */
export const fields = <S extends z.ZodRawShape>(name: string, shape: S) =>
  z.object(shape, says(`an object with ${Object.keys(shape).join(", ")}`)).meta({ title: name });

/** What a list's length must be, in the words of the build and of the editor (src/cms/phrases.ts). */
export const listSize = {
  atLeast: (min: number | string) => `a list of at least ${min} items`,
  exactly: (count: number | string) => `a list of exactly ${count} items`,
  between: (min: number | string, max: number | string) => `a list of ${min} to ${max} items`,
};

/** A list whose items all pass `item`, with a length between min and max. */
export const list = <T extends z.ZodType>(item: T, min = 1, max = Infinity) => {
  const size =
    max === Infinity ? listSize.atLeast(min) : min === max ? listSize.exactly(min) : listSize.between(min, max);
  const expected = says((v) => `${size}${Array.isArray(v) ? ` (it has ${v.length})` : ""}`);
  return z
    .array(item, expected)
    .min(min, expected)
    .max(max, expected)
    .meta(limits({ minItems: min, maxItems: max }));
};

/** A field that may be left out (or left empty). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

export type Schema = z.ZodObject<z.ZodRawShape>;

/** What was expected where `path` leads in `value`, as the author reads it: given or not, and what was there. */
function expectedAt(path: readonly PropertyKey[], value: unknown, message: string): string {
  if (path.length === 0)
    return value === undefined || value === null
      ? `given (missing; expected ${message})`
      : `${message}, got ${show(value)}`;
  // an item says what it got itself: the whole list after it would repeat it
  return itemAt(path, value, message);
}

function itemAt([index, ...rest]: readonly PropertyKey[], list: unknown, message: string): string {
  const item = (list as unknown[])[index as number];
  // an item of a list of typed blocks (a campaign's sections) is named by its type too
  const type = (item as { type?: unknown } | null)?.type;
  const named = `item ${(index as number) + 1}${typeof type === "string" && type ? ` (a ${type} block)` : ""}`;
  if (rest.length === 0) return `${named}: ${message}, got ${show(item)}`;
  const [field, ...deeper] = rest;
  return `${named}: "${String(field)}" must be ${expectedAt(deeper, (item as Record<PropertyKey, unknown>)?.[field], message)}`;
}

/** The first problem of `values` in the build's words, after the file's name: `field "x" must be …`. */
function firstProblem(
  schema: Schema,
  values: Record<string, unknown>,
): { data: Record<string, unknown>; problem?: undefined } | { problem: string } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  // the first field in the declaration's order; within it, its own problem (type, length) before its items'
  const order = Object.keys(schema.shape);
  const issues = [...result.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  );
  const first = issues[0].path[0];
  const issue = issues.find((i) => i.path[0] === first && i.path.length === 1) ?? issues[0];
  // an object inside an object (site.json's phones.salesUs) is named by its dotted path
  let depth = 1;
  while (typeof issue.path[depth] === "string") depth += 1;
  const field = issue.path.slice(0, depth).map(String);
  const value = field.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);
  return { problem: `field "${field.join(".")}" must be ${expectedAt(issue.path.slice(depth), value, issue.message)}` };
}

/** Checks values against a schema: the values as the node keeps them, or one line naming the file and the field. */
export function inspect(
  file: string,
  schema: Schema,
  values: Record<string, unknown>,
): { data: Record<string, unknown>; problem?: undefined } | { problem: string } {
  const checked = firstProblem(schema, values);
  return checked.problem === undefined ? checked : { problem: `${file}: ${checked.problem}` };
}

/** Checks values against a schema; returns one line naming the file and the first field that is wrong, or null. */
export const check = (file: string, schema: Schema, values: Record<string, unknown>): string | null =>
  inspect(file, schema, values).problem ?? null;

/**
 * One field's value checked by its own rule, in the words the build would print after the file's name
 * (`field "description" must be a text of at least 50 characters, got "…"`), or null: what the editor says beside
 * the field (src/cms/checked-widgets.tsx).
 */
export const fieldProblem = (name: string, rule: z.ZodType, value: unknown): string | null =>
  firstProblem(z.object({ [name]: rule }), { [name]: value }).problem ?? null;
