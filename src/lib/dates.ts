// Dates as visitors read them. Content stores ISO dates; times show in the event's own time zone.

// The first Intl object a page makes costs 20–50 ms in Chromium (it loads the locale's data), four times that
// on the phone Lighthouse simulates: one blocking task in the middle of hydration. So the browser never makes
// one. A day is written out by hand, exactly as Intl's en-US "long" date style writes it (the unit test
// compares the two over every day of several years); a date with a time in a zone is formatted at build time
// (src/node/zoned-date-time.ts, the `when` field of events and webinars), where Node pays for Intl once per build.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "November 22, 2026": the calendar day of an ISO date, in UTC. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
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
