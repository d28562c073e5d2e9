/** @jest-environment node */
// Issue 61: a campaign page is a list of typed blocks, declared once in the content model. The build refuses a bad
// block in its own words: the file, the block's place and type, and the field.
import { readFileSync } from "fs";
import matter from "gray-matter";
import path from "path";
import { check, type RuleContext } from "../../src/lib/content-fields";
import { campaignBlockTypes, markdownKinds } from "../../src/lib/content-model";
import { campaignLinks, campaignProblem, receivedPathOf } from "../../src/lib/campaign";

const ctx: RuleContext = { resolveFile: (p) => (p.includes("missing") ? null : `/abs/${p}`), serviceGroups: ["x"] };
const schema = markdownKinds.campaign.frontmatter(ctx);
const FILE = "content/campaigns/offer.md";
const real = matter(readFileSync(path.join(__dirname, "../../content/campaigns/org-health-check.md"))).data;
type Sections = Record<string, unknown>[];
const withSections = (edit: (sections: Sections) => Sections) => ({
  ...real,
  sections: edit(structuredClone(real.sections) as Sections),
});
const problem = (values: Record<string, unknown>) => check(FILE, schema, values);

describe("the campaign kind", () => {
  it("accepts the company's org health check campaign", () => {
    expect(problem(real)).toBeNull();
  });

  it("is noindex and keeps its menus unless its file says otherwise", () => {
    const { indexed: _i, hideMenus: _h, ...rest } = real;
    const parsed = schema.parse(rest);
    expect([parsed.indexed, parsed.hideMenus]).toEqual([false, false]);
  });

  it("names the file, the block's position and type, and the field of a bad block", () => {
    const values = withSections((s) => {
      (s[2].items as object[]).splice(1);
      return s;
    });
    expect(problem(values)).toBe(
      `${FILE}: field "sections" must be item 3 (a steps block): "items" must be a list of 2 to 8 items (it has 1), got [{"title":"Kickoff call","text":"One hour with your admin...`,
    );
  });

  it("refuses a block type it does not know, listing the types", () => {
    const values = withSections((s) => [...s, { type: "carousel", heading: "Slides" }]);
    expect(problem(values)).toMatch(
      new RegExp(
        `^${FILE}: field "sections" must be item ${real.sections.length + 1} \\(a carousel block\\): "type" must be one of the block types hero, features, steps, stats, faq, call-to-action, prose, testimonials, partners, people, plans, posts, form, got "carousel"$`,
      ),
    );
  });

  it("wants the hero first, once, and one form at most", () => {
    expect(problem(withSections((s) => s.slice(1)))).toMatch(
      /field "sections" must be item 1 \(a features block\): "type" must be hero: a campaign opens with its hero/,
    );
    expect(problem(withSections((s) => [...s, s[0]]))).toMatch(
      /\(a hero block\): "type" must be a block other than hero/,
    );
    const form = real.sections.find((b: { type: string }) => b.type === "form");
    expect(problem(withSections((s) => [...s, form]))).toMatch(
      /"type" must be a block other than form: one form a page/,
    );
  });

  it("checks the form block's questions: choices for a choice, none for a short answer, five at most", () => {
    const formAt = real.sections.findIndex((b: { type: string }) => b.type === "form");
    const editForm = (edit: (form: Record<string, unknown>) => void) =>
      withSections((s) => {
        edit(s[formAt]);
        return s;
      });
    expect(
      problem(
        editForm((f) => {
          delete (f.questions as Record<string, unknown>[])[1].choices;
        }),
      ),
    ).toBe(
      `${FILE}: field "sections" must be item ${formAt + 1} (a form block): "questions" must be item 2: "choices" must be given (missing; expected given for one choice)`,
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ question: `Question ${i + 1}?`, answer: "short answer" }));
    expect(problem(editForm((f) => (f.questions = six)))).toMatch(
      /"questions" must be a list of 1 to 5 items \(it has 6\)/,
    );
    expect(problem(editForm((f) => (f.form = "webinar")))).toMatch(
      /\(a form block\): "webinar" must be given \(missing; expected the webinar its visitors register for\)/,
    );
  });

  it("refuses a hero picture that is not there", () => {
    const values = withSections((s) => {
      s[0].picture = "./images/missing.jpg";
      return s;
    });
    expect(problem(values)).toMatch(/\(a hero block\): "picture" must be an image that exists/);
  });

  it("offers every block type once, each with its label", () => {
    const types = campaignBlockTypes(ctx).map((b) => b.type);
    expect(new Set(types).size).toBe(types.length);
    expect(campaignBlockTypes(ctx).every((b) => b.label.length > 0)).toBe(true);
  });
});

describe("what a campaign names", () => {
  const lists = {
    "testimonials.json": ["Steven K.", "Laura M."],
    "partners.json": [],
    "team.json": [],
    "pricing.json": [],
    blog: [],
    webinar: [],
  };

  it("passes when every entry it names exists, and lists them for its page", () => {
    expect(campaignProblem(real.sections, lists)).toBeNull();
    expect(campaignLinks(real.sections).testimonials).toEqual(["Steven K.", "Laura M."]);
  });

  it("names the block and the entry that does not exist", () => {
    expect(campaignProblem(real.sections, { ...lists, "testimonials.json": ["Laura M."] })).toBe(
      'field "sections" must be item 5 (a testimonials block): "names" must name entries of content/testimonials.json, got "Steven K."',
    );
  });

  it("goes on to its received page under its own address", () => {
    expect(receivedPathOf("/offers/org-health-check")).toBe("/offers/org-health-check/received");
  });
});
