// A campaign page's facts that the build, the page and the form endpoint share (its kind is declared in
// content-model.ts): the address its form goes on to, the anchors of its sections, the entries of the site's lists
// it names, and whether those exist.
// Imports only types of the content model: the page's code uses this file, and zod stays out of its scripts.
import type { CampaignBlock } from "./content-model";
import { slugOf } from "./slug";

/** The page a campaign's form goes on to once sent: it says the campaign's own received text. */
export const receivedPathOf = (path: string): string => `${path}/received`;

/** The anchor of the campaign's form (a hero's action "#form" leads to it). */
export const FORM_ANCHOR = "form";

/** A section's anchor: the form's is "form", any other's its heading's words, so that an action can lead to it. */
export const sectionIdOf = (block: CampaignBlock): string | undefined =>
  block.type === "form" ? FORM_ANCHOR : "heading" in block && block.heading ? slugOf(block.heading) : undefined;

/** A block as the build keeps it (src/node/campaign-node.ts): with its anchor, and a text block's HTML. */
export type KeptBlock = CampaignBlock & { id?: string; html?: string };

/** The lists a campaign's blocks choose from, by the file (or kind) each names its entries from. */
export type CampaignLists = Record<
  "testimonials.json" | "partners.json" | "team.json" | "pricing.json" | "blog" | "webinar",
  string[]
>;

/** What each block names, with the list it names it from. */
function named(block: CampaignBlock): { field: string; list: keyof CampaignLists; names: string[] } | null {
  switch (block.type) {
    case "testimonials":
      return { field: "names", list: "testimonials.json", names: block.names };
    case "partners":
      return { field: "names", list: "partners.json", names: block.names };
    case "people":
      return { field: "names", list: "team.json", names: block.names };
    case "plans":
      return { field: "names", list: "pricing.json", names: block.names };
    case "posts":
      return { field: "posts", list: "blog", names: block.posts };
    case "form":
      return block.webinar ? { field: "webinar", list: "webinar", names: [block.webinar] } : null;
    default:
      return null;
  }
}

const listInWords = (list: keyof CampaignLists) =>
  list === "blog"
    ? "the posts (content/blog/)"
    : list === "webinar"
      ? "the webinars (content/webinars/)"
      : `content/${list}`;

/** The first entry a campaign names that its list does not have, in the build's words, or null. */
export function campaignProblem(sections: readonly CampaignBlock[], lists: CampaignLists): string | null {
  for (const [index, block] of sections.entries()) {
    const found = named(block);
    const missing = found?.names.find((name) => !lists[found.list].includes(name));
    if (found && missing !== undefined)
      return `field "sections" must be item ${index + 1} (a ${block.type} block): "${found.field}" must name entries of ${listInWords(found.list)}, got "${missing}"`;
  }
  return null;
}

/** The entries a campaign's page shows, for its page query's filters. */
export function campaignLinks(sections: readonly CampaignBlock[]): Record<string, string[]> {
  const links: Record<string, string[]> = {
    testimonials: [],
    partners: [],
    people: [],
    plans: [],
    posts: [],
    webinar: [],
  };
  const key: Record<keyof CampaignLists, string> = {
    "testimonials.json": "testimonials",
    "partners.json": "partners",
    "team.json": "people",
    "pricing.json": "plans",
    blog: "posts",
    webinar: "webinar",
  };
  for (const block of sections) {
    const found = named(block);
    if (found) links[key[found.list]].push(...found.names);
  }
  return links;
}
