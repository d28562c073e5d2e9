import { mkdir, writeFile } from "fs/promises";
import path from "path";
import { calendarFile } from "../lib/event-catalog";
import { readEventCatalog } from "../server/event-catalog-files";

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
