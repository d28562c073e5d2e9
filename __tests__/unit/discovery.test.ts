import { feedItems, sitemapPages } from "../../src/node/discovery";
import { ogImageSvg, wrapTitle } from "../../src/node/og-image";
import { relatedPosts, tagPath } from "../../src/lib/related-posts";

describe("sitemap pages", () => {
  const pages = sitemapPages({
    allSitePage: {
      nodes: [
        "/",
        "/blogs",
        "/blog/a",
        "/blog/draft",
        "/success-email",
        "/webinar-Success-email",
        "/404",
        "/404.html",
        "/about",
      ].map((path) => ({ path })),
    },
    allBlogPost: { nodes: [{ path: "/blog/a", date: "2026-05-01T00:00:00.000Z" }] },
    allPage: { nodes: [{ path: "/success-email" }, { path: "/webinar-Success-email" }] },
  });

  it("lists public pages and leaves out noindex pages, the 404 page and drafts", () => {
    expect(pages.map((p) => p.path)).toEqual(["/", "/blogs", "/blog/a", "/about"]);
  });

  it("dates posts, and the blog list by its newest post", () => {
    expect(pages.find((p) => p.path === "/blog/a")?.lastmod).toBe("2026-05-01");
    expect(pages.find((p) => p.path === "/blogs")?.lastmod).toBe("2026-05-01");
    expect(pages.find((p) => p.path === "/about")?.lastmod).toBeUndefined();
  });
});

describe("feed", () => {
  it("gives each post an absolute link and its full text", () => {
    const [item] = feedItems("https://x.example", [
      {
        title: "T",
        description: "D",
        date: "2026-05-01",
        path: "/blog/t",
        author: "A",
        tags: ["ai"],
        html: "<p>x</p>",
      },
    ]);
    expect(item).toMatchObject({
      url: "https://x.example/blog/t",
      guid: "https://x.example/blog/t",
      categories: ["ai"],
      custom_elements: [{ "content:encoded": "<p>x</p>" }],
    });
  });
});

describe("related posts and tags", () => {
  const post = (id: string, tags: string[], date: string) => ({ id, tags, date });
  const posts = [
    post("a", ["ai", "data-cloud"], "2026-01-01"),
    post("b", ["ai"], "2026-03-01"),
    post("c", ["cpq"], "2026-06-01"),
    post("d", ["ai", "data-cloud"], "2025-01-01"),
    post("e", ["hubspot"], "2026-07-01"),
  ];

  it("puts posts with the most shared tags first, then the newest, three at most", () => {
    expect(relatedPosts(posts, posts[0]).map((p) => p.id)).toEqual(["d", "b", "e"]);
  });

  it("gives each tag a page under /blogs/tag/", () => {
    expect(tagPath("data-cloud")).toBe("/blogs/tag/data-cloud");
    expect(tagPath("Data Cloud")).toBe("/blogs/tag/data-cloud");
  });
});

describe("share images", () => {
  it("wraps long titles into at most four lines", () => {
    expect(wrapTitle("Salesforce Consulting Services")).toEqual(["Salesforce Consulting", "Services"]);
    expect(wrapTitle("word ".repeat(60)).length).toBe(4);
  });

  it("escapes the title inside the SVG", () => {
    expect(ogImageSvg('Q&A <b> "x"', "Tidewell", "https://x.example")).not.toMatch(/<b>|Q&A/);
  });
});
