/** @jest-environment node */
// The formats the editor reads and writes content in (src/cms/formats.ts): every file of content/ is already as the
// editor writes it, so a save changes only its field; and the editor reads every file to what the build reads.
import { readdirSync, readFileSync, statSync } from "fs";
import path from "path";
import { isDeepStrictEqual } from "util";
import matter from "gray-matter";
import { asTheEditorWrites, frontmatterFormat, jsonListFormat } from "../../src/cms/formats";

const root = path.join(__dirname, "../../content");
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
const files = walk(root)
  .map((file) => path.relative(root, file).split(path.sep).join("/"))
  .filter((file) => /\.(md|json)$/.test(file) && !file.endsWith("README.md"));
const markdown = files.filter((file) => file.endsWith(".md"));

describe("the editor's formats", () => {
  it("find every file of content/ as the editor writes it (`npm run format` rewrites one that is not)", () => {
    const differ = files.filter((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const written = asTheEditorWrites(file, text);
      return written !== null && written !== text;
    });
    expect(differ).toEqual([]);
  });

  it.each(markdown)("read %s to the frontmatter and body the build reads", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    const { body, ...fields } = frontmatterFormat.fromFile(text);
    // gray-matter keeps a cache by text; options make it read afresh. js-yaml reads an unquoted day as a Date
    const built = matter(text, { language: "yaml" });
    const asText = JSON.parse(JSON.stringify(built.data, (_, v) => v)) as Record<string, unknown>;
    const normal = (v: Record<string, unknown>) =>
      JSON.parse(
        JSON.stringify(v)
          .replace(/"(\d{4}-\d{2}-\d{2})T00:00:00\.000Z"/g, '"$1"')
          .replace(/\.000Z"/g, 'Z"'),
      );
    expect(isDeepStrictEqual(normal(fields), normal(asText))).toBe(true);
    expect(body).toBe(built.content.replace(/^\r?\n/, ""));
  });

  it("change only the line of the field that changed", () => {
    const file = "services/agentforce.md";
    const text = readFileSync(path.join(root, file), "utf8");
    const data = frontmatterFormat.fromFile(text);
    const keys = Object.keys(data);
    const saved = frontmatterFormat.toFile({ ...data, summary: "Agents that resolve real requests." }, keys);
    const changed = text.split("\n").filter((line, i) => saved.split("\n")[i] !== line);
    expect(changed).toEqual([expect.stringMatching(/^summary: /)]);
  });

  it("write a list file as the JSON array it is, and a new post with an empty line before its body", () => {
    expect(jsonListFormat.toFile({ items: [{ a: 1 }] })).toBe('[\n  {\n    "a": 1\n  }\n]\n');
    expect(frontmatterFormat.toFile({ title: "T", draft: true, body: "## Why\n\nText" }, ["title", "draft"])).toBe(
      "---\ntitle: T\ndraft: true\n---\n\n## Why\n\nText\n",
    );
  });

  it("leave out an optional field left empty, as a person writing the file would", () => {
    expect(frontmatterFormat.toFile({ title: "T", join: "", faqs: [], body: "" }, ["title", "join", "faqs"])).toBe(
      "---\ntitle: T\n---\n",
    );
  });
});
