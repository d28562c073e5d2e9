// How the editor reads and writes the files of content/: Markdown with YAML frontmatter, and JSON. Its own formats
// rather than Decap's, for two reasons. Decap's YAML folds every text longer than 80 characters onto several lines,
// and its JSON holds objects only, where most lists here are a file that is one JSON array. Every file of content/
// is already written as these formats write it (__tests__/unit/editor-formats.test.ts), so a save changes the lines
// of the fields that changed and no others.
// The build reads the same files with gray-matter (js-yaml): a text that YAML 1.1 would read as something else is
// quoted by the YAML 1.2 writer here too (yes, no, on, off are strings in both), and a date stays as written.
import { parseDocument, stringify } from "yaml";
import { jsonFiles, locate, markdownKinds } from "../lib/content-model";

/** Decap's custom format: a file's text to an entry's data and back (https://decapcms.org/docs/custom-formatters/). */
export interface Format {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
}

/** Keys in the order the collection declares its fields; any other keys after them, as they were. */
function ordered(data: Record<string, unknown>, keys: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in data && data[key] !== undefined) out[key] = data[key];
  for (const [key, value] of Object.entries(data)) if (!(key in out) && value !== undefined) out[key] = value;
  return out;
}

/** Empty optional fields are left out of the file, as a person would write it. */
const withoutEmpty = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && v.length === 0)),
  );

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?/;

/** A Markdown file: its frontmatter's fields, and `body`, the Markdown below it. */
export const frontmatterFormat: Format = {
  fromFile(text) {
    const match = FRONTMATTER.exec(text);
    if (!match) return { body: text };
    const document = parseDocument(match[1]);
    if (document.errors.length > 0) throw new Error(document.errors[0].message);
    const fields = (document.toJS() ?? {}) as Record<string, unknown>;
    // one empty line between the frontmatter and the body, as every file has it
    return { ...fields, body: text.slice(match[0].length).replace(/^\r?\n/, "") };
  },
  toFile(data, sortedKeys) {
    const { body, ...fields } = data;
    const yaml = stringify(ordered(withoutEmpty(fields), sortedKeys), { lineWidth: 0 });
    const text = typeof body === "string" ? body.trim() : "";
    return `---\n${yaml}---\n${text ? `\n${text}\n` : ""}`;
  },
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A JSON file that is one list (jobs.json): the entry's one field, `items`. */
export const jsonListFormat: Format = {
  fromFile: (text) => ({ items: JSON.parse(text) as unknown[] }),
  toFile: (data) => json(((data.items as Record<string, unknown>[] | undefined) ?? []).map((item) => item)),
};

/** A JSON file that is one object (site.json), its keys where they were. */
export const jsonObjectFormat: Format = {
  fromFile: (text) => JSON.parse(text) as Record<string, unknown>,
  toFile: (data) => json(data),
};

/**
 * A file of content/ (by its path under it) as the editor would write it, or null for a file the editor does not
 * write: what `npm run format` makes of content/ (scripts/format-content.mjs), so that a save changes only its field.
 */
export function asTheEditorWrites(relativePath: string, text: string): string | null {
  const place = locate(relativePath);
  if (place) {
    const fields = Object.keys(markdownKinds[place.kind].frontmatter(ANY_FILE).shape);
    return frontmatterFormat.toFile(frontmatterFormat.fromFile(text), [...fields, "body"]);
  }
  if (relativePath === "site.json") return jsonObjectFormat.toFile(jsonObjectFormat.fromFile(text));
  if (relativePath in jsonFiles && Array.isArray(JSON.parse(text)))
    return jsonListFormat.toFile(jsonListFormat.fromFile(text));
  return null;
}
// the order of a kind's fields does not depend on the files or groups a build finds
const ANY_FILE = { resolveFile: (relative: string) => relative, serviceGroups: ["any"] };
