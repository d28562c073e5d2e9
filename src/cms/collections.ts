// The authors' editor's collections (Decap CMS), written from the content model (src/lib/content-model.ts) and
// never by hand: each Markdown kind is a folder of entries, and the JSON lists people other than developers edit
// are files. Which folders and files, and where pictures go, is src/lib/editor-places.ts: the list the editor's
// local backend holds it to. A field's widget, label, required-ness, limits, list sizes, choices and hint come from
// its rule, so a field added to the model appears in the editor with no second edit; what the rule checks, the
// editor checks with the rule itself (checked-widgets.tsx, and the whole file before a save: cms.tsx).
// Pure: no React and no Decap, so __tests__/unit/editor-config.test.ts holds it to the model without a browser.
import { z } from "zod";
import type { ContentMeta, EditorMeta, RuleContext, Schema } from "../lib/content-fields";
import { ARCHIVE_FOLDER, jsonFiles, markdownKinds, type Kind } from "../lib/content-model";
import { CONTACT_FILE, contentPath, EDITED_LISTS, ENTRY_EXTENSION, KIND_MEDIA, LIST_MEDIA } from "../lib/editor-places";

/** A field of Decap's configuration (https://decapcms.org/docs/widgets/), with `rule`: its key in `Rules`. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  default?: unknown;
  options?: string[];
  min?: number;
  max?: number;
  value_type?: "int";
  format?: string;
  date_format?: string | boolean;
  time_format?: string | boolean;
  picker_utc?: boolean;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  collapsed?: boolean;
  summary?: string;
  modes?: string[];
  field?: EditorField;
  fields?: EditorField[];
  /** a list of typed blocks (a campaign's sections): each type's fields, told apart by `typeKey` */
  types?: EditorField[];
  typeKey?: string;
  collection?: string;
  /** a relation to a file collection's list: the file (lists' `team`, `testimonials` …) */
  file?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  multiple?: boolean;
  /** the rule the checked widget holds the value to (checked-widgets.tsx) */
  rule?: string;
}

export interface EditorCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  files?: { name: string; label: string; file: string; fields: EditorField[] }[];
  format: string;
  extension: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  sortable_fields?: string[];
  preview_path?: string;
  media_folder?: string;
  public_folder?: string;
  fields?: EditorField[];
}

/** Every rule a field of the editor is held to, by the key its field carries. */
export type Rules = Map<string, z.ZodType>;

/** The formats the editor reads and writes content in (formats.ts). */
export const FORMATS = { markdown: "model-frontmatter", list: "model-json-list", object: "model-json" } as const;

const CONTACT_DETAILS = ["addresses", "phones", "messaging", "emails"];

type Meta = EditorMeta & { content?: ContentMeta; description?: string; title?: string };

/** "coverAlt" → "Cover alt", "datePosted" → "Date posted". */
export const labelOf = (name: string): string => {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The limits of a rule as an author reads them. */
function limitsOf(meta: Meta): string | null {
  const range = (min: number | undefined, max: number | undefined, unit: string, one: number) => {
    const low = min !== undefined && min > one ? min : undefined;
    if (low !== undefined && max !== undefined)
      return low === max ? `exactly ${low} ${unit}` : `${low} to ${max} ${unit}`;
    if (low !== undefined) return `at least ${low} ${unit}`;
    if (max !== undefined) return `at most ${max} ${unit}`;
    return null;
  };
  return range(meta.minLength, meta.maxLength, "characters", 1) ?? range(meta.minItems, meta.maxItems, "items", 0);
}

const hintOf = (meta: Meta): string | undefined => {
  const parts = [meta.description, limitsOf(meta)].filter(Boolean) as string[];
  if (parts.length === 0) return undefined;
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
};

/** Where a kind's pictures are kept, and how its files name them (the model resolves the name beside the file). */
export interface MediaPlace {
  media_folder: string;
  public_folder: string;
}

/** The time zones an author picks from: the platform's own list of IANA names. */
const timeZones = (): string[] => Intl.supportedValuesOf("timeZone");

/** The editor's field for one rule of the model; `key` names the rule in `rules`. */
function fieldOf(name: string, rule: z.ZodType, key: string, rules: Rules, media: MediaPlace | null): EditorField {
  let inner = rule;
  let required = true;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    required = false;
    inner = inner.unwrap() as z.ZodType;
  }
  const meta = { ...(inner.meta() ?? {}), ...(rule.meta() ?? {}) } as Meta;
  rules.set(key, rule);
  const field: EditorField = { name, label: labelOf(name), widget: "string", required, rule: key };
  const hint = hintOf(meta);
  if (hint) field.hint = hint;

  switch (meta.content) {
    case "flag":
      return { ...field, widget: "boolean", required: false, default: false };
    case "day":
      return { ...field, widget: "datetime", format: "YYYY-MM-DD", date_format: "YYYY-MM-DD", time_format: false };
    case "dateTime":
      // kept in UTC, as the content is written (2026-12-10T16:00:00Z); the page shows it in the entry's time zone
      return { ...field, widget: "datetime", format: "YYYY-MM-DDTHH:mm:ss[Z]", picker_utc: true };
    case "image":
    case "svg":
      return { ...field, widget: "image", choose_url: false, ...(media ?? {}) };
  }
  // a name from one of the company's lists (content/<file>), or an entry of a kind by its file name (a campaign's
  // webinar, its posts): chosen, never typed; the preview reads the chosen entries (previews/)
  const source = meta.chooses
    ? {
        collection: "lists",
        file: meta.chooses.replace(/\.json$/, ""),
        value_field: "items.*.name",
        search_fields: ["items.*.name"],
        display_fields: ["items.*.name"],
      }
    : meta.refers
      ? { collection: meta.refers, value_field: "{{slug}}", search_fields: ["title"], display_fields: ["title"] }
      : null;
  if (source) {
    const relation = { ...field, widget: "relation", ...source };
    if (!(inner instanceof z.ZodArray)) return relation;
    return {
      ...relation,
      multiple: true,
      ...(meta.minItems ? { min: meta.minItems } : {}),
      ...(meta.maxItems !== undefined ? { max: meta.maxItems } : {}),
    };
  }
  if (inner instanceof z.ZodArray) {
    const item = inner.element as z.ZodType;
    const list: EditorField = { ...field, widget: "list", collapsed: true };
    if (meta.minItems !== undefined && meta.minItems > 0) list.min = meta.minItems;
    if (meta.maxItems !== undefined) list.max = meta.maxItems;
    if (item instanceof z.ZodDiscriminatedUnion) {
      // a list of typed blocks: Decap's list with `types`, one per block type, offered by its label
      const discriminator = item.def.discriminator as string;
      list.typeKey = discriminator;
      list.types = (item.options as Schema[]).map((option) => {
        const { [discriminator]: literal, ...shape } = option.shape as Record<string, z.ZodType>;
        const type = String((literal as z.ZodLiteral<string>).value);
        const blockMeta = (option.meta() ?? {}) as { label?: string };
        const blockKey = `${key}.${type}`;
        rules.set(blockKey, option);
        return {
          name: type,
          label: blockMeta.label ?? labelOf(type),
          widget: "object",
          required: true,
          summary: `${blockMeta.label ?? type}{{fields.${Object.keys(shape)[0]} | truncate(60) | prefix(': ')}}`,
          fields: Object.entries(shape).map(([n, r]) => fieldOf(n, r, `${blockKey}.${n}`, rules, media)),
        };
      });
      return list;
    }
    if (item instanceof z.ZodObject) {
      const shape = (item as Schema).shape as Record<string, z.ZodType>;
      list.fields = Object.entries(shape).map(([n, r]) => fieldOf(n, r, `${key}.${n}`, rules, media));
      list.summary = `{{fields.${Object.keys(shape)[0]}}}`;
    } else {
      // a list of lines shows every line open, to read and edit in place
      list.field = { ...fieldOf("item", item, `${key}.item`, rules, media), label: labelOf(name) };
      list.collapsed = false;
    }
    return list;
  }
  if (inner instanceof z.ZodObject) {
    const shape = (inner as Schema).shape as Record<string, z.ZodType>;
    return {
      ...field,
      widget: "object",
      collapsed: false,
      fields: Object.entries(shape).map(([n, r]) => fieldOf(n, r, `${key}.${n}`, rules, media)),
    };
  }
  if (inner instanceof z.ZodNumber) return { ...field, widget: "number", value_type: "int" };
  if (inner instanceof z.ZodBoolean) return { ...field, widget: "boolean", default: false };
  if (inner instanceof z.ZodEnum) return { ...field, widget: "select", options: inner.options as string[] };
  if (meta.timeZone) return { ...field, widget: "select", options: timeZones() };
  if (inner instanceof z.ZodString) return { ...field, widget: meta.multiline ? "text" : "string" };
  throw new Error(`the content model has a field the editor has no widget for: ${key} (${inner.constructor.name})`);
}

const fieldsOf = (schema: Schema, key: string, rules: Rules, media: MediaPlace | null): EditorField[] =>
  Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, rule]) =>
    fieldOf(name, rule, `${key}.${name}`, rules, media),
  );

/** Defaults a new entry starts with, where the model's rule alone does not give one. */
export interface NewEntryDefaults {
  /** today at the headquarters, the day builds publish by (src/lib/publication.ts) */
  today: string;
}

/** The content model the editor is made from: the model itself, or one a test changes. */
export interface Model {
  markdownKinds: typeof markdownKinds;
  jsonFiles: typeof jsonFiles;
}

/** The route an entry is seen at on a deploy preview, for the editor's "view preview" link. */
const previewPath = (route: string | null): string =>
  route === null ? "{{fields.path}}" : `${route.slice(1)}{{slug}}`;

/** The Markdown body: what every kind has below its frontmatter. */
const BODY: EditorField = {
  name: "body",
  label: "Body",
  widget: "markdown",
  required: false,
  hint: "The text of the page, in Markdown. Headings start at level 2 (##): the title is the only level 1.",
};

function folderCollection(
  name: string,
  kind: Kind,
  folder: string,
  ctx: RuleContext,
  rules: Rules,
  defaults: NewEntryDefaults,
  options: { model: Model; create: boolean; label?: string; media: MediaPlace | null },
): EditorCollection {
  const declared = options.model.markdownKinds[kind];
  const fields = fieldsOf(declared.frontmatter(ctx), name, rules, options.media);
  // a new post is a draft dated today, as `npm run new:post` starts one (docs/publishing.md)
  if (kind === "blog")
    for (const field of fields) {
      if (field.name === "draft") field.default = true;
      if (field.name === "date") field.default = defaults.today;
    }
  // a new campaign starts from a skeleton a marketer fills in: a hero, proof, the form (docs/publishing.md)
  if (kind === "campaign")
    for (const field of fields) {
      if (field.name === "hideMenus") field.default = true;
      if (field.name === "sections") field.default = CAMPAIGN_SKELETON;
    }
  const hasDate = fields.some((f) => f.name === "date");
  return {
    name,
    label: options.label ?? declared.label.many,
    label_singular: declared.label.one,
    folder: contentPath(folder),
    format: FORMATS.markdown,
    extension: ENTRY_EXTENSION,
    create: options.create,
    slug: "{{slug}}",
    identifier_field: "title",
    summary: hasDate ? "{{title}} · {{date | date('MMMM D, YYYY')}}" : "{{title}}",
    sortable_fields: hasDate ? ["date", "title"] : ["title"],
    preview_path: previewPath(declared.route),
    ...(options.media ?? {}),
    fields: [...fields, BODY],
  };
}

/** The blocks a new campaign starts with, each to fill in: the offer, the proof, the form. */
export const CAMPAIGN_SKELETON = [
  { type: "hero", actions: [{ label: "Get started", to: "#form" }] },
  { type: "testimonials" },
  { type: "form", form: "contact" },
];

/** The kinds listed first in the editor, in this order; the others follow as the model declares them. */
const FIRST: Kind[] = ["blog", "campaign", "webinar"];

/** The editor's collections, and the rule of every field in them. */
export function editorCollections(
  serviceGroups: string[],
  defaults: NewEntryDefaults,
  model: Model = { markdownKinds, jsonFiles },
): { collections: EditorCollection[]; rules: Rules } {
  const rules: Rules = new Map();
  // a file the editor names was chosen from its media library, which lists the files that exist
  const ctx: RuleContext = { resolveFile: (relative) => relative, serviceGroups };
  const collections: EditorCollection[] = [];
  // what authors write most, first
  const rank = (kind: Kind) => (FIRST.includes(kind) ? FIRST.indexOf(kind) : FIRST.length);
  const kinds = (Object.keys(model.markdownKinds) as Kind[]).sort((a, b) => rank(a) - rank(b));
  for (const kind of kinds) {
    const { folder } = model.markdownKinds[kind];
    // pictures beside the kind's files, named from them as the model reads them (content/README.md)
    const pictures = KIND_MEDIA[kind];
    const media = pictures ? { media_folder: pictures, public_folder: `./${pictures}` } : null;
    collections.push(folderCollection(kind, kind, folder, ctx, rules, defaults, { model, create: true, media }));
    if (kind === "blog")
      collections.push(
        folderCollection("old-posts", kind, `${folder}/${ARCHIVE_FOLDER}`, ctx, rules, defaults, {
          model,
          create: false,
          label: "Archived posts",
          media: pictures ? { media_folder: `../${pictures}`, public_folder: `../${pictures}` } : null,
        }),
      );
  }

  collections.push({
    name: "lists",
    label: "Company lists",
    description: "Openings, people, plans and the other lists the pages show.",
    format: FORMATS.list,
    extension: "json",
    files: Object.entries(EDITED_LISTS).map(([file, label]) => {
      const name = file.replace(/\.json$/, "");
      const item = model.jsonFiles[file](ctx);
      // a list's pictures in a folder of content/, named from the list's file
      const pictures = LIST_MEDIA[file];
      const media = pictures ? { media_folder: `/${contentPath(pictures)}`, public_folder: `./${pictures}` } : null;
      return {
        name,
        label,
        file: contentPath(file),
        fields: [
          {
            name: "items",
            label,
            widget: "list",
            required: true,
            collapsed: true,
            summary: `{{fields.${Object.keys(item.shape)[0]}}}`,
            fields: fieldsOf(item, `${name}.items`, rules, media),
          },
        ],
      };
    }),
  });

  const site = model.jsonFiles[CONTACT_FILE](ctx);
  collections.push({
    name: "contact",
    label: "Contact details",
    description: "The addresses, phone numbers and mailboxes every page shows.",
    format: FORMATS.object,
    extension: "json",
    files: [
      {
        name: "site",
        label: "Contact details",
        file: contentPath(CONTACT_FILE),
        fields: fieldsOf(site.pick(Object.fromEntries(CONTACT_DETAILS.map((k) => [k, true]))), "site", rules, null),
      },
    ],
  });
  return { collections, rules };
}

/** The schema a whole entry of a collection is checked against before it is saved, and the file it is in. */
export function entrySchema(
  collection: string,
  fileName: string,
  ctx: RuleContext,
): { schema: Schema; list: boolean } | null {
  if (collection === "old-posts") return { schema: markdownKinds.blog.frontmatter(ctx), list: false };
  if (collection in markdownKinds) return { schema: markdownKinds[collection as Kind].frontmatter(ctx), list: false };
  const file = fileName.replace(/^content\//, "");
  if (collection === "lists" && file in EDITED_LISTS) return { schema: jsonFiles[file](ctx), list: true };
  if (collection === "contact") return { schema: jsonFiles[CONTACT_FILE](ctx), list: false };
  return null;
}
