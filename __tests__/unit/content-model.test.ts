import { check, type RuleContext } from "../../src/lib/content-fields";
import { findCollision, jsonFiles, locate, markdownKinds, readingMinutes } from "../../src/lib/content-model";
import { SERVICE_GROUPS } from "../support/spec-routes";

const ctx: RuleContext = {
  resolveFile: (p) => (p === "./images/ok.jpg" ? "/abs/images/ok.jpg" : null),
  serviceGroups: SERVICE_GROUPS,
};

const service = {
  title: "Agentforce",
  group: "AI and ML",
  order: 1,
  description: "Agentforce implementation by certified consultants who design, test and launch AI agents safely.",
  summary: "Agentforce agents that resolve real requests.",
  offerings: Array.from({ length: 5 }, (_, i) => ({ title: `Offer ${i}`, text: "Text" })),
  process: Array.from({ length: 4 }, (_, i) => ({ title: `Step ${i}`, text: "Text" })),
  outcomes: Array.from({ length: 3 }, (_, i) => ({ title: `Outcome ${i}`, text: "Text" })),
  faqs: Array.from({ length: 3 }, (_, i) => ({ question: `Q${i}?`, answer: "A" })),
  related: ["a", "b", "c"],
};

const post = {
  title: "A post",
  date: "2026-05-01",
  author: "Priya Raman",
  tags: ["salesforce"],
  cover: "./images/ok.jpg",
  coverAlt: "An illustration",
  description: "A description that is long enough to be a meta description for a blog post on the site.",
};

describe("locate", () => {
  it.each([
    ["services/agentforce.md", "service", "/services/agentforce"],
    ["services/Salesforce-CPQ-Cloud.md", "service", "/services/Salesforce-CPQ-Cloud"],
    ["industries/real-estate.md", "industry", "/industryexpert/real-estate"],
    ["products/Salesforce-smart-file-management-ai.md", "product", "/products/Salesforce-smart-file-management-ai"],
    ["blog/my-post.md", "blog", "/blog/my-post"],
    ["blog/old-posts/older.md", "blog", "/blog/old-posts/older"],
    ["webinars/data-cloud.md", "webinar", "/webinar/data-cloud"],
  ])("puts %s at its route, letter case kept", (file, kind, path) => {
    expect(locate(file)).toMatchObject({ kind, path });
  });

  it("marks posts under old-posts as old", () => {
    expect(locate("blog/old-posts/older.md")?.old).toBe(true);
    expect(locate("blog/new.md")?.old).toBe(false);
  });

  it("leaves the route of a page to its frontmatter, and ignores unknown places", () => {
    expect(locate("pages/about.md")).toMatchObject({ kind: "page", path: null });
    expect(locate("notes/x.md")).toBeNull();
    expect(locate("services/deep/x.md")).toBeNull();
  });
});

describe("frontmatter checks", () => {
  const checkService = (values: object) =>
    check("content/services/x.md", markdownKinds.service.frontmatter(ctx), values as Record<string, unknown>);

  it("accepts a complete service", () => {
    expect(checkService(service)).toBeNull();
  });

  it("names the file and the field when a required field is missing", () => {
    const { summary: _summary, ...rest } = service;
    expect(checkService(rest)).toBe(
      'content/services/x.md: field "summary" must be given (missing; expected a text of at least 10 characters)',
    );
  });

  it("rejects an unknown service group, listing the groups", () => {
    expect(checkService({ ...service, group: "Quantum" })).toMatch(
      /^content\/services\/x\.md: field "group" must be one of Salesforce, CRM, AI and ML, .*, got "Quantum"$/,
    );
  });

  it("rejects a list that is too short, and says so for nested items", () => {
    expect(checkService({ ...service, faqs: service.faqs.slice(0, 2) })).toMatch(
      /field "faqs" must be a list of at least 3 items \(it has 2\)/,
    );
    expect(checkService({ ...service, offerings: [...service.offerings.slice(1), { title: "x" }] })).toMatch(
      /field "offerings" must be item 5: "text" must be given/,
    );
  });

  it.each(["2026-02-30", "next tuesday", "2026-13-01", 20260101])("rejects the bad date %p", (date) => {
    expect(check("content/blog/p.md", markdownKinds.blog.frontmatter(ctx), { ...post, date })).toMatch(
      /^content\/blog\/p\.md: field "date" must be a date written YYYY-MM-DD, got/,
    );
  });

  it("accepts a date that YAML read as a timestamp", () => {
    expect(
      check("content/blog/p.md", markdownKinds.blog.frontmatter(ctx), { ...post, date: "2026-05-01T00:00:00.000Z" }),
    ).toBeNull();
  });

  it("rejects a cover image that does not exist and tags that are not texts", () => {
    expect(
      check("content/blog/p.md", markdownKinds.blog.frontmatter(ctx), { ...post, cover: "./images/missing.jpg" }),
    ).toMatch(/field "cover" must be an image that exists \(no file at \.\/images\/missing\.jpg\)/);
    expect(check("content/blog/p.md", markdownKinds.blog.frontmatter(ctx), { ...post, tags: [3] })).toMatch(
      /field "tags" must be item 1: a non-empty text/,
    );
  });

  it("checks webinar times and zones", () => {
    const webinar = {
      title: "W",
      date: "2026-12-10T16:00:00Z",
      timezone: "America/Chicago",
      duration: 60,
      description: "A webinar description long enough to be used as the meta description of the page.",
      summary: "A summary of the session.",
      speakers: [{ name: "A", role: "B" }],
      agenda: ["One"],
    };
    expect(check("w.md", markdownKinds.webinar.frontmatter(ctx), webinar)).toBeNull();
    expect(check("w.md", markdownKinds.webinar.frontmatter(ctx), { ...webinar, date: "2026-12-10" })).toMatch(
      /field "date" must be a date and time/,
    );
    expect(check("w.md", markdownKinds.webinar.frontmatter(ctx), { ...webinar, timezone: "Mars/Olympus" })).toMatch(
      /field "timezone" must be an IANA time zone/,
    );
  });

  it("checks page paths and templates", () => {
    const page = {
      path: "/about",
      template: "about",
      title: "About",
      lead: "Lead",
      description: "A page description long enough to be used as a meta description.",
    };
    expect(check("p.md", markdownKinds.page.frontmatter(ctx), page)).toBeNull();
    expect(check("p.md", markdownKinds.page.frontmatter(ctx), { ...page, path: "/about/" })).toMatch(
      /field "path" must be a site path/,
    );
    expect(check("p.md", markdownKinds.page.frontmatter(ctx), { ...page, template: "gallery" })).toMatch(
      /field "template" must be one of home, about/,
    );
  });

  it("checks JSON list items", () => {
    expect(check("content/team.json", jsonFiles["team.json"](ctx), { name: "A", role: "B" })).toBe(
      'content/team.json: field "bio" must be given (missing; expected a non-empty text)',
    );
  });
});

describe("route collisions", () => {
  it("names both files that claim one address, ignoring letter case", () => {
    expect(
      findCollision([
        { path: "/about", file: "content/pages/about.md" },
        { path: "/About", file: "content/pages/about-us.md" },
      ]),
    ).toBe(
      'content/pages/about-us.md: field "path" must be unique, but /About is also the address of content/pages/about.md',
    );
    expect(
      findCollision([
        { path: "/a", file: "a" },
        { path: "/b", file: "b" },
      ]),
    ).toBeNull();
  });
});

describe("reading time", () => {
  it("counts 220 words a minute, at least one", () => {
    expect(readingMinutes("word ".repeat(660))).toBe(3);
    expect(readingMinutes("short")).toBe(1);
  });
});
