import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import path from "path";

// What __tests__/unit/docs.test.ts compares: the environment variables the code reads, the npm scripts
// package.json defines, and what the documentation names. A plain text scan, not a parser; what it finds:
//
// - in .ts, .tsx, .js, .mjs, .cjs and .mts files: `process.env.NAME`, `process.env["NAME"]`, and the same on any
//   object called `env` (`env.NAME`, `env["NAME"]`: the code passes the environment around under that name),
//   and destructuring (`const { A, B: b } = process.env` or `= env`); comments are left out first;
// - in shell scripts (.sh, and .ci/run): `${NAME:-…}` and `${NAME-…}`, a variable read with a default.
//
// Not found: a variable reached by a computed name (`env[name]`), or through an object with another name.
// Tests' own files (__tests__/unit) are not scanned: they set variables for the code under test.

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
