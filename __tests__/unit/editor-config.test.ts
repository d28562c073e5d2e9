/** @jest-environment node */
// The editor's configuration (src/cms/collections.ts) against the content model: every field of every kind, its
// widget, whether it is required, its limits, list sizes and choices. The limits are found by trying values on the
// model's rule itself, not read from the generator's own introspection, so a rule and its field cannot drift apart.
import path from "path";
import { z } from "zod";
import { fieldProblem, type RuleContext, type Schema } from "../../src/lib/content-fields";
import { jsonFiles, markdownKinds, type Kind } from "../../src/lib/content-model";
import { editorPlaces } from "../../src/lib/editor-places";
import { editorCollections, entrySchema, type EditorField } from "../../src/cms/collections";

const groups = ["Salesforce", "CRM"];
const { collections, rules } = editorCollections(groups, { today: "2026-12-06" });
const ctx: RuleContext = { resolveFile: (p) => p, serviceGroups: groups };
const collection = (name: string) => collections.find((c) => c.name === name)!;

/** Every (collection, file, schema, fields) the editor shows, with the model's schema for it. */
const shown: [string, Schema, EditorField[]][] = [
  ...(Object.keys(markdownKinds) as Kind[]).map((kind): [string, Schema, EditorField[]] => [
    kind,
    markdownKinds[kind].frontmatter(ctx),
    collection(kind).fields!.filter((f) => f.name !== "body"),
  ]),
  ...collection("lists").files!.map((file): [string, Schema, EditorField[]] => [
    file.file,
    jsonFiles[file.file.replace("content/", "")](ctx),
    file.fields[0].fields!,
  ]),
];

/** The shortest and longest text of x's the rule takes (up to 400), or null when it takes none of them. */
function textLimits(rule: z.ZodType): [number, number] | null {
  const fits = (n: number) => rule.safeParse("x".repeat(n)).success;
  const taken = Array.from({ length: 401 }, (_, n) => n).filter(fits);
  return taken.length ? [taken[0], taken[taken.length - 1]] : null;
}

const unwrap = (rule: z.ZodType): z.ZodType => {
  let inner = rule;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner;
};

/** A relation names a collection the editor has, and a list of it by the field its entries are named by. */
function expectChosenFrom(at: string, field: EditorField) {
  const target = collection(field.collection!);
  expect([at, Boolean(target)]).toEqual([at, true]);
  if (field.file) {
    expect([at, target.files!.some((f) => f.name === field.file)]).toEqual([at, true]);
    expect(field.value_field).toBe("items.*.name");
  } else expect([at, field.value_field]).toEqual([at, "{{slug}}"]);
}

/** Holds one field to its rule, and its subfields to theirs. */
function expectAgrees(where: string, name: string, rule: z.ZodType, field: EditorField) {
  const at = `${where} › ${name}`;
  expect([at, field.name]).toEqual([at, name]);
  const leftOut = rule.safeParse(undefined).success;
  expect([at, "required", field.required]).toEqual([at, "required", !leftOut]);
  const inner = unwrap(rule);
  // zod's own account of its checks, without the metadata the generator reads (an empty registry)
  const json = z.toJSONSchema(inner, { unrepresentable: "any", io: "input", metadata: z.registry() }) as {
    type?: string;
    minItems?: number;
    maxItems?: number;
    enum?: string[];
  };

  if (field.widget === "string" || field.widget === "text") {
    const limits = textLimits(inner);
    if (limits === null) {
      // a text of a shape (a site path): the field's problem is the rule's own
      expect([at, rule.safeParse("/about").success, rule.safeParse("about/").success]).toEqual([at, true, false]);
      expect(fieldProblem(name, rules.get(field.rule!)!, "about/")).toBe(fieldProblem(name, rule, "about/"));
      return;
    }
    const [min, max] = limits;
    if (max < 400) expect([at, field.hint]).toEqual([at, expect.stringContaining(`${min > 1 ? min : 1} to ${max}`)]);
    else if (min > 1)
      expect([at, field.hint]).toEqual([at, expect.stringMatching(new RegExp(`at least ${min} characters`, "i"))]);
    // the field says, beside itself, what the build would say of a value its rule refuses
    if (min > 1) expect(fieldProblem(name, rules.get(field.rule!)!, "x")).toBe(fieldProblem(name, rule, "x"));
  } else if (field.widget === "relation" && !field.multiple) {
    // one entry chosen from a collection (a post's author, a campaign's webinar): a text the model takes
    expect([at, json.type]).toEqual([at, "string"]);
    expectChosenFrom(at, field);
  } else if (field.types) {
    // a list of typed blocks (a campaign's sections): one type per block of the model, each with the model's fields
    const union = (inner as z.ZodArray<z.ZodType>).element as z.ZodDiscriminatedUnion<Schema[]>;
    const options = union.options as Schema[];
    expect([at, field.types.map((t) => t.name)]).toEqual([
      at,
      options.map((o) => String((o.shape.type as z.ZodLiteral<string>).value)),
    ]);
    expect(field.typeKey).toBe("type");
    for (const [index, type] of field.types.entries()) {
      const { type: _literal, ...shape } = options[index].shape as Record<string, z.ZodType>;
      expect([`${at} › ${type.name}`, type.fields!.map((f) => f.name)]).toEqual([
        `${at} › ${type.name}`,
        Object.keys(shape),
      ]);
      for (const sub of type.fields!) expectAgrees(`${at} › ${type.name}`, sub.name, shape[sub.name], sub);
    }
    expect([at, field.min ?? 0, field.max]).toEqual([at, json.minItems ?? 0, json.maxItems]);
  } else if (field.widget === "list" || field.widget === "relation") {
    if (field.widget === "relation") expectChosenFrom(at, field);
    expect([at, json.type]).toEqual([at, "array"]);
    expect([at, field.min ?? 0]).toEqual([at, json.minItems ?? 0]);
    expect([at, field.max]).toEqual([at, Number.isFinite(json.maxItems) ? json.maxItems : undefined]);
    const item = (inner as z.ZodArray<z.ZodType>).element;
    if (field.fields) {
      const shape = (item as Schema).shape as Record<string, z.ZodType>;
      expect([at, field.fields.map((f) => f.name)]).toEqual([at, Object.keys(shape)]);
      for (const sub of field.fields) expectAgrees(at, sub.name, shape[sub.name], sub);
    } else if (field.field) expectAgrees(at, field.field.name, item, field.field);
  } else if (field.widget === "object") {
    const shape = (inner as Schema).shape as Record<string, z.ZodType>;
    expect([at, field.fields!.map((f) => f.name)]).toEqual([at, Object.keys(shape)]);
    for (const sub of field.fields!) expectAgrees(at, sub.name, shape[sub.name], sub);
  } else if (field.widget === "select") {
    // a choice: every option is taken by the rule, and a word that is not one is refused
    for (const option of field.options!)
      expect([at, option, rule.safeParse(option).success]).toEqual([at, option, true]);
    expect([at, rule.safeParse("not-a-choice").success]).toEqual([at, false]);
    if (json.enum) expect([at, field.options]).toEqual([at, json.enum]);
  } else if (field.widget === "number") {
    expect([at, rule.safeParse(3).success, rule.safeParse(2.5).success]).toEqual([at, true, false]);
    expect(field.value_type).toBe("int");
  } else if (field.widget === "boolean") {
    expect([at, rule.safeParse(true).success, rule.safeParse("yes").success]).toEqual([at, true, false]);
  } else if (field.widget === "datetime") {
    const day = rule.safeParse("2026-12-10").success;
    const instant = rule.safeParse("2026-12-10T16:00:00Z").success;
    // a day is written YYYY-MM-DD, an instant with its time and offset, in UTC
    expect([at, field.format]).toEqual([at, day ? "YYYY-MM-DD" : "YYYY-MM-DDTHH:mm:ss[Z]"]);
    expect([at, day || instant]).toEqual([at, true]);
  } else if (field.widget === "image") {
    expect([at, rule.safeParse("./images/a.jpg").success || rule.safeParse("./badges/a.svg").success]).toEqual([
      at,
      true,
    ]);
    expect([at, rule.safeParse(42).success]).toEqual([at, false]);
  } else throw new Error(`${at}: a widget this test does not know: ${field.widget}`);
}

describe("the editor's collections, from the content model", () => {
  it.each(shown)("gives %s every field of the model, in its order, each held to its rule", (where, schema, fields) => {
    const shape = schema.shape as Record<string, z.ZodType>;
    expect(fields.map((f) => f.name)).toEqual(Object.keys(shape));
    for (const field of fields) expectAgrees(where, field.name, shape[field.name], field);
  });

  it("shows a collection for every Markdown kind, in the kind's folder, and the archived posts apart", () => {
    for (const kind of Object.keys(markdownKinds) as Kind[])
      expect(collection(kind).folder).toBe(`content/${markdownKinds[kind].folder}`);
    expect(collection("old-posts").folder).toBe("content/blog/old-posts");
    expect(collection("old-posts").create).toBe(false);
  });

  it("shows the lists people other than developers edit, and of site.json its contact details only", () => {
    expect(collection("lists").files!.map((f) => f.file)).toEqual(
      ["jobs", "team", "testimonials", "events", "pricing", "stories", "partners", "values"].map(
        (n) => `content/${n}.json`,
      ),
    );
    const site = collection("contact").files![0];
    expect(site.fields.map((f) => f.name)).toEqual(["addresses", "phones", "messaging", "emails"]);
  });

  it("starts a new campaign from a skeleton a marketer fills in: a hero, proof, the form; the header without menus", () => {
    const fields = collection("campaign").fields!;
    const sections = fields.find((f) => f.name === "sections")!;
    expect(sections.default).toEqual([
      expect.objectContaining({ type: "hero" }),
      expect.objectContaining({ type: "testimonials" }),
      expect.objectContaining({ type: "form", form: "contact" }),
    ]);
    expect(fields.find((f) => f.name === "hideMenus")!.default).toBe(true);
    // each block is offered by its name
    expect(sections.types!.map((t) => t.label)).toEqual(expect.arrayContaining(["Hero", "Testimonials", "Form"]));
  });

  it("has the site's lists chosen, not typed: a campaign's testimonials, a registration's webinar", () => {
    const types = collection("campaign").fields!.find((f) => f.name === "sections")!.types!;
    const of = (type: string, name: string) => types.find((t) => t.name === type)!.fields!.find((f) => f.name === name);
    expect(of("testimonials", "names")).toMatchObject({ widget: "relation", file: "testimonials", multiple: true });
    expect(of("partners", "names")).toMatchObject({ widget: "relation", file: "partners" });
    expect(of("people", "names")).toMatchObject({ widget: "relation", file: "team" });
    expect(of("plans", "names")).toMatchObject({ widget: "relation", file: "pricing" });
    expect(of("posts", "posts")).toMatchObject({ widget: "relation", collection: "blog" });
    expect(of("form", "webinar")).toMatchObject({ widget: "relation", collection: "webinar", value_field: "{{slug}}" });
  });

  it("starts a new post as `npm run new:post` does: a draft dated today", () => {
    const fields = collection("blog").fields!;
    expect(fields.find((f) => f.name === "draft")!.default).toBe(true);
    expect(fields.find((f) => f.name === "date")!.default).toBe("2026-12-06");
  });

  it("keeps a post's pictures in content/blog/images, named as the model reads them beside the post", () => {
    expect(collection("blog")).toMatchObject({ media_folder: "images", public_folder: "./images" });
    expect(collection("old-posts")).toMatchObject({ media_folder: "../images", public_folder: "../images" });
    const badge = collection("lists")
      .files!.find((f) => f.name === "partners")!
      .fields[0].fields!.find((f) => f.name === "badge")!;
    expect(badge).toMatchObject({ widget: "image", media_folder: "/content/badges", public_folder: "./badges" });
  });

  it("reaches exactly the places its local backend allows (src/lib/editor-places.ts), as Decap resolves them", () => {
    const fieldsIn = (fields: EditorField[] = []): EditorField[] =>
      fields.flatMap((f) => [f, ...fieldsIn(f.fields), ...fieldsIn(f.field ? [f.field] : [])]);
    // Decap's own rule: a media folder from the root when it starts with "/", else beside the collection's files
    const mediaOf = (base: string, folder: string) =>
      folder.startsWith("/") ? folder.slice(1) : path.posix.join(base, folder);
    const entryFolders = collections.flatMap((c) => (c.folder ? [c.folder] : []));
    const files = collections.flatMap((c) => (c.files ?? []).map((f) => f.file));
    const media = collections.flatMap((c) => [
      ...(c.folder && c.media_folder ? [mediaOf(c.folder, c.media_folder)] : []),
      ...[...fieldsIn(c.fields), ...(c.files ?? []).flatMap((f) => fieldsIn(f.fields))].flatMap((f) =>
        f.media_folder ? [mediaOf(c.folder ?? "content", f.media_folder)] : [],
      ),
    ]);
    const places = editorPlaces();
    expect(new Set(entryFolders)).toEqual(new Set(places.entryFolders));
    expect(new Set(files)).toEqual(new Set(places.files));
    expect(new Set(media)).toEqual(new Set(places.mediaFolders));
  });

  it("offers the service groups of the navigation, and the services by name where a page links to them", () => {
    expect(collection("service").fields!.find((f) => f.name === "group")!.options).toEqual(groups);
    expect(collection("service").fields!.find((f) => f.name === "related")).toMatchObject({
      widget: "relation",
      collection: "service",
      value_field: "{{slug}}",
      multiple: true,
      min: 1,
      max: 6,
    });
  });

  it("shows a field added to the model with no second edit", () => {
    const blog = markdownKinds.blog;
    const model = {
      markdownKinds: {
        ...markdownKinds,
        blog: { ...blog, frontmatter: (c: RuleContext) => blog.frontmatter(c).extend({ subtitle: z.string() }) },
      },
      jsonFiles,
    };
    const { collections: withSubtitle } = editorCollections(groups, { today: "2026-12-06" }, model);
    const fields = withSubtitle.find((c) => c.name === "blog")!.fields!;
    expect(fields.find((f) => f.name === "subtitle")).toMatchObject({ widget: "string", required: true });
  });

  it("checks a whole file before it is saved with the schema the build checks it with", () => {
    expect(Object.keys(entrySchema("blog", "content/blog/x.md", ctx)!.schema.shape)).toEqual(
      Object.keys(markdownKinds.blog.frontmatter(ctx).shape),
    );
    expect(entrySchema("lists", "content/jobs.json", ctx)).toMatchObject({ list: true });
    expect(entrySchema("contact", "content/site.json", ctx)).toMatchObject({ list: false });
  });
});
