import { tokensRule } from "../../lib/design-tokens";
import { escapeHtml } from "../html-page";
import type { Sql } from "../store/sql";
import { csvRow } from "./csv";

// `npm run leads -- report`: leads per week, by where they came from, for the marketing team: in the terminal, as
// CSV, or as one page with a chart. Spam is not counted; erased submissions are gone from the store.

/** What a report can be broken down by, and the SQL of each (a fixed list: nothing typed reaches the SQL). */
const DIMENSIONS = {
  channel: "NULLIF(channel, '')",
  source: "attribution->>'utm_source'",
  campaign: "attribution->>'utm_campaign'",
  landing: "attribution->>'landing_page'",
  page: "attribution->>'page'",
  kind: "kind",
} as const;
export type ReportDimension = keyof typeof DIMENSIONS;
export const REPORT_DIMENSIONS = Object.keys(DIMENSIONS) as ReportDimension[];

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
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (UTC) of the week of `at`. */
function mondayOf(at: Date): Date {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

export async function buildReport(store: Sql, by: ReportDimension, since: Date, until: Date): Promise<Report> {
  const { rows } = await store.query<{ week: string; key: string | null; n: number }>(
    `SELECT to_char(date_trunc('week', received_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
            ${DIMENSIONS[by]} AS key, count(*)::int AS n
       FROM submissions
      WHERE status <> 'spam' AND received_at >= $1 AND received_at < $2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [since, until],
  );
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
  return { by, since, until, weeks, keys, counts, total: [...totals.values()].reduce((a, b) => a + b, 0) };
}

const countOf = (report: Report, week: string, key: string) => report.counts.get(week)?.get(key) ?? 0;
const weekTotal = (report: Report, week: string) =>
  [...(report.counts.get(week)?.values() ?? [])].reduce((a, b) => a + b, 0);
const keyTotal = (report: Report, key: string) => report.weeks.reduce((n, week) => n + countOf(report, week, key), 0);

/** At most this many columns in the terminal; the rest are added up as "(others)". */
const COLUMNS = 7;

/** The report as the terminal shows it: a week a row, the dimension's values as columns. */
export function reportLines(report: Report, printable: (text: string) => string): string[] {
  const head = `Leads per week by ${report.by}, ${day(report.since)} to ${day(report.until)} (UTC; spam not counted): ${report.total}`;
  if (!report.total) return [head, "No leads in this range."];
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
  return [
    head,
    "",
    ...rows.map((r) => r.map((cell, c) => (c ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join("  ")),
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

const SERIES = [
  "color-chart-1",
  "color-chart-2",
  "color-chart-3",
  "color-chart-4",
  "color-chart-5",
  "color-chart-6",
  "color-chart-7",
  "color-chart-8",
] as const;

/** An inline SVG: a bar a week, stacked by the dimension's values, with a legend; no script. */
function chartSvg(report: Report): string {
  const width = 760;
  const height = 280;
  const left = 40;
  const bottom = 40;
  const top = 16;
  const max = Math.max(1, ...report.weeks.map((week) => weekTotal(report, week)));
  const step = (width - left - 8) / Math.max(1, report.weeks.length);
  const bar = Math.max(4, step * 0.7);
  const scale = (n: number) => (n / max) * (height - top - bottom);
  const colour = (i: number) => `var(--${SERIES[i % SERIES.length]})`;
  const parts: string[] = [];
  for (const tick of [0, Math.ceil(max / 2), max]) {
    const y = height - bottom - scale(tick);
    parts.push(
      `<line x1="${left}" x2="${width}" y1="${y}" y2="${y}" class="grid"/><text x="${left - 6}" y="${y + 4}" text-anchor="end">${tick}</text>`,
    );
  }
  report.weeks.forEach((week, w) => {
    const x = left + w * step + (step - bar) / 2;
    let y = height - bottom;
    report.keys.forEach((key, k) => {
      const n = countOf(report, week, key);
      if (!n) return;
      const h = scale(n);
      y -= h;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" fill="${colour(k)}"><title>${escapeHtml(`${week}: ${key}, ${n}`)}</title></rect>`,
      );
    });
    if (report.weeks.length <= 16 || w % 2 === 0)
      parts.push(
        `<text x="${(x + bar / 2).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle">${week.slice(5)}</text>`,
      );
  });
  const legend = report.keys
    .map(
      (key, k) =>
        `<li><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${colour(k)}"/></svg> ${escapeHtml(key)}</li>`,
    )
    .join("");
  return `<figure><svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title"><title id="chart-title">Leads per week by ${report.by}</title>${parts.join("")}</svg><figcaption><ul class="legend">${legend}</ul></figcaption></figure>`;
}

function tableHtml(report: Report): string {
  const head = `<tr><th scope="col">Week of</th>${report.keys.map((key) => `<th scope="col">${escapeHtml(key)}</th>`).join("")}<th scope="col">Total</th></tr>`;
  const rows = report.weeks
    .map(
      (week) =>
        `<tr><th scope="row">${week}</th>${report.keys.map((key) => `<td>${countOf(report, week, key)}</td>`).join("")}<td>${weekTotal(report, week)}</td></tr>`,
    )
    .join("");
  const total = `<tr><th scope="row">Total</th>${report.keys.map((key) => `<td>${keyTotal(report, key)}</td>`).join("")}<td>${report.total}</td></tr>`;
  return `<table><thead>${head}</thead><tbody>${rows}</tbody><tfoot>${total}</tfoot></table>`;
}

const STYLE = `${tokensRule([
  "color-brand",
  "color-ink",
  "color-text",
  "color-muted",
  "color-line",
  "color-surface",
  "color-surface-alt",
  "font-sans",
  ...SERIES,
])}
body{font:15px/1.5 var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);margin:0;padding:2rem}
main{max-width:64rem;margin:0 auto;background:var(--color-surface);padding:2rem;border-radius:12px}
h1,h2{color:var(--color-ink)}h1{font-size:1.5rem;margin-top:0}.meta{color:var(--color-muted)}
svg text{font:11px var(--font-sans);fill:var(--color-muted)}.grid{stroke:var(--color-line)}figure{margin:1rem 0 2rem}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0 0 2.5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .75rem;border-bottom:1px solid var(--color-line);text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left}thead th{color:var(--color-ink)}tfoot{font-weight:700}`;

/** One page a marketer opens: the chart, then the table; no script, nothing loaded from elsewhere. */
export function reportHtml(report: Report, siteTitle: string, channels?: Report): string {
  const title = `Leads per week by ${report.by}`;
  const byChannel =
    channels && report.by !== "channel" ? `<h2>By channel</h2><div class="scroll">${tableHtml(channels)}</div>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${title} | ${siteTitle}`)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="meta">${escapeHtml(siteTitle)}: ${report.total} lead${report.total === 1 ? "" : "s"} from ${day(report.since)} to ${day(report.until)} (weeks from Monday, UTC). Spam is not counted; erased submissions are gone.</p>${report.total ? chartSvg(report) : "<p>No leads in this range.</p>"}<h2>By ${escapeHtml(report.by)}</h2><div class="scroll">${tableHtml(report)}</div>${byChannel}</main></body></html>`;
}
