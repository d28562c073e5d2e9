import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import path from "path";

// What __tests__/unit/docs.test.ts compares: the environment variables the code reads, the npm scripts
// package.json defines, the links to files and to places in them, and what the documentation names. A plain text
// scan, not a parser; what it finds:
//
// - in .ts, .tsx, .js, .mjs, .cjs and .mts files: `process.env.NAME`, `process.env["NAME"]`, and the same on any
//   object called `env` (`env.NAME`, `env["NAME"]`: the code passes the environment around under that name),
//   and destructuring (`const { A, B: b } = process.env` or `= env`); comments are left out first;
// - in shell scripts (.sh, and .ci/run): `${NAME:-…}` and `${NAME-…}`, a variable read with a default.
//
// Not found: a variable reached by a computed name (`env[name]`), or through an object with another name.
// Tests' own files (__tests__/unit) are not scanned: they set variables for the code under test.
//
// Links (`linksIn`): in Markdown, every inline link `[text](target)` to a file of the repository (not an address
// beginning `/`, `//` or a scheme; not inside fenced code), relative to the page's folder, `#anchor` alone for the
// page itself; in code, every page's path followed by `#` and an anchor, relative to the repository's root (the
// comments' way of naming a file). An anchor is a heading's slug as GitHub makes it (`slugOf`), or an explicit
// `<a id>`.

/** Where the code that reads the environment lives, relative to the repository's root. */
export const CODE_ROOTS = [
  "src",
  "scripts",
  "netlify",
  "__tests__/support",
  "__tests__/e2e",
  ".ci",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "playwright.config.ts",
  "jest.config.js",
  "eslint.config.mjs",
];

const SCRIPT = /\.(ts|tsx|js|mjs|cjs|mts)$/;
const SHELL = /(\.sh|^run)$/;

function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [rel];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name === "node_modules" ? [] : filesUnder(root, path.join(rel, entry.name)),
  );
}

/** The text without /* block *\/ comments and // line comments (a `//` after `:` is a URL's and stays). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}(),])\/\/.*$/gm, "$1");

const NAME = "[A-Za-z_][A-Za-z0-9_]*";
/** `process.env`, or an object called `env` (not the end of a path such as secret-env.ts). */
const ENV = "(?:\\bprocess\\.env|(?<![\\w$./-])env)";
const READS = [new RegExp(`${ENV}\\.(${NAME})`, "g"), new RegExp(`${ENV}\\[\\s*["'\`](${NAME})["'\`]\\s*\\]`, "g")];
const DESTRUCTURED = new RegExp(`\\{([^{}]*)\\}\\s*=\\s*${ENV}\\b`, "g");
const SHELL_READ = new RegExp(`\\$\\{(${NAME}):?-`, "g");

/** Every environment variable the code under `root` reads, with the files that read it. */
export function envReads(root: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (name: string, file: string) => {
    const files = found.get(name) ?? [];
    if (!files.includes(file)) files.push(file);
    found.set(name, files);
  };
  for (const file of CODE_ROOTS.flatMap((rel) => filesUnder(root, rel))) {
    const text = readFileSync(path.join(root, file), "utf8");
    if (SCRIPT.test(file)) {
      const code = withoutComments(text);
      for (const pattern of READS) for (const match of code.matchAll(pattern)) add(match[1], file);
      for (const match of code.matchAll(DESTRUCTURED))
        for (const part of match[1].split(",")) {
          const name = part.split(":")[0].split("=")[0].trim();
          if (new RegExp(`^${NAME}$`).test(name)) add(name, file);
        }
    } else if (SHELL.test(path.basename(file))) {
      const code = text.replace(/^\s*#.*$/gm, "");
      for (const match of code.matchAll(SHELL_READ)) add(match[1], file);
    }
  }
  return found;
}

/** The documentation: README.md, content/README.md and every page under docs/, as [file, text] pairs. */
export function docs(root: string): [string, string][] {
  const files = ["README.md", "content/README.md", ...filesUnder(root, "docs").filter((f) => f.endsWith(".md"))];
  return files
    .filter((file) => existsSync(path.join(root, file)))
    .map((file) => [file, readFileSync(path.join(root, file), "utf8")]);
}

/**
 * Whether `text` names the variable in code type: a backquoted span that is the name, or starts with it
 * (`DATABASE_URL=… npm run leads`). Prose words such as "URL" or "CI" do not count.
 */
export const namesVariable = (text: string, name: string) =>
  new RegExp("`" + name + "(?![A-Za-z0-9_])[^`\\n]*`").test(text);

/** Whether `text` names the npm script: `npm run NAME` (or `npm NAME` for npm's own start and test). */
export function namesScript(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = "(?![A-Za-z0-9:_-])";
  const own = name === "start" || name === "test" ? `|npm ${escaped}${after}` : "";
  return new RegExp(`npm run ${escaped}${after}${own}`).test(text);
}

/** The names of package.json's scripts. */
export const scripts = (root: string): string[] =>
  Object.keys((JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: object }).scripts);

/** Where the documentation that links to files lives: every README, the pages of docs/, and bench/'s summaries. */
const LINKING_DOCS = ["README.md", "content/README.md", "__tests__", "docs", "bench"];

/** The Markdown files whose links are checked (content's own pages link to the site's addresses, not to files). */
export const linkingDocs = (root: string): string[] =>
  LINKING_DOCS.flatMap((rel) => filesUnder(root, rel)).filter(
    (file) => file.endsWith(".md") && (!file.startsWith("__tests__") || path.basename(file) === "README.md"),
  );

/** Where the code that names a docs page's section lives (its comments, mostly). */
export const LINKING_CODE = [...CODE_ROOTS, "__tests__", ".github", "netlify.toml"];
const CODE_TEXT = /\.(ts|tsx|js|mjs|cjs|mts|sql|toml|ya?ml|sh)$|^run$/;

/** The files of code whose links to a docs page's section are checked. */
export const linkingCode = (root: string): string[] => [
  ...new Set(
    LINKING_CODE.flatMap((rel) => filesUnder(root, rel)).filter((file) => CODE_TEXT.test(path.basename(file))),
  ),
];

/**
 * A heading's anchor as GitHub makes it (github-slugger): the text as shown (a link's text, no tags), in lower case,
 * without punctuation or symbols but `-` and `_`, each space a hyphen.
 */
export const slugOf = (heading: string): string =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");

/** Markdown without its fenced code blocks (a `#` line in one is no heading, a `[x](y)` no link). */
const withoutFences = (markdown: string) => markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "");

/** Every anchor of a Markdown page: its headings' slugs (a repeated one gets -1, -2, as GitHub does), its `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const text = withoutFences(markdown);
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const slug = slugOf(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times ? `${slug}-${times}` : slug);
  }
  for (const [, id] of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** A link to a file of the repository, or to a place in one: the file relative to the root, and the anchor. */
export interface Link {
  target: string;
  anchor?: string;
}

/** The links `text`, the content of `file` (relative to the root), makes to files and their places. */
export function linksIn(file: string, text: string): Link[] {
  const link = (base: string, to: string): Link => {
    const [where, anchor] = to.split("#", 2);
    const target = where ? path.normalize(path.join(base, decodeURI(where))) : file;
    return anchor === undefined ? { target } : { target, anchor };
  };
  if (file.endsWith(".md"))
    return [...withoutFences(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
      .map((match) => match[1])
      .filter((to) => !/^([a-z][a-z0-9+.-]*:|\/)/i.test(to))
      .map((to) => link(path.dirname(file), to));
  return [...text.matchAll(/(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g)].map((match) =>
    link("", `${match[1]}#${match[2]}`),
  );
}

/** Why a link leads nowhere (its file is missing, or has no such anchor), or null. */
export function brokenLink(root: string, { target, anchor }: Link): string | null {
  const full = path.join(root, target);
  if (target.startsWith("..") || !existsSync(full)) return `${target} does not exist`;
  if (anchor === undefined || !target.endsWith(".md")) return null;
  return anchorsOf(readFileSync(full, "utf8")).has(anchor) ? null : `${target} has no heading #${anchor}`;
}
