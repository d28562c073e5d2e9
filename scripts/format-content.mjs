// `npm run format`'s part for content/ (after Prettier, which leaves content/ alone): every file the authors' editor
// writes, rewritten as the editor writes it (src/cms/formats.ts), so that an edit saved there changes only the lines
// of its field. The values stay what the build reads; only quotes and line breaks move.
// Run with `node --import tsx`. `--check` changes nothing and exits 1 naming the files that differ.
import { readdirSync, readFileSync, statSync, writeFileSync } from "fs";
import path from "path";
import { asTheEditorWrites } from "../src/cms/formats.ts";
import { commandLine } from "./command-line.mjs";

const USAGE = `Usage: node --import tsx scripts/format-content.mjs [--check]
Rewrites the files of content/ as the editor at /admin writes them; --check only names the ones that differ.`;
const { values } = commandLine(USAGE, { options: { check: { type: "boolean" } } });
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "content");

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
const differ = [];
for (const file of walk(root)) {
  const relative = path.relative(root, file).split(path.sep).join("/");
  if (!/\.(md|json)$/.test(relative) || relative.endsWith("README.md")) continue;
  const text = readFileSync(file, "utf8");
  const written = asTheEditorWrites(relative, text);
  if (written === null || written === text) continue;
  differ.push(`content/${relative}`);
  if (!values.check) writeFileSync(file, written);
}
if (values.check && differ.length > 0) {
  console.error(`Not as the editor writes them (npm run format rewrites them):\n  ${differ.join("\n  ")}`);
  process.exit(1);
}
if (!values.check) console.log(`content/: ${differ.length} files rewritten as the editor writes them`);
