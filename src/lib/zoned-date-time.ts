// A date with a time, in an event's own zone, as visitors read it: "Thursday, December 10, 2026 at 10:00 AM CST".
// Made at build only (the `when` field of events and webinars, src/node/schema.ts): the browser makes no Intl
// object, whose first costs a phone a long task (see src/lib/dates.ts).

// Making an Intl.DateTimeFormat costs far more than using one: each zone's format is made once and reused.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(date: string | Date, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(date));
}
