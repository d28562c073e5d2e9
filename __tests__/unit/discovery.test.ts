import { FEED_POSTS, feedItems, feedQuery, sitemapPages } from "../../src/node/discovery";
import sharp from "sharp";
import {
  OG_HEIGHT,
  OG_WIDTH,
  TITLE_BOX,
  ogBackgroundSvg,
  ogCanvas,
  ogImagePng,
  ogTitleCoverage,
  wrapTitle,
} from "../../src/node/og-image";
import { relatedPosts, relatedPostsFinder, tagPath } from "../../src/lib/related-posts";
import { existsSync } from "fs";
import path from "path";
import { tempDir } from "../support/temp-dir";
import { queueShareImages, waitForShareImages } from "../../src/node/share-images";
import { rendererBuilt } from "../../src/node/renderer-built";

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

  it("lists public pages and leaves out noindex pages, the 404 page and unpublished posts a preview built", () => {
    expect(pages.map((p) => p.path)).toEqual(["/", "/blogs", "/blog/a", "/about"]);
  });

  it("leaves out a campaign unless its file says `indexed`, and every campaign's received page", () => {
    const campaigns = sitemapPages({
      allSitePage: {
        nodes: ["/", "/offers/a", "/offers/a/received", "/offers/b", "/offers/b/received"].map((path) => ({ path })),
      },
      allBlogPost: { nodes: [] },
      allPage: { nodes: [] },
      allCampaign: {
        nodes: [
          { path: "/offers/a", indexed: false },
          { path: "/offers/b", indexed: true },
        ],
      },
    });
    expect(campaigns.map((p) => p.path)).toEqual(["/", "/offers/b"]);
  });

  it("dates posts, and the blog list by its newest post", () => {
    expect(pages.find((p) => p.path === "/blog/a")?.lastmod).toBe("2026-05-01");
    expect(pages.find((p) => p.path === "/blogs")?.lastmod).toBe("2026-05-01");
    expect(pages.find((p) => p.path === "/about")?.lastmod).toBeUndefined();
  });
});

describe("feed", () => {
  it("asks for the newest published posts only, not the whole archive", () => {
    expect(FEED_POSTS).toBeGreaterThanOrEqual(20);
    expect(feedQuery("2026-11-23").replace(/\s+/g, " ")).toContain(
      `allBlogPost(filter: { publishesOn: { lte: "2026-11-23" } }, sort: { date: DESC }, limit: ${FEED_POSTS})`,
    );
  });

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

  it("finds, for every post of a large random blog, what sorting all the others would give", () => {
    // a small deterministic generator, so a failure can be replayed
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const topics = ["ai", "cpq", "data-cloud", "flow", "hubspot", "slack", "tableau", "zoho"];
    const many = Array.from({ length: 400 }, (_, i) =>
      post(
        `p${i}`,
        topics.filter(() => next() < 0.25),
        new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 2000) * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    const sortedAll = (current: (typeof many)[number]) =>
      many
        .filter((p) => p.id !== current.id)
        .map((p) => ({ p, score: p.tags.filter((t) => current.tags.includes(t)).length }))
        .sort((a, b) => b.score - a.score || b.p.date.localeCompare(a.p.date))
        .slice(0, 3);
    const find = relatedPostsFinder(many);
    for (const current of many) {
      const found = find(current);
      const expected = sortedAll(current);
      // the same scores and dates in the same order (posts of one date and score may come in either order)
      expect(found.map((p) => [p.tags.filter((t) => current.tags.includes(t)).length, p.date])).toEqual(
        expected.map(({ p, score }) => [score, p.date]),
      );
      expect(found).not.toContain(current);
    }
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

  it("escapes the brand and the origin inside the SVG, and draws a title's markup characters as text", async () => {
    // Pango reads the title as markup: unescaped, "<b>" would be bold and "Q&A" an error
    const plain = await ogTitleCoverage("Q and A b x");
    const marked = await ogTitleCoverage('Q&A <b> "x"');
    expect(marked.width).toBeGreaterThan(plain.width);
    expect(ogBackgroundSvg("R&D <i>", "https://x.example/?a&b")).not.toMatch(/<i>|R&D|a&b/);
  });

  it("draws a 1200×630 PNG with the title in white over the background, and nothing else changed", async () => {
    const canvas = await ogCanvas("Tidewell Consulting", "https://www.tidewell.example");
    const png = await ogImagePng(canvas, "Salesforce Consulting Services");
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height, info.channels]).toEqual(["raw", OG_WIDTH, OG_HEIGHT, 3]);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    let changed = 0;
    let outside = 0;
    let white = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (data[i] === canvas.pixels[i] && data[i + 1] === canvas.pixels[i + 1] && data[i + 2] === canvas.pixels[i + 2])
        continue;
      changed += 1;
      const x = (i / 3) % OG_WIDTH;
      const y = Math.floor(i / 3 / OG_WIDTH);
      const inBox =
        x >= TITLE_BOX.left &&
        x < TITLE_BOX.left + TITLE_BOX.width &&
        y >= TITLE_BOX.top &&
        y < TITLE_BOX.top + TITLE_BOX.height;
      if (!inBox) outside += 1;
      if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) white += 1;
    }
    // two lines of 64 px bold text cover thousands of pixels, their cores pure white
    expect(changed).toBeGreaterThan(5000);
    expect(white).toBeGreaterThan(2000);
    expect(outside).toBe(0);
  });

  it("draws images asked for at once on one canvas as if one after the other", async () => {
    const canvas = await ogCanvas("Tidewell Consulting", "https://www.tidewell.example");
    const titles = ["Salesforce Consulting Services", "Data Cloud in ninety days", "Agentforce"];
    const together = await Promise.all(titles.map((title) => ogImagePng(canvas, title)));
    const apart: Buffer[] = [];
    for (const title of titles) apart.push(await ogImagePng(canvas, title));
    expect(together.map((png, i) => png.equals(apart[i]))).toEqual([true, true, true]);
    expect(together[0].equals(together[1])).toBe(false);
  });

  it("keeps four lines of a long title inside the title box, whole", async () => {
    const coverage = await ogTitleCoverage("word ".repeat(60));
    // four lines of 64 px text at a 78 px pitch, none cut off by the box
    expect(coverage.height).toBeGreaterThan(3 * 78);
    expect(coverage.height).toBeLessThan(TITLE_BOX.height);
    expect(coverage.width).toBeLessThanOrEqual(TITLE_BOX.width);
    const row = (y: number) => coverage.data.subarray(y * coverage.width, (y + 1) * coverage.width);
    // ink reaches the first and the last row: the block is trimmed to the text, so it can be centred
    expect(row(0).some((a) => a > 0)).toBe(true);
    expect(row(coverage.height - 1).some((a) => a > 0)).toBe(true);
  });
});

describe("when share images are drawn", () => {
  const publicDir = tempDir("share-images-");

  it("starts when webpack has built the HTML renderer, not before", async () => {
    let done: (() => void) | undefined;
    rendererBuilt.apply({ hooks: { done: { tap: (_name: string, callback: () => void) => (done = callback) } } });

    queueShareImages({
      publicDir,
      brand: "Tidewell Consulting",
      origin: "https://www.tidewell.example",
      pages: [{ path: "/about", title: "About us" }],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(path.join(publicDir, "og/about.png"))).toBe(false);
    done?.();
    expect(await waitForShareImages()).toBe(1);
    expect(existsSync(path.join(publicDir, "og/about.png"))).toBe(true);
  });

  it("draws them after the build if the renderer's build never said it was done", async () => {
    queueShareImages({
      publicDir,
      brand: "Tidewell Consulting",
      origin: "https://www.tidewell.example",
      pages: [{ path: "/", title: "Home" }],
    });
    expect(await waitForShareImages()).toBe(1);
    expect(existsSync(path.join(publicDir, "og/home.png"))).toBe(true);
  });
});
