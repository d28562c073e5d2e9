// iCalendar (RFC 5545) for the webinars and events: the "Add to calendar" files the build writes, and the invitation
// a registered guest receives by e-mail. An event keeps one UID wherever it is written, so a second download or a
// later mail updates the entry in the visitor's calendar instead of adding another.

export interface CalendarEvent {
  /** stable for the event: a second download replaces the entry */
  uid: string;
  title: string;
  start: Date;
  minutes: number;
  description?: string;
  location?: string;
  /** the page of the event */
  url?: string;
  /** raised when a change should replace what a calendar holds (RFC 5545 §3.8.7.4) */
  sequence?: number;
}

export interface CalendarOptions {
  /** the calendar's maker, e.g. "-//Tidewell Consulting//Website//EN" */
  prodId: string;
  /** when the file is written: each event's DTSTAMP */
  now: Date;
  organizer?: { name: string; email: string };
}

/** A UTC date-time as iCalendar writes it: 20260917T160000Z. */
export const icsTime = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT as RFC 5545 §3.3.11 escapes it: backslash, semicolon, comma and line breaks. */
export const icsText = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): continued lines start with a space, and no UTF-8 character is
 * split between two lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length ? 74 : 75; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(event: CalendarEvent, options: CalendarOptions): string[] {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(options.now)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(options.organizer
      ? [`ORGANIZER;CN=${icsText(options.organizer.name).replace(/"/g, "")}:mailto:${options.organizer.email}`]
      : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

/** One calendar file, CRLF line ends, lines folded: what calendars import. */
export function icsCalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${options.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap((event) => eventLines(event, options)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** An event's UID: its page's path on the site's host, the same in every file and mail. */
export const eventUid = (path: string, siteUrl: string): string =>
  `${path.replace(/^\/+/, "").replace(/[^A-Za-z0-9-]+/g, "-")}@${new URL(siteUrl).hostname}`;
