import type { GatsbyNode } from "gatsby";
import { readdirSync, readFileSync } from "fs";
import { mkdir, writeFile } from "fs/promises";
import matter from "gray-matter";
import path from "path";
import { calendarFile, calendarPathOf, type CatalogEvent } from "../lib/event-catalog";
import { jsonFiles, markdownKinds } from "../lib/content-model";

// The webinars and events as the functions and the calendar files need them (src/lib/event-catalog.ts), read from
// content/ through the content model. The functions are compiled before Gatsby reads any content, so they get the
// catalog the way Gatsby gives functions build-time values: as an environment variable set before they compile.

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

/** The environment variable that carries the catalog into the functions' bundle (src/api/lead.ts reads it). */
export const CATALOG_VARIABLE = "EVENT_CATALOG";

// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPreInit: before the functions compile
export const onPreInit: GatsbyNode["onPreInit"] = () => {
  process.env[CATALOG_VARIABLE] = JSON.stringify(readEventCatalog());
};

/** Every webinar's and event's public calendar file, into the build (the pages' "Add to calendar"). */
export async function writeCalendarFiles(publicDir: string, siteUrl: string, now = new Date()): Promise<number> {
  const catalog = readEventCatalog();
  for (const item of catalog) {
    const file = path.join(publicDir, item.calendar);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, calendarFile(item, siteUrl, now));
  }
  return catalog.length;
}
