// The authors' editor at /admin/ (Decap CMS, built by gatsby-plugin-decap-cms: src/node/editor.ts). Its collections
// come from the content model (collections.ts); each field is held to its rule as the author types
// (checked-widgets.tsx) and the whole file to the build's check before anything is saved, so that what the build
// would refuse is refused here first, in the build's words; each kind's preview is drawn by the site's own
// template and CSS (previews/). Locally (`npm start`, `npm run develop`) it edits the files of this folder through
// Decap's local backend, with no account; on Netlify it signs in with GitHub through Netlify's OAuth provider and
// saves each entry as a branch and a pull request (docs/publishing.md#the-editor).
import CMS from "decap-cms-app";
import type { Map as ImmutableMap } from "immutable";
import navigation from "../../content/navigation.json";
import "../styles/global.css";
import { inspect, type RuleContext } from "../lib/content-fields";
import { markdownKinds, serviceGroupsOf, slugOf } from "../lib/content-model";
import { EDITOR_LOCAL_BACKEND } from "../lib/editor-address";
import { contentPath, KIND_MEDIA } from "../lib/editor-places";
import { dayIn } from "../lib/publication";
import { editorCollections, entrySchema, FORMATS } from "./collections";
import { registerCheckedWidgets } from "./checked-widgets";
import { frontmatterFormat, jsonListFormat, jsonObjectFormat } from "./formats";
import { inTheModelsWords } from "./phrases";
import { registerPreviews } from "./previews/register";
import { loadStaticQueries } from "./previews/static-queries";

// The page answers at /admin too (Netlify serves a folder's index there); the preview's stylesheet is named relative to
// /admin/ by gatsby-plugin-decap-cms, so the editor runs at /admin/.
if (window.location.pathname === "/admin") window.history.replaceState(null, "", `/admin/${window.location.hash}`);

/** Whether the page is the local servers' (npm start, npm run develop), whose local backend it saves through. */
const local = ["localhost", "127.0.0.1", "[::1]"].includes(window.location.hostname);
const localBackend = `${window.location.origin}${EDITOR_LOCAL_BACKEND}`;

/** Where the editor saves, from the page's address and what the build knew of the repository (src/node/editor.ts). */
function backend(): Record<string, unknown> {
  if (local) return { backend: { name: "proxy", proxy_url: localBackend, branch: "main" }, publish_mode: "simple" };
  return {
    backend: {
      name: "github",
      repo: EDITOR_REPOSITORY,
      branch: EDITOR_BRANCH,
      // Netlify's OAuth provider for GitHub (docs/publishing.md#switching-it-on)
      base_url: "https://api.netlify.com",
      auth_endpoint: "auth",
      squash_merges: true,
    },
    // each entry a branch and a pull request: Netlify builds its deploy preview; merging publishes
    publish_mode: "editorial_workflow",
  };
}

const serviceGroups = serviceGroupsOf(navigation);
const { collections, rules } = editorCollections(serviceGroups, { today: dayIn(new Date()) });
// a file the editor names was chosen from its media library, which lists the files that exist
const ctx: RuleContext = { resolveFile: (relative) => relative, serviceGroups };

/** The build's own check of the whole file, before Decap writes anything: its line, or null. */
function buildsRefusal(entry: ImmutableMap<string, unknown>): string | null {
  const collection = String(entry.get("collection"));
  const { body: _, ...data } = (entry.get("data") as ImmutableMap<string, unknown>).toJS() as Record<string, unknown>;
  // a new entry's file is named when it is saved, as Decap names it from the title (the slug setting below)
  const folder = collections.find((c) => c.name === collection)?.folder;
  const path = String(entry.get("path") || "") || `${folder}/${slugOf(String(data.title ?? ""))}.md`;
  const checked = entrySchema(collection, path, ctx);
  if (!checked) return null;
  const items = checked.list ? ((data.items as Record<string, unknown>[] | undefined) ?? []) : [data];
  for (const item of items) {
    const { problem } = inspect(path, checked.schema, item);
    if (problem) return problem;
  }
  return null;
}

CMS.registerCustomFormat(FORMATS.markdown, "md", frontmatterFormat);
CMS.registerCustomFormat(FORMATS.list, "json", jsonListFormat);
CMS.registerCustomFormat(FORMATS.object, "json", jsonObjectFormat);
registerCheckedWidgets(CMS, rules);
CMS.registerLocale("en", inTheModelsWords(CMS.getLocale("en")));
CMS.registerEventListener({
  name: "preSave",
  handler: ({ entry }) => {
    const refusal = buildsRefusal(entry);
    if (refusal) throw new Error(refusal);
  },
});

const config = {
  load_config_file: false,
  ...backend(),
  site_url: window.location.origin,
  logo_url: "/admin/icon.svg",
  // pictures of posts live beside them (collections.ts gives each collection its own folder)
  media_folder: `${contentPath(markdownKinds.blog.folder)}/${KIND_MEDIA.blog}`,
  public_folder: `./${KIND_MEDIA.blog}`,
  // file names as `npm run new:post` makes them: lower-case letters, digits and hyphens
  slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
  collections,
};

/**
 * Why the local backend will not answer this page, in its own words (a server listening on the network, a page it
 * does not count as its own: src/server/editor-guard.ts), or null when it answers. Asked before Decap starts, which
 * would otherwise fail on its first list with no word of why.
 */
async function localRefusal(): Promise<string | null> {
  try {
    const response = await globalThis.fetch(localBackend, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ action: "info" }),
    });
    if (response.ok) return null;
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    return error ?? `The editor's backend answered ${response.status} at ${localBackend}.`;
  } catch {
    return `The editor's backend does not answer at ${localBackend}: start the site with npm start or npm run develop.`;
  }
}

/** The reason the editor cannot start, where it would have been, as the page says it needs JavaScript. */
function showRefusal(reason: string) {
  const note = document.createElement("p");
  note.setAttribute("role", "alert");
  note.style.cssText = "font: 1.125rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem";
  note.textContent = `The editor cannot open here. ${reason}`;
  document.body.append(note);
}

async function start() {
  const [refusal, queries] = await Promise.all([
    local ? localRefusal() : null,
    // the previews need the site's details first; without them (a site not built yet) the editor still edits
    loadStaticQueries().catch((error: Error) => {
      console.warn(`The previews will miss the site's details: ${error.message}`);
      return {};
    }),
  ]);
  if (refusal) return showRefusal(refusal);
  registerPreviews(CMS, queries);
  CMS.init({ config: config as never });
}

void start();
