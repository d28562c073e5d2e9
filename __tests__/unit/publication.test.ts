import {
  buildAction,
  dayIn,
  postState,
  publishesOn,
  showsUnpublished,
  unpublishedNotice,
} from "../../src/lib/publication";
import { buildDay } from "../../src/node/build-day";
import { createPages } from "../../src/node/create-pages";
import { feedQuery, sitemapQuery } from "../../src/node/discovery";

describe("publishesOn: the day a post file becomes public", () => {
  it("is the post's date, as written or as YAML's midnight UTC timestamp", () => {
    expect(publishesOn({ date: "2026-05-01" })).toBe("2026-05-01");
    expect(publishesOn({ date: "2026-05-01T00:00:00.000Z", draft: false })).toBe("2026-05-01");
  });

  it("is no day at all for a draft, whatever its date", () => {
    expect(publishesOn({ date: "2020-01-01", draft: true })).toBeNull();
    expect(publishesOn({ date: "2099-01-01T00:00:00.000Z", draft: true })).toBeNull();
  });
});

describe("dayIn: the build's calendar day, in Austin's time zone", () => {
  it("turns at midnight in Austin, not in UTC (winter, UTC-6)", () => {
    expect(dayIn(new Date("2026-11-24T05:59:59.999Z"))).toBe("2026-11-23");
    expect(dayIn(new Date("2026-11-24T06:00:00.000Z"))).toBe("2026-11-24");
  });

  it("follows daylight saving time (summer, UTC-5)", () => {
    expect(dayIn(new Date("2026-07-01T04:59:59.999Z"))).toBe("2026-06-30");
    expect(dayIn(new Date("2026-07-01T05:00:00.000Z"))).toBe("2026-07-01");
  });

  it("takes another zone when asked", () => {
    expect(dayIn(new Date("2026-11-23T19:00:00.000Z"), "Asia/Kolkata")).toBe("2026-11-24");
  });
});

describe("postState", () => {
  const today = "2026-11-23";

  it("publishes a post dated today or earlier", () => {
    expect(postState({ date: "2026-11-23" }, today)).toBe("published");
    expect(postState({ date: "2026-11-23T00:00:00.000Z" }, today)).toBe("published");
    expect(postState({ date: "2026-11-22" }, today)).toBe("published");
    expect(postState({ date: "2019-02-28", draft: false }, today)).toBe("published");
  });

  it("schedules a post dated tomorrow or later", () => {
    expect(postState({ date: "2026-11-24" }, today)).toBe("scheduled");
    expect(postState({ date: "2027-01-01T00:00:00.000Z" }, today)).toBe("scheduled");
  });

  it("keeps a draft a draft, past, present or future", () => {
    for (const date of ["2020-01-01", today, "2099-01-01"])
      expect(postState({ date, draft: true }, today)).toBe("draft");
  });

  it("publishes a scheduled post on its day, at midnight in Austin", () => {
    const post = { date: "2026-11-24" };
    expect(postState(post, dayIn(new Date("2026-11-24T05:59:00.000Z")))).toBe("scheduled");
    expect(postState(post, dayIn(new Date("2026-11-24T06:00:00.000Z")))).toBe("published");
  });
});

describe("showsUnpublished: which builds show drafts and scheduled posts", () => {
  it("shows them on Netlify deploy previews and branch deploys", () => {
    expect(showsUnpublished({ CONTEXT: "deploy-preview", NODE_ENV: "production" })).toBe(true);
    expect(showsUnpublished({ CONTEXT: "branch-deploy", NODE_ENV: "production" })).toBe(true);
  });

  it("shows them in gatsby develop", () => {
    expect(showsUnpublished({ NODE_ENV: "development" })).toBe(true);
    expect(showsUnpublished({ CONTEXT: "dev", NODE_ENV: "development" })).toBe(true);
  });

  it("builds production, Netlify's dev context, no CONTEXT and an unknown one as production", () => {
    for (const CONTEXT of ["production", "dev", "", undefined, "staging", "Deploy-Preview"])
      expect(showsUnpublished({ CONTEXT, NODE_ENV: "production" })).toBe(false);
    expect(showsUnpublished({})).toBe(false);
  });
});

describe("buildAction", () => {
  it("publishes a published post in every build", () => {
    expect(buildAction("published", false)).toBe("publish");
    expect(buildAction("published", true)).toBe("publish");
  });

  it("previews a draft or a scheduled post on a preview, and builds nothing for it otherwise", () => {
    expect(buildAction("draft", true)).toBe("preview");
    expect(buildAction("scheduled", true)).toBe("preview");
    expect(buildAction("draft", false)).toBe("skip");
    expect(buildAction("scheduled", false)).toBe("skip");
  });
});

describe("unpublishedNotice: the banner of a previewed post", () => {
  it("says Draft for a draft", () => {
    expect(unpublishedNotice("draft", "January 15, 2025")).toMatchObject({ label: "Draft" });
  });

  it("says when a scheduled post publishes", () => {
    const { label, text } = unpublishedNotice("scheduled", "January 15, 2099");
    expect(label).toBe("Scheduled: publishes on January 15, 2099");
    expect(text).toMatch(/production build on or after that day/);
  });
});

describe("buildDay: one day for the whole build", () => {
  it("reads today once and keeps it, so a build running over midnight agrees with itself", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(buildDay(env, new Date("2026-11-24T05:59:59.000Z"))).toBe("2026-11-23");
    expect(buildDay(env, new Date("2026-11-24T06:00:01.000Z"))).toBe("2026-11-23");
    expect(env.BUILD_DAY).toBe("2026-11-23");
  });

  it("takes BUILD_DAY when it is set, and refuses one that is not a day", () => {
    expect(buildDay({ BUILD_DAY: "2099-01-15" })).toBe("2099-01-15");
    expect(() => buildDay({ BUILD_DAY: "15/01/2099" })).toThrow(/BUILD_DAY must be a day written YYYY-MM-DD/);
  });
});

describe("the sitemap and the feed list published posts only, in every context", () => {
  it("ask for the posts whose day is the build's day or earlier", () => {
    const filter = 'allBlogPost(filter: { publishesOn: { lte: "2026-11-23" } }';
    expect(sitemapQuery("2026-11-23").replace(/\s+/g, " ")).toContain(filter);
    expect(feedQuery("2026-11-23").replace(/\s+/g, " ")).toContain(filter);
  });
});

describe("createPages: what a build makes of posts", () => {
  const post = (slug: string, date: string, tags: string[], draft = false) => ({
    id: slug,
    path: `/blog/${slug}`,
    title: slug,
    draft,
    date: `${date}T00:00:00.000Z`,
    tags,
    parent: { fileAbsolutePath: `/site/content/blog/${slug}.md` },
  });
  const posts = [
    post("older", "2026-01-01", ["ai", "cpq"]),
    post("today", "2026-11-23", ["ai"]),
    post("draft", "2025-01-15", ["ai", "drafts-only"], true),
    post("tomorrow", "2026-11-24", ["ai", "cpq"]),
  ];
  const data = {
    allService: { nodes: [] },
    allIndustry: { nodes: [] },
    allProduct: { nodes: [] },
    allBlogPost: { nodes: posts },
    allWebinar: { nodes: [] },
    allPage: {
      nodes: [
        { id: "blogs", path: "/blogs", title: "Blogs", template: "blog-list", parent: null },
        { id: "about", path: "/about", title: "About", template: "about", parent: null },
      ],
    },
    allStoriesJson: { nodes: [] },
    allTestimonialsJson: { nodes: [] },
    allPartnersJson: { nodes: [] },
    allTeamJson: { nodes: [] },
    allPricingJson: { nodes: [] },
    allCampaign: { nodes: [] },
  };

  async function pagesOf(env: Record<string, string>) {
    const saved = { ...process.env };
    Object.assign(process.env, { BUILD_DAY: "2026-11-23" }, env);
    // NODE_ENV stays Jest's "test" unless develop's is given: with "production", createPages goes on to draw share images
    if (!("CONTEXT" in env)) delete process.env.CONTEXT;
    try {
      const createPage = jest.fn();
      const reporter = { panicOnBuild: jest.fn() };
      const run = createPages as unknown as (args: object) => Promise<void>;
      await run({ graphql: async () => ({ data }), actions: { createPage }, reporter });
      expect(reporter.panicOnBuild).not.toHaveBeenCalled();
      const pages = createPage.mock.calls.map(([page]) => page as { path: string; context: Record<string, unknown> });
      return new Map(pages.map((p) => [p.path, p.context]));
    } finally {
      process.env = saved;
    }
  }

  it.each<Record<string, string>>([{}, { CONTEXT: "production" }, { CONTEXT: "dev" }])(
    "builds no page for a draft or a post dated after the build's day, in production (%j)",
    async (env) => {
      const pages = await pagesOf(env);
      expect([...pages.keys()].filter((p) => p.startsWith("/blog/"))).toEqual(["/blog/older", "/blog/today"]);
      expect(pages.get("/blog/today")).toEqual({ id: "today", links: ["older"] });
      expect([...pages.keys()].filter((p) => p.startsWith("/blogs/tag/"))).toEqual(["/blogs/tag/ai", "/blogs/tag/cpq"]);
    },
  );

  it.each(["deploy-preview", "branch-deploy"])(
    "builds them on a %s with the banner's state, and lists them nowhere",
    async (CONTEXT) => {
      const pages = await pagesOf({ CONTEXT });
      expect(pages.get("/blog/draft")).toEqual({ id: "draft", links: ["today", "older"], unpublished: "draft" });
      expect(pages.get("/blog/tomorrow")).toEqual({
        id: "tomorrow",
        links: ["older", "today"],
        unpublished: "scheduled",
      });
      // published posts are built as in production: no banner, and unpublished posts are not among their related
      expect(pages.get("/blog/today")).toEqual({ id: "today", links: ["older"] });
      expect(pages.get("/blog/older")).toEqual({ id: "older", links: ["today"] });
      // the lists filter on the build's day; a tag only a draft has gets its page, so the draft's link works
      expect(pages.get("/blogs/tag/ai")).toEqual({ tag: "ai", today: "2026-11-23" });
      expect(pages.get("/blogs/tag/drafts-only")).toEqual({ tag: "drafts-only", today: "2026-11-23" });
    },
  );

  it("builds them in gatsby develop", async () => {
    const pages = await pagesOf({ NODE_ENV: "development" });
    expect(pages.get("/blog/draft")).toMatchObject({ unpublished: "draft" });
    expect(pages.get("/blog/tomorrow")).toMatchObject({ unpublished: "scheduled" });
  });

  it("gives the pages that list posts the build's day, and other pages nothing of it", async () => {
    const pages = await pagesOf({});
    expect(pages.get("/blogs")).toEqual({ id: "blogs", links: [], today: "2026-11-23" });
    expect(pages.get("/about")).toEqual({ id: "about", links: [] });
  });

  it("publishes a scheduled post in the first build on its day", async () => {
    const pages = await pagesOf({ BUILD_DAY: "2026-11-24" });
    expect(pages.get("/blog/tomorrow")).toEqual({ id: "tomorrow", links: ["older", "today"] });
    expect(pages.has("/blog/draft")).toBe(false);
  });
});
