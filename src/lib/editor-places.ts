// Where the authors' editor reads and writes in the repository, from the content model: each Markdown kind's folder
// and the blog's archive, the JSON lists it shows, and the folders its pictures are uploaded to. Its collections are
// made of these (src/cms/collections.ts) and its local backend reaches nothing else (src/server/editor-guard.ts), so
// what the editor edits and what its backend allows are one list. Pure, like the model.
import { ARCHIVE_FOLDER, markdownKinds, type Kind } from "./content-model";

/** The folder of the content, as the editor names it from the repository's root. */
export const CONTENT_FOLDER = "content";

/** The extension of a Markdown kind's files, without its dot (as Decap names it). */
export const ENTRY_EXTENSION = "md";

/** The JSON lists the editor shows, and what it calls each. */
export const EDITED_LISTS: Readonly<Record<string, string>> = {
  "jobs.json": "Job openings",
  "team.json": "Team",
  "testimonials.json": "Testimonials",
  "events.json": "Events",
  "pricing.json": "Pricing plans",
  "stories.json": "Success stories",
  "partners.json": "Partners",
  "values.json": "Core values",
};

/** The JSON file whose contact details the editor shows (the rest of it stays with developers). */
export const CONTACT_FILE = "site.json";

/** Where a kind's pictures are uploaded, inside its folder: a post's cover in content/blog/images/, a campaign's in content/campaigns/images/. */
export const KIND_MEDIA: Readonly<Partial<Record<Kind, string>>> = { blog: "images", campaign: "images" };

/** Where a list's pictures are uploaded, inside content/: a partnership's badge in content/badges/. */
export const LIST_MEDIA: Readonly<Record<string, string>> = { "partners.json": "badges" };

/** A folder of the content, from the repository's root: `content/<folder>`. */
export const contentPath = (folder: string): string => `${CONTENT_FOLDER}/${folder}`;

/** Everything the editor reaches, each from the repository's root, without a trailing slash. */
export interface EditorPlaces {
  /** folders of entries: the files directly inside, named `<slug>.md` */
  entryFolders: string[];
  /** files the editor edits whole */
  files: string[];
  /** folders of uploaded pictures: the files directly inside */
  mediaFolders: string[];
}

export function editorPlaces(): EditorPlaces {
  const kinds = Object.keys(markdownKinds) as Kind[];
  const folderOf = (kind: Kind) => contentPath(markdownKinds[kind].folder);
  return {
    entryFolders: kinds.flatMap((kind) =>
      kind === "blog" ? [folderOf(kind), `${folderOf(kind)}/${ARCHIVE_FOLDER}`] : [folderOf(kind)],
    ),
    files: [...Object.keys(EDITED_LISTS), CONTACT_FILE].map(contentPath),
    mediaFolders: [
      ...kinds.flatMap((kind) => (KIND_MEDIA[kind] ? [`${folderOf(kind)}/${KIND_MEDIA[kind]}`] : [])),
      ...Object.values(LIST_MEDIA).map(contentPath),
    ],
  };
}
