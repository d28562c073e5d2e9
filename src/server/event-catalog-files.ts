import { readdirSync, readFileSync } from "fs";
import matter from "gray-matter";
import path from "path";
import { calendarPathOf, type CatalogEvent } from "../lib/event-catalog";
import { jsonFiles, markdownKinds } from "../lib/content-model";

// The webinars and events as the form endpoint, `npm run leads` and the calendar files need them
// (src/lib/event-catalog.ts), read from content/ through the content model. The endpoint reads them at run time:
// netlify.toml's `included_files` puts the files beside the function, in the same place relative to it.

const contentDir = () => path.resolve(process.cwd(), process.env.CONTENT_DIR || "content");
const noFiles = { resolveFile: () => null, serviceGroups: [] };

export function readEventCatalog(dir = contentDir()): CatalogEvent[] {
  const folder = path.join(dir, markdownKinds.webinar.folder);
  const webinars = readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const parsed = markdownKinds.webinar
        .frontmatter(noFiles)
        .safeParse(matter(readFileSync(path.join(folder, file))).data);
      if (!parsed.success) return null; // the build itself names what is wrong (on-create-node.ts)
      const page = `${markdownKinds.webinar.route}${file.replace(/\.md$/, "")}`;
      const w = parsed.data;
      return {
        kind: "webinar" as const,
        page,
        calendar: calendarPathOf({ title: w.title, path: page }),
        title: w.title,
        start: w.date,
        minutes: w.duration,
        timezone: w.timezone,
        location: "Online",
        description: w.summary,
        join: w.join ?? null,
      };
    });
  const events = (JSON.parse(readFileSync(path.join(dir, "events.json"), "utf8")) as unknown[]).map((raw) => {
    const parsed = jsonFiles["events.json"](noFiles).safeParse(raw);
    if (!parsed.success) return null;
    const e = parsed.data as {
      title: string;
      date: string;
      timezone: string;
      duration: number;
      location: string;
      description: string;
    };
    return {
      kind: "event" as const,
      page: "/events",
      calendar: calendarPathOf({ title: e.title }),
      title: e.title,
      start: e.date,
      minutes: e.duration,
      timezone: e.timezone,
      location: e.location,
      description: e.description,
    };
  });
  return [...webinars, ...events].filter((item): item is NonNullable<typeof item> => item !== null);
}

/**
 * The catalog for a function (`who` names it in the log), read once from the files netlify.toml includes; empty,
 * and said, when they cannot be read, so that confirmations say less rather than fail.
 */
export function eventCatalogFor(who: string): CatalogEvent[] {
  try {
    return readEventCatalog();
  } catch (error) {
    console.error(`${who}: the webinars could not be read (${(error as Error).message}); confirmations say less`);
    return [];
  }
}
