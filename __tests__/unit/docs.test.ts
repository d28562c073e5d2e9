import { existsSync, readdirSync, readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { docs, envReads, namesScript, namesVariable, scripts } from "../support/docs-coverage";

// The documentation cannot drift from the code on the counts that a newcomer meets first: every environment
// variable the code reads is named on some docs page (docs/configuration.md is where they belong), every npm
// script is named in the README, every function (and its address or schedule) where the functions are listed, and
// every kind of form in docs/store.md, and no file that is not there. What the scan finds, and what it misses, is said in __tests__/support/docs-coverage.ts.

const root = path.join(__dirname, "../..");
const pages = docs(root);
const readme = pages.find(([file]) => file === "README.md")?.[1] ?? "";

describe("the documentation", () => {
  it("names every environment variable the code reads", () => {
    const reads = envReads(root);
    expect(reads.size).toBeGreaterThan(20); // the scan still finds the variables it should
    const unnamed = [...reads]
      .filter(([name]) => !pages.some(([, text]) => namesVariable(text, name)))
      .map(([name, files]) => `${name} (read in ${files.join(", ")})`);
    expect(unnamed).toEqual([]);
  });

  it("names every npm script of package.json in the README", () => {
    const unnamed = scripts(root).filter((name) => !namesScript(readme, name));
    expect(unnamed).toEqual([]);
  });

  it("names every function, with its address or its schedule, where the functions are listed", () => {
    const dir = path.join(root, "netlify/functions");
    const functions = readdirSync(dir)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => {
        const text = readFileSync(path.join(dir, file), "utf8");
        const where = /path:\s*"([^"]+)"/.exec(text)?.[1] ?? /schedule:\s*"([^"]+)"/.exec(text)?.[1];
        return { name: file.replace(/\.ts$/, ""), where };
      });
    expect(functions.length).toBeGreaterThanOrEqual(5);
    const text = (file: string) => pages.find(([name]) => name === file)?.[1] ?? "";
    const missing = functions.flatMap(({ name, where }) =>
      [
        ["docs/deploying.md", `\`${name}.ts\``],
        ["docs/deploying.md", `${where}`],
        ["docs/architecture.md", `${where}`],
        ["README.md", `\`${name}\``],
      ]
        .filter(([file, needle]) => !text(file).includes(needle))
        .map(([file, needle]) => `${file} lacks ${needle}`),
    );
    expect(missing).toEqual([]);
  });

  it("names every kind of form in docs/store.md", () => {
    const store = pages.find(([name]) => name === "docs/store.md")?.[1] ?? "";
    const unnamed = Object.keys(site.labels).filter((kind) => !new RegExp(`\\b${kind}`, "i").test(store));
    expect(unnamed).toEqual([]);
  });

  it("names only files that exist, in the docs and in the code's comments", () => {
    const sources = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.(tsx?|mjs|mts|css)$/.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    const texts: [string, string][] = [
      ...pages.filter(([file]) => file.endsWith(".md")),
      // the tests name made-up files on purpose
      ...["src", "netlify", "scripts"]
        .flatMap(sources)
        .map((file): [string, string] => [file, readFileSync(path.join(root, file), "utf8")]),
    ];
    const named =
      /(?<![\w./-])((?:src|__tests__|scripts|netlify|content|static|docs)\/[\w./-]*\w\.(?:tsx?|mjs|mts|js|json|css|md))(?![\w/])/g;
    const missing = texts.flatMap(([file, text]) =>
      [...text.matchAll(named)]
        .map((match) => match[1])
        // an example of a message ("content/services/x.md: field …") names no file
        .filter((name) => !/\/x\.md$/.test(name) && !existsSync(path.join(root, name)))
        .map((name) => `${file} names ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the README to one page", () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
  });
});

describe("the scan", () => {
  it("sees through comments and reads each form the code uses", () => {
    const found = envReads(root);
    // process.env.X in src/lib, env.X in src/server, a shell default in scripts/, destructured-free forms
    for (const name of ["GATSBY_LEAD_ENDPOINT", "COMMENTS_MODERATOR", "PGPORT_TEST", "E2E_PORT"])
      expect(found.has(name)).toBe(true);
    expect(found.has("X")).toBe(false); // `process.env.X` appears only in comments
    expect(found.has("ts")).toBe(false); // "secret-env.ts" is a file name
  });

  it("counts a name in code type, not a word of prose", () => {
    expect(namesVariable("set `DATABASE_URL=… npm run leads`", "DATABASE_URL")).toBe(true);
    expect(namesVariable("the site's URL", "URL")).toBe(false);
    expect(namesVariable("`SITE_URL`", "URL")).toBe(false);
    expect(namesScript("`npm run test:unit`", "test")).toBe(false);
    expect(namesScript("`npm test`", "test")).toBe(true);
    expect(namesScript("`npm run new:post`", "new:post")).toBe(true);
  });
});
