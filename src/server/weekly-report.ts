// The weekly report (netlify/functions/weekly-report.ts, Mondays): the marketing mailbox gets the page of leads per
// week of the last eight whole weeks, attached. The page is the one `npm run leads -- report --html FILE` writes for
// the same weeks: both draw it with src/server/report/report-page.tsx's `reportPage`. Counts only: the page holds no
// one's personal data. The mail says too how many submissions the spam rules held, and how to see them (nobody else
// would be told).
import type { EndpointSettings } from "./config";
import type { Held } from "./store/lead-counts";
import { heldWords } from "./report/report";
import { reportPage } from "./report/report-page";
import { mailTransport } from "./sinks/email";
import { errorCode, type Store } from "./store/sql";

export const REPORT_WEEKS = 8;
const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/** The last `weeks` whole weeks before `now`: from a Monday 00:00 UTC to this week's Monday 00:00 UTC. */
export function lastWholeWeeks(now: Date, weeks = REPORT_WEEKS): { since: Date; until: Date } {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  until.setUTCDate(until.getUTCDate() - ((until.getUTCDay() + 6) % 7));
  return { since: new Date(until.getTime() - weeks * 7 * DAY_MS), until };
}

/** The command, as typed in a terminal, that writes the same page. */
export const reportArguments = (since: Date, until: Date, file: string) => [
  "report",
  "--since",
  day(since),
  "--until",
  day(until),
  "--html",
  file,
];

/** The mail: a few lines, and the page attached (a mail program shows only part of a page's styles). */
export function reportMail(html: string, since: Date, until: Date, siteTitle: string, held?: Held) {
  const last = day(new Date(until.getTime() - DAY_MS));
  const filename = `leads-report-${day(until)}.html`;
  const spam = heldWords(held);
  return {
    subject: `${siteTitle}: leads per week, ${day(since)} to ${last}`,
    text: [
      `The leads of the last ${REPORT_WEEKS} weeks, ${day(since)} to ${last} (weeks from Monday, UTC), by channel: open`,
      `the attached page, ${filename}, in a browser. It loads nothing from elsewhere.`,
      ...(spam ? ["", spam] : []),
      "",
      "The same page from a terminal that reaches the site's store:",
      `  npm run leads -- ${reportArguments(since, until, "report.html").join(" ")}`,
    ].join("\n"),
    attachments: [{ filename, content: html, contentType: "text/html; charset=utf-8" }],
  };
}

export interface ReportJob {
  settings: EndpointSettings;
  /** The submissions store; it rejects when the store cannot be reached. */
  store: () => Promise<Store>;
  siteTitle: string;
  now?: () => Date;
}

/** The scheduled function: the platform invokes it with a Request (its body names the next run) and reads nothing back. */
export function createWeeklyReport({ settings, store, siteTitle, now = () => new Date() }: ReportJob) {
  return async function reportOnSchedule(): Promise<Response> {
    if (!settings.smtpUrl) {
      console.error("weekly-report: SMTP_URL is not set, so the report is not mailed");
      return new Response(null, { status: 204 });
    }
    const { since, until } = lastWholeWeeks(now());
    let page: Awaited<ReturnType<typeof reportPage>>;
    try {
      page = await reportPage(await store(), "channel", since, until, siteTitle);
    } catch (error) {
      console.error(`weekly-report: the report could not be made (${errorCode(error)}: ${(error as Error).message})`);
      return new Response(null, { status: 503 });
    }
    const transport = mailTransport(settings.smtpUrl);
    try {
      await transport.sendMail({
        from: settings.mailFrom,
        to: settings.marketingMailbox,
        ...reportMail(page.html, since, until, siteTitle, page.report.held),
        headers: { "Auto-Submitted": "auto-generated" },
      });
    } catch (error) {
      console.error(`weekly-report: the report could not be mailed (${(error as Error).message})`);
      return new Response(null, { status: 502 });
    } finally {
      transport.close();
    }
    console.log(`weekly-report: the leads of ${day(since)} to ${day(until)} mailed to ${settings.marketingMailbox}`);
    return new Response(null, { status: 204 });
  };
}
