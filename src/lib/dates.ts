// Dates as visitors read them. Content stores ISO dates; times show in the event's own time zone.

// Making an Intl.DateTimeFormat costs far more than using one (about a millisecond against microseconds):
// each format is made once and reused, which matters for lists of posts and for thousands of pages at build.
// They are made on first use, not when the module loads, so a page without dates pays nothing.
let dayFormat: Intl.DateTimeFormat | null = null;
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  return dayFormat.format(new Date(iso));
}

export function formatDateTime(iso: string, timeZone: string): string {
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
  return format.format(new Date(iso));
}

/** Splits dated items into upcoming (soonest first) and past (latest first) at the instant `now`. */
export function splitByDate<T extends { readonly date: string }>(
  items: readonly T[],
  now: Date,
): { upcoming: T[]; past: T[] } {
  const at = (item: T) => new Date(item.date).getTime();
  const upcoming = items.filter((i) => at(i) >= now.getTime()).sort((a, b) => at(a) - at(b));
  const past = items.filter((i) => at(i) < now.getTime()).sort((a, b) => at(b) - at(a));
  return { upcoming, past };
}
