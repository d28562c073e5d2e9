import React, { Fragment } from "react";
import { CHART_SERIES, FILE_POLICY, PageShell, renderPage } from "../page-shell";
import type { ReportDimension } from "../store/lead-counts";
import type { Sql } from "../store/sql";
import { bookingWords, buildReport, countOf, day, heldWords, keyTotal, weekTotal, type Report } from "./report";

// `npm run leads -- report --html FILE`, and the weekly report's attachment: the report (report.ts) as one page a
// marketer opens from the file, in the functions' page shell: the chart, then the tables; no script, nothing loaded
// from elsewhere, and a policy in the page itself that allows nothing else. The dimension's values (a campaign, a
// landing page) come from what visitors sent: React escapes them.

const colour = (i: number) => `var(--${CHART_SERIES[i % CHART_SERIES.length]})`;

/** An inline SVG: a bar a week, stacked by the dimension's values, with a legend; no script. */
function Chart({ report }: { report: Report }) {
  const width = 760;
  const height = 280;
  const left = 40;
  const bottom = 40;
  const top = 16;
  const max = Math.max(1, ...report.weeks.map((week) => weekTotal(report, week)));
  const step = (width - left - 8) / Math.max(1, report.weeks.length);
  const bar = Math.max(4, step * 0.7);
  const scale = (n: number) => (n / max) * (height - top - bottom);
  const ticks = [0, Math.ceil(max / 2), max].map((tick) => {
    const y = height - bottom - scale(tick);
    return (
      <Fragment key={`tick-${tick}`}>
        <line x1={left} x2={width} y1={y} y2={y} className="grid" />
        <text x={left - 6} y={y + 4} textAnchor="end">
          {tick}
        </text>
      </Fragment>
    );
  });
  const weeks = report.weeks.map((week, w) => {
    const x = left + w * step + (step - bar) / 2;
    let y = height - bottom;
    const blocks = report.keys.map((key, k) => {
      const n = countOf(report, week, key);
      if (!n) return null;
      const h = scale(n);
      y -= h;
      return (
        <rect key={key} x={x.toFixed(1)} y={y.toFixed(1)} width={bar.toFixed(1)} height={h.toFixed(1)} fill={colour(k)}>
          <title>{`${week}: ${key}, ${n}`}</title>
        </rect>
      );
    });
    return (
      <Fragment key={week}>
        {blocks}
        {report.weeks.length <= 16 || w % 2 === 0 ? (
          <text x={(x + bar / 2).toFixed(1)} y={height - bottom + 16} textAnchor="middle">
            {week.slice(5)}
          </text>
        ) : null}
      </Fragment>
    );
  });
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-title">
        <title id="chart-title">{`Leads per week by ${report.by}`}</title>
        {ticks}
        {weeks}
      </svg>
      <figcaption>
        <ul className="legend">
          {report.keys.map((key, k) => (
            <li key={key}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={colour(k)} />
              </svg>{" "}
              {key}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** A week a row, the dimension's values as columns, with totals both ways. */
function Table({ report }: { report: Report }) {
  return (
    <div className="scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {report.keys.map((key) => (
              <th key={key} scope="col">
                {key}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {report.weeks.map((week) => (
            <tr key={week}>
              <th scope="row">{week}</th>
              {report.keys.map((key) => (
                <td key={key}>{countOf(report, week, key)}</td>
              ))}
              <td>{weekTotal(report, week)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {report.keys.map((key) => (
              <td key={key}>{keyTotal(report, key)}</td>
            ))}
            <td>{report.total}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** One page a marketer opens: the chart, then the table (and the one by channel, when given and not the same). */
export function reportHtml(report: Report, siteTitle: string, channels?: Report): string {
  const title = `Leads per week by ${report.by}`;
  return renderPage(
    <PageShell title={title} home={null} siteTitle={siteTitle} policy={FILE_POLICY} wide>
      <h1>{title}</h1>
      <p className="meta">
        {siteTitle}: {report.total} lead{report.total === 1 ? "" : "s"} from {day(report.since)} to {day(report.until)}{" "}
        (weeks from Monday, UTC). Spam is not counted; erased submissions are gone.
      </p>
      {bookingWords(report) ? <p className="meta">{bookingWords(report)}</p> : null}
      {heldWords(report.held) ? <p className="meta">{heldWords(report.held)}</p> : null}
      {report.total ? <Chart report={report} /> : <p>No leads in this range.</p>}
      <h2>By {report.by}</h2>
      <Table report={report} />
      {channels && report.by !== "channel" ? (
        <>
          <h2>By channel</h2>
          <Table report={channels} />
        </>
      ) : null}
    </PageShell>,
  );
}

/** The page of the leads of a range by `by` (with the table by channel under it): the one both callers write. */
export async function reportPage(store: Sql, by: ReportDimension, since: Date, until: Date, siteTitle: string) {
  const report = await buildReport(store, by, since, until);
  const channels = by === "channel" ? undefined : await buildReport(store, "channel", since, until);
  return { report, html: reportHtml(report, siteTitle, channels) };
}
