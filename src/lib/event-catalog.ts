// The webinars and events as facts the site mails and files (issue 36): what a registered guest's confirmation says
// and attaches, and the "Add to calendar" file of every webinar and event page. The build reads them from content/
// (src/server/event-catalog-files.ts), and so does the form endpoint, at run time.
import { eventUid, icsCalendar, type CalendarEvent } from "./ics";
import { slugOf } from "./slug";

export interface CatalogEvent {
  kind: "webinar" | "event";
  /** the page it is on: /webinar/<slug>, or /events for an event */
  page: string;
  /** its calendar file: /webinar/<slug>.ics, /events/<slug>.ics */
  calendar: string;
  title: string;
  /** when it starts, ISO 8601 with its offset */
  start: string;
  minutes: number;
  /** its IANA time zone, for saying the time as its hosts do */
  timezone: string;
  location: string;
  description: string;
  /** how a registered guest joins: an address, mailed only to them, never on the page or in the public file */
  join?: string | null;
}

/** The calendar file of a webinar (beside its page) or of an event (under /events). */
export const calendarPathOf = (item: { title: string; path?: string | null }): string =>
  item.path ? `${item.path}.ics` : `/events/${slugOf(item.title)}.ics`;

const PROD_ID = "-//Tidewell Consulting//Website//EN";

/**
 * One event's calendar file. The public one (the page's "Add to calendar") says where it is and links its page; a
 * guest's (mailed after registering) also says how to join. Both have the same UID, so the mailed one replaces the
 * downloaded one in a calendar, and a second download updates the entry.
 */
export function calendarFile(item: CatalogEvent, siteUrl: string, now: Date, { forGuest = false } = {}): string {
  const pageUrl = `${siteUrl}${item.page}`;
  const joining = forGuest && item.join ? `\n\nJoin: ${item.join}` : "";
  const event: CalendarEvent = {
    uid: eventUid(item.calendar.replace(/\.ics$/, ""), siteUrl),
    title: item.title,
    start: new Date(item.start),
    minutes: item.minutes,
    description: `${item.description}${joining}\n\n${pageUrl}`,
    location: forGuest && item.join ? item.join : item.location,
    url: pageUrl,
  };
  return icsCalendar([event], { prodId: PROD_ID, now });
}

/** The webinar a registration is for: its body's `info` is the webinar's title (spec §7). */
export const webinarTitled = (catalog: readonly CatalogEvent[], title: string): CatalogEvent | undefined =>
  catalog.find((item) => item.kind === "webinar" && item.title === title);

/** The start as its hosts say it: "Thursday, December 10, 2026, 10:00 AM CST (16:00 UTC)". */
export function whenInWords(item: Pick<CatalogEvent, "start" | "timezone">): string {
  const start = new Date(item.start);
  const local = new Intl.DateTimeFormat("en-US", {
    timeZone: item.timezone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(start);
  const zone = new Intl.DateTimeFormat("en-US", { timeZone: item.timezone, timeZoneName: "short" })
    .formatToParts(start)
    .find((part) => part.type === "timeZoneName")?.value;
  const utc = start.toISOString().slice(11, 16);
  return `${local} ${zone ?? item.timezone} (${utc} UTC)`;
}
