// The leads report: leads per week, by where they came from, for the marketing team, from the counts of
// store/lead-counts.ts: in the terminal (`npm run leads -- report`, src/inbox/), as CSV, or as one page with a chart
// (report-page.tsx), which the weekly report mails too (src/server/weekly-report.ts). It is here, below both, so
// that the function does not reach up into the inbox. Spam is not counted; erased submissions are gone from the
// store. A booking through Calendly is a lead of its own kind (`--by kind` shows it beside the enquiries), counted
// when it was booked; moved to another time it is still one lead, so its new time is not counted again; and the
// report says how many of the range's bookings were cancelled since. What the endpoint held as spam is counted
// apart, by why, so that nobody loses a lead to the spam rules unseen (issue 54): those still held, and those a
// person released since (counted with the leads too).
import { csvRow } from "../../lib/csv";
import type { Sql } from "../store/sql";
import { bookingsOf, heldOf, leadsPerWeek, type Held, type ReportDimension } from "../store/lead-counts";

/** A submission with nothing known of this dimension. */
export const UNKNOWN = "(not known)";

export interface Report {
  by: ReportDimension;
  since: Date;
  until: Date;
  /** the Mondays (UTC) of the weeks in the range, oldest first, as YYYY-MM-DD */
  weeks: string[];
  /** the dimension's values, the most leads first */
  keys: string[];
  /** leads by week, then by key */
  counts: Map<string, Map<string, number>>;
  total: number;
  /** the bookings among the leads, and how many of them were cancelled since (at their latest time) */
  bookings?: { booked: number; cancelled: number };
  /** what the endpoint held as spam in the range */
  held?: Held;
}

/** The held spam in words, under the table, on the page and in the weekly mail; null when there is none. */
export function heldWords(held: Held | undefined): string | null {
  if (!held || !(held.held + held.released)) return null;
  const why = held.reasons.map((r) => `${r.n} ${r.reason}`).join(", ");
  const still = held.held
    ? `${held.held} submission${held.held === 1 ? " was" : "s were"} held as spam (${why}) and delivered to no one: ` +
      "npm run leads -- list --spam shows them, npm run leads -- release ID delivers one."
    : "No submission is held as spam.";
  const released = held.released
    ? ` ${held.released} held one${held.released === 1 ? " was" : "s were"} released since and ${held.released === 1 ? "is" : "are"} counted with the leads.`
    : "";
  return `${still}${released}`;
}

export const day = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (UTC) of the week of `at`. */
function mondayOf(at: Date): Date {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

export async function buildReport(store: Sql, by: ReportDimension, since: Date, until: Date): Promise<Report> {
  const rows = await leadsPerWeek(store, by, since, until);
  const bookings = await bookingsOf(store, since, until);
  const held = await heldOf(store, since, until);
  const weeks: string[] = [];
  for (let monday = mondayOf(since); monday < until; monday.setUTCDate(monday.getUTCDate() + 7))
    weeks.push(day(monday));
  const counts = new Map(weeks.map((week) => [week, new Map<string, number>()]));
  const totals = new Map<string, number>();
  for (const { week, key, n } of rows) {
    const name = key || UNKNOWN;
    counts.get(week)?.set(name, (counts.get(week)?.get(name) ?? 0) + n);
    totals.set(name, (totals.get(name) ?? 0) + n);
  }
  const keys = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b));
  return {
    by,
    since,
    until,
    weeks,
    keys,
    counts,
    total: [...totals.values()].reduce((a, b) => a + b, 0),
    bookings,
    held,
  };
}

export const countOf = (report: Report, week: string, key: string) => report.counts.get(week)?.get(key) ?? 0;
export const weekTotal = (report: Report, week: string) =>
  [...(report.counts.get(week)?.values() ?? [])].reduce((a, b) => a + b, 0);
export const keyTotal = (report: Report, key: string) =>
  report.weeks.reduce((n, week) => n + countOf(report, week, key), 0);

/** The bookings in words, under the table and on the page; null when the range has none. */
export function bookingWords({ bookings }: Report): string | null {
  if (!bookings?.booked) return null;
  const cancelled = bookings.cancelled ? `, ${bookings.cancelled} of them cancelled since` : ", none cancelled";
  return `${bookings.booked} of these leads booked a consultation through Calendly${cancelled} (a booking moved to another time counts once).`;
}

/** At most this many columns in the terminal; the rest are added up as "(others)". */
const COLUMNS = 7;

/** The report as the terminal shows it: a week a row, the dimension's values as columns. */
export function reportLines(report: Report, printable: (text: string) => string): string[] {
  const head = `Leads per week by ${report.by}, ${day(report.since)} to ${day(report.until)} (UTC; spam not counted): ${report.total}`;
  if (!report.total) return [head, "No leads in this range.", ...[heldWords(report.held) ?? []].flat()];
  const shown = report.keys.slice(0, COLUMNS);
  const others = report.keys.slice(COLUMNS);
  const header = ["WEEK OF", ...shown.map(printable), ...(others.length ? ["(others)"] : []), "TOTAL"];
  const row = (label: string, count: (key: string) => number, total: number) => [
    label,
    ...shown.map((key) => String(count(key))),
    ...(others.length ? [String(others.reduce((n, key) => n + count(key), 0))] : []),
    String(total),
  ];
  const rows = [
    header,
    ...report.weeks.map((week) => row(week, (key) => countOf(report, week, key), weekTotal(report, week))),
    row("TOTAL", (key) => keyTotal(report, key), report.total),
  ];
  const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const bookings = bookingWords(report);
  const held = heldWords(report.held);
  return [
    head,
    "",
    ...rows.map((r) => r.map((cell, c) => (c ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join("  ")),
    ...(bookings ? ["", bookings] : []),
    ...(held ? ["", held] : []),
  ];
}

/** The report as CSV: a row a week and value, with its count (weeks without leads are left out). */
export function reportCsv(report: Report): string {
  const lines = [csvRow(["week", report.by, "leads"])];
  for (const week of report.weeks)
    for (const key of report.keys) {
      const n = countOf(report, week, key);
      if (n) lines.push(csvRow([week, key, n]));
    }
  return lines.join("");
}
