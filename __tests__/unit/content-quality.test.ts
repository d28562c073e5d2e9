import { existsSync, readdirSync, readFileSync } from "fs";
import matter from "gray-matter";
import path from "path";
import jobs from "../../content/jobs.json";
import navigation from "../../content/navigation.json";
import stories from "../../content/stories.json";
import { check, type RuleContext } from "../../src/lib/content-fields";
import { jsonFiles, locate, markdownKinds, serviceGroupsOf } from "../../src/lib/content-model";
import { PLACEHOLDER } from "../support/placeholder";
import { industrySlugs, productPaths, serviceSlugs } from "../support/spec-routes";

// The editorial bar of the site, checked on the source files (the browser tests check the built pages too): the
// content model's rules, which the build applies, and the bar above them that only an editor would ask for.
const content = path.resolve(__dirname, "../../content");
const files = (dir: string) =>
  readdirSync(path.join(content, dir))
    .filter((f) => f.endsWith(".md"))
    .map((f) => ({ file: `${dir}/${f}`, ...matter(readFileSync(path.join(content, dir, f), "utf8")) }));
const words = (text: string) => text.split(/\s+/).filter((w) => /\w/.test(w)).length;
const allText = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Array.isArray(value)
      ? value.map(allText).join(" ")
      : value && typeof value === "object"
        ? Object.values(value).map(allText).join(" ")
        : "";

function everyContentFile(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? everyContentFile(path.join(dir, entry.name))
      : /\.(md|json)$/.test(entry.name) && entry.name !== "README.md"
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe("content quality", () => {
  it("passes the build's checks in every file: the content model's fields and minimums", () => {
    const problems = everyContentFile(content).flatMap((file) => {
      const shown = `content/${path.relative(content, file)}`;
      const beside = (relative: string) => path.resolve(path.dirname(file), relative);
      const ctx: RuleContext = {
        resolveFile: (relative) => (existsSync(beside(relative)) ? beside(relative) : null),
        serviceGroups: serviceGroupsOf(navigation),
      };
      if (file.endsWith(".json")) {
        const item = jsonFiles[path.basename(file)];
        const data: unknown = JSON.parse(readFileSync(file, "utf8"));
        return item ? (Array.isArray(data) ? data : [data]).map((values) => check(shown, item(ctx), values)) : [];
      }
      const place = locate(path.relative(content, file));
      return place ? [check(shown, markdownKinds[place.kind].frontmatter(ctx), matter.read(file).data)] : [];
    });
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it("has no placeholder words in any content file", () => {
    const found = everyContentFile(content).filter((file) => PLACEHOLDER.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("gives every service page 350 words or more", () => {
    const short = files("services")
      .map((s) => ({ file: s.file, words: words(allText(s.data)) + words(s.content) }))
      .filter((s) => s.words < 350);
    expect(short).toEqual([]);
  });

  const slugs = (dir: string) => files(dir).map((f) => path.basename(f.file, ".md"));

  it("has every service the spec lists, each with its own introduction", () => {
    const services = files("services");
    expect(serviceSlugs.filter((slug) => !slugs("services").includes(slug))).toEqual([]);
    expect(new Set(services.map((s) => s.content.trim().slice(0, 120))).size).toBe(services.length);
  });

  it("has at least 12 current posts and 3 older ones, each of 600 words or more", () => {
    const current = files("blog");
    const old = files("blog/old-posts");
    expect(current.length).toBeGreaterThanOrEqual(12);
    expect(old.length).toBeGreaterThanOrEqual(3);
    expect([...current, ...old].filter((p) => words(p.content) < 600).map((p) => p.file)).toEqual([]);
  });

  it("has every industry and product the spec lists, 3 webinars or more, 6 success stories and 5 open positions or more", () => {
    expect(industrySlugs.filter((slug) => !slugs("industries").includes(slug))).toEqual([]);
    const products = productPaths.map((p) => p.replace("/products/", ""));
    expect(products.filter((slug) => !slugs("products").includes(slug))).toEqual([]);
    expect(files("webinars").length).toBeGreaterThanOrEqual(3);
    expect(stories.length).toBeGreaterThanOrEqual(6);
    expect(jobs.length).toBeGreaterThanOrEqual(5);
  });

  it("keeps phone numbers and mailboxes in site.json only", () => {
    const leaks = everyContentFile(content)
      .filter((file) => !file.endsWith("site.json"))
      .filter((file) => /[\w.+-]+@[\w-]+\.\w+|\+\d[\d\s-]{7,}/.test(readFileSync(file, "utf8")));
    expect(leaks).toEqual([]);
  });
});
