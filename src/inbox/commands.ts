// What each command of `npm run leads` does (program.ts reads the command line): one function a command, in
// `COMMANDS`, each given the command as read and the store and settings of `InboxContext`, each resolving to the
// process's exit code. The store's own functions (src/server/store/) do the reading and writing; this file words
// what they return for a terminal.
import { createWriteStream, writeFileSync } from "fs";
import site from "../../content/site.json";
import { ATTRIBUTION_KEYS } from "../lib/attribution";
import { BOM, csvRow } from "../lib/csv";
import { CV_KINDS, sizeInWords } from "../lib/cv-file";
import { ANSWERS_FIELD } from "../lib/campaign-form";
import { exportFields } from "../lib/forms";
import { purge } from "../server/purge";
import { reportCsv, reportLines, buildReport } from "../server/report/report";
import { reportPage } from "../server/report/report-page";
import { SPAM_RETENTION_DAYS } from "../server/spam";
import { findComment, moderateComment, pendingComments } from "../server/store/comments";
import type { CvFiles } from "../server/store/cv-files";
import { eraseEmail } from "../server/store/erasure";
import { releaseSubmission } from "../server/store/intake";
import { migrate } from "../server/store/migrate";
import { drain, isStuck, storeNow, stuckOf, stuckSubmissions, waitingBySink, type Sink } from "../server/store/outbox";
import { getSubmission, listSubmissions } from "../server/store/queries";
import type { Store } from "../server/store/sql";
import { findSubscriber, listSubscribers, UNCONFIRMED_DAYS, type Subscriber } from "../server/store/subscribers";
import type { SinkName, Submission } from "../server/store/types";
import type { Command, ScheduledName } from "./program";

/** How a submission came, as `show` says it. */
const VIA: Record<string, string> = {
  form: "sent without script (a form post)",
  script: "sent by the site's script",
  calendly: "booked through Calendly (its webhook)",
};

export interface InboxContext {
  store: Store;
  sinks: readonly Sink[];
  retentionDays: number;
  rateWindowMs: number;
  out: (line: string) => void;
  /** applications and their CVs are deleted after this many days; default 180 */
  applicationsRetentionDays?: number;
  /** the file store of applicants' CVs (store/cv-files.ts), opened when a command needs it */
  files?: () => Promise<CvFiles>;
  /** the sinks a lead of this kind and way is delivered to (sinks/index.ts's `leadSinkNames`), for `release` */
  leadSinks?: (s: Submission) => SinkName[];
  /** the scheduled functions' handlers, as netlify/functions makes them, for `run` (scripts/leads.ts) */
  scheduled?: Partial<Record<ScheduledName, () => Promise<Response>>>;
}

/** The submission's own columns in `export --csv`: those before the forms' fields, and how it came, after them. */
const STORED_COLUMNS = [
  "id",
  "kind",
  "status",
  "received_at",
  "name",
  "email",
  "phone",
  "message",
  "page_url",
  // a campaign's lead: its page and its answers, a line a question (migration 0010), one cell a spreadsheet reads
  "campaign",
  "answers",
] as const;
const VISIT_COLUMNS = ["channel", "via"] as const;

/**
 * The columns of `export --csv`, in order: the submission's, then each field of the forms that no column holds
 * (src/lib/forms.ts's `exportFields`: a field added to a form is exported), then where it came from.
 */
export const CSV_COLUMNS: readonly string[] = [
  ...STORED_COLUMNS,
  ...exportFields(),
  ...VISIT_COLUMNS,
  ...ATTRIBUTION_KEYS,
];
const isOneOf = <T extends string>(list: readonly T[], column: string): column is T => list.some((c) => c === column);
const csvValue = (s: Submission, column: string) =>
  isOneOf([...STORED_COLUMNS, ...VISIT_COLUMNS], column)
    ? s[column]
    : isOneOf(ATTRIBUTION_KEYS, column)
      ? s.attribution?.[column]
      : s.fields?.[column];

/* eslint-disable no-control-regex -- showing control characters escaped is the point */
/**
 * Text from the store as a terminal shows it safely: a control character (a carriage return that would overwrite
 * the line, an escape that would recolour the terminal) is written as its escape, \r or \u001b.
 */
export const printable = (text: string): string =>
  text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, (c) =>
    c === "\n"
      ? "\\n"
      : c === "\r"
        ? "\\r"
        : c === "\t"
          ? "\\t"
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
/* eslint-enable no-control-regex */

const when = (at: Date | null) => (at ? new Date(at).toISOString().replace("T", " ").slice(0, 16) : "");
const cut = (text: string, width: number) => {
  const flat = printable(text.replace(/[ \t\r\n]+/g, " ").trim());
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]))
      .join("  ")
      .trimEnd(),
  );
}

/** A status as `list` shows it: why a held submission was held, and that a released one was. */
const statusWords = (s: Submission, stuck: boolean) =>
  s.status === "spam"
    ? `spam: ${s.spam_reason ?? "?"}`
    : `${s.status}${s.released_at ? `, released (held: ${s.spam_reason ?? "?"})` : ""}${stuck ? ", STUCK" : ""}`;

/**
 * A submission with a stuck delivery (one that failed its last automatic attempt) is listed as STUCK; one held as
 * spam with why, and how to deliver it.
 */
function list(ctx: InboxContext, rows: Submission[], stuck: ReadonlySet<string>) {
  if (!rows.length) return ctx.out("No submissions match.");
  table([
    ["ID", "RECEIVED (UTC)", "KIND", "STATUS", "CHANNEL", "NAME", "EMAIL", "MESSAGE"],
    ...rows.map((s) => [
      s.id.slice(0, 8),
      when(s.received_at),
      s.kind,
      cut(statusWords(s, stuck.has(s.id)), 48),
      cut(s.channel || "-", 16),
      cut(s.name, 24),
      printable(s.email),
      cut(s.message, 48),
    ]),
  ]).forEach(ctx.out);
  if (rows.some((s) => stuck.has(s.id)))
    ctx.out(
      "STUCK: a delivery failed its last automatic attempt; show ID says which, npm run leads -- replay attempts it again.",
    );
  if (rows.some((s) => s.status === "spam"))
    ctx.out(
      `spam: held, never delivered, deleted after ${SPAM_RETENTION_DAYS} days; npm run leads -- release ID delivers one as any lead.`,
    );
}

/** Delivers a submission held as spam (store/intake.ts's `releaseSubmission`): queued, then attempted now. */
async function release(ctx: InboxContext, id: string): Promise<number> {
  const found = await getSubmission(ctx.store, id);
  if (found === null) return (ctx.out(`No submission has an id starting with ${id}.`), 1);
  if (found === "ambiguous") return (ctx.out(`More than one submission starts with ${id}: give more of it.`), 1);
  if (found.status !== "spam")
    return (
      ctx.out(
        `The ${found.kind} ${found.id.slice(0, 8)} is not held as spam (${found.released_at ? `released ${when(found.released_at)} UTC` : found.status}).`,
      ),
      1
    );
  const sinks = ctx.leadSinks?.(found) ?? [];
  // released with no delivery, it would be lost again: in the store, unheld, and nobody told
  if (!sinks.length)
    return (
      ctx.out(
        `No sink is configured here (${[...new Set(Object.values(SINK_VARIABLES))].join(", ")}): run release with the site's settings, so that it is delivered as the site delivers.`,
      ),
      1
    );
  const released = await releaseSubmission(ctx.store, found.id, sinks);
  if (!released) return (ctx.out(`The ${found.kind} ${found.id.slice(0, 8)} was released meanwhile.`), 1);
  ctx.out(
    `Released the ${found.kind} ${found.id.slice(0, 8)} (held: ${found.spam_reason ?? "?"}); delivering it to ${sinks.join(", ")}.`,
  );
  // the visitor's own mail is not sent: a held lead carried a bot's sign, so its address may be a stranger's
  // (docs/store.md#spam)
  if (found.kind === "newsletter" || found.kind === "webinar")
    ctx.out("The visitor is not mailed (no confirmation or webinar details): write to them if they should be.");
  if (found.kind === "application") ctx.out("Its CV was not kept when it was held: ask the applicant for it.");
  const { delivered, failed } = await drain(ctx.store, ctx.sinks, { ids: [found.id] });
  ctx.out(`Delivered ${delivered}; ${failed.length} failed (kept for a retry, as any delivery).`);
  for (const f of failed) ctx.out(`  to ${f.sink}: ${f.error}`);
  return 0;
}

/** Runs a scheduled function's handler now, as its schedule does; it logs what it did, as on Netlify. */
async function runScheduled(ctx: InboxContext, job: Exclude<ScheduledName, "purge">): Promise<number> {
  const handler = ctx.scheduled?.[job];
  if (!handler) return (ctx.out(`${job} cannot be run from here.`), 1);
  const { status } = await handler();
  ctx.out(`${job} ran, as on its schedule; it answered ${status}.`);
  return status < 300 ? 0 : 1;
}

async function writeCsv(rows: Submission[], out: string | undefined, print: (line: string) => void) {
  const text = BOM + csvRow(CSV_COLUMNS) + rows.map((s) => csvRow(CSV_COLUMNS.map((c) => csvValue(s, c)))).join("");
  if (!out) return void process.stdout.write(text);
  await writeFile(out, text);
  print(`Wrote ${rows.length} submission${rows.length === 1 ? "" : "s"} to ${out}.`);
}

const writeFile = (path: string, text: string) =>
  new Promise<void>((resolve, reject) =>
    createWriteStream(path)
      .on("error", reject)
      .end(text, () => resolve()),
  );

/** Where a submission came from, a line a value, as `show` prints it. */
function attributionLines(s: Submission): string[] {
  const known = ATTRIBUTION_KEYS.filter((key) => s.attribution?.[key] !== undefined);
  return [
    `  channel: ${printable(s.channel || "(not recorded)")}, ${VIA[s.via] ?? `sent ${s.via}`}`,
    ...known.map((key) => `  ${key}: ${printable(s.attribution[key] || "(none)")}`),
  ];
}

/** Where a newsletter subscription stands (the double opt-in), as `show` prints it. */
const subscriptionLine = (s: Subscriber | null) =>
  !s
    ? "  subscription: none kept (deleted unconfirmed, or erased)"
    : s.status === "confirmed"
      ? `  subscription: confirmed ${when(s.confirmed_at)} UTC`
      : s.status === "unsubscribed"
        ? `  subscription: unsubscribed ${when(s.unsubscribed_at)} UTC`
        : `  subscription: unconfirmed since ${when(s.created_at)} UTC (deleted after ${UNCONFIRMED_DAYS} days)`;

/** What `show` says of a lead's Salesforce delivery when the visitor's browser posted it. */
const browserPosted = (s: Submission) =>
  s.via === "script" &&
  s.kind !== "comment" &&
  s.status !== "spam" &&
  `  Salesforce: posted by the visitor's browser as the page answered (Web-to-Lead gives the browser no receipt)`;

/** What `show` says of a stuck delivery: no automatic attempt is left, and whether the sales mailbox was told. */
const stuckWords = (alertedAt: Date | null) =>
  `, STUCK: that was its last automatic attempt; npm run leads -- replay attempts it again (${alertedAt ? `the sales mailbox was told ${when(alertedAt)}` : "the sales mailbox is not told yet"})`;

/** The variable that configures each sink, and how an erasure names where copies went. */
const SINK_VARIABLES: Record<SinkName, string> = {
  email: "SMTP_URL",
  webhook: "LEAD_WEBHOOK_URL",
  salesforce: "WEB_TO_LEAD_URL",
  visitor: "SMTP_URL",
};
const SINK_WORDS = {
  email: "e-mail to the company's mailbox",
  webhook: "the webhook (LEAD_WEBHOOK_URL)",
  salesforce: "Salesforce Web-to-Lead",
  visitor: "e-mail to the visitor's own address (a confirmation)",
} as const;

/** An application's CV in words, as `show` and `cv` name it. */
const cvWords = (s: Pick<Submission, "cv_name" | "cv_kind" | "cv_size">) =>
  `${printable(s.cv_name ?? "")} (${s.cv_kind ? CV_KINDS[s.cv_kind].extension.toUpperCase() : "?"}, ${sizeInWords(s.cv_size ?? 0)})`;

/** Writes an application's CV to a file (readable by this user only: it is personal data). */
async function writeCv(ctx: InboxContext, id: string, out: string): Promise<number> {
  const found = await getSubmission(ctx.store, id);
  if (found === null) return (ctx.out(`No submission has an id starting with ${id}.`), 1);
  if (found === "ambiguous") return (ctx.out(`More than one submission starts with ${id}: give more of it.`), 1);
  if (!found.cv_key) return (ctx.out(`The ${found.kind} ${found.id.slice(0, 8)} has no CV.`), 1);
  if (!ctx.files) return (ctx.out("No file store is configured here."), 1);
  const files = await ctx.files();
  const bytes = await files.get(found.cv_key);
  if (!bytes) return (ctx.out(`The CV of ${found.id.slice(0, 8)} is not in ${files.where}.`), 1);
  writeFileSync(out, bytes, { mode: 0o600 });
  ctx.out(`Wrote ${cvWords(found)} to ${out}.`);
  return 0;
}

/** Deletes the erased applications' CVs; one that cannot be deleted now has no row, and the purge deletes it. */
async function eraseFiles(ctx: InboxContext, keys: readonly string[]) {
  if (!keys.length) return;
  const files = await ctx.files?.().catch(() => null);
  let deleted = 0;
  for (const key of keys)
    if (
      files &&
      (await files.remove(key).then(
        () => true,
        () => false,
      ))
    )
      deleted += 1;
  if (deleted) ctx.out(`Deleted their ${deleted} CV file${deleted === 1 ? "" : "s"} from ${files!.where}.`);
  if (deleted < keys.length)
    ctx.out(
      `${keys.length - deleted} CV file${keys.length - deleted === 1 ? "" : "s"} could not be deleted now: \`npm run leads -- purge\` deletes ${keys.length - deleted === 1 ? "it" : "them"} once the file store can be reached (on Netlify, the daily purge does).`,
    );
}

type Of<N extends Command["name"]> = Extract<Command, { name: N }>;

/** A submission or its deliveries, as `show` prints them. */
async function show(ctx: InboxContext, { id }: Of<"show">): Promise<number> {
  const found = await getSubmission(ctx.store, id);
  if (found === null) return (ctx.out(`No submission has an id starting with ${id}.`), 1);
  if (found === "ambiguous") return (ctx.out(`More than one submission starts with ${id}: give more of it.`), 1);
  const { deliveries, fields, ...submission } = found;
  ctx.out(`${submission.kind} ${submission.id}, received ${when(submission.received_at)} UTC, ${submission.status}`);
  if (found.spam_reason)
    ctx.out(
      found.released_at
        ? `  held as spam (${found.spam_reason}), released ${when(found.released_at)} UTC`
        : `  held as spam (${found.spam_reason}): npm run leads -- release ${found.id.slice(0, 8)} delivers it`,
    );
  for (const [key, value] of Object.entries(fields))
    // a campaign's answers, a question a line (src/lib/campaign-form.ts); any other value on its line, escaped
    if (key === ANSWERS_FIELD) {
      ctx.out(`  ${key}:`);
      String(value)
        .split("\n")
        .forEach((line) => ctx.out(`    ${printable(line)}`));
    } else ctx.out(`  ${key}: ${printable(String(value))}`);
  if (found.cv_key) ctx.out(`  CV file: ${cvWords(found)}; npm run leads -- cv ${found.id.slice(0, 8)} FILE writes it`);
  attributionLines(found).forEach(ctx.out);
  if (found.kind === "newsletter") ctx.out(subscriptionLine(await findSubscriber(ctx.store, { email: found.email })));
  if (!deliveries.length)
    ctx.out(
      found.status === "spam"
        ? "  no deliveries (held as spam)"
        : "  no deliveries (none was configured when it arrived)",
    );
  const stuck = await stuckOf(ctx.store, [found.id]);
  for (const d of deliveries)
    ctx.out(
      `  delivery to ${d.sink}: ${d.status}, ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}` +
        (d.delivered_at ? `, delivered ${when(d.delivered_at)}` : "") +
        (d.answer ? ` (${printable(d.answer)})` : "") +
        (d.last_error ? `, last error: ${printable(d.last_error)}` : "") +
        (d.status !== "delivered"
          ? d.next_attempt_at
            ? `, next attempt ${when(d.next_attempt_at)}`
            : isStuck(d)
              ? stuckWords(stuck.find((s) => s.sink === d.sink)?.alerted_at ?? null)
              : ", waits for replay"
          : ""),
    );
  const browser = !deliveries.some((d) => d.sink === "salesforce") && browserPosted(found);
  if (browser) ctx.out(browser);
  return 0;
}

/** The comments waiting for a moderator. */
async function comments(ctx: InboxContext): Promise<number> {
  const pending = await pendingComments(ctx.store);
  if (!pending.length) return (ctx.out("No comment waits for a moderator."), 0);
  table([
    ["ID", "RECEIVED (UTC)", "POST", "NAME", "COMMENT"],
    ...pending.map((c) => [
      c.id.slice(0, 8),
      when(c.received_at),
      cut(c.page_path, 60),
      cut(c.name, 24),
      cut(c.text, 60),
    ]),
  ]).forEach(ctx.out);
  ctx.out("npm run leads -- approve ID (or reject ID)");
  return 0;
}

/** Approves or rejects a comment. */
async function moderate(ctx: InboxContext, command: Of<"approve"> | Of<"reject">): Promise<number> {
  const found = await findComment(ctx.store, command.id);
  if (found === null) return (ctx.out(`No comment has an id starting with ${command.id}.`), 1);
  if (found === "ambiguous") return (ctx.out(`More than one comment starts with ${command.id}: give more of it.`), 1);
  const done = await moderateComment(ctx.store, found.id, command.name);
  ctx.out(
    `${done?.moderation === "approved" ? "Approved" : "Rejected"}: ${cut(found.name, 100)} on ${cut(found.page_path, 200)}` +
      (done?.moderation === "approved" ? " (it shows within a minute; in the page's HTML from the next build)" : ""),
  );
  return 0;
}

/** The newsletter's addresses. */
async function subscribers(ctx: InboxContext, { status }: Of<"subscribers">): Promise<number> {
  const rows = await listSubscribers(ctx.store, status);
  if (!rows.length) return (ctx.out("No subscriber matches."), 0);
  table([
    ["EMAIL", "STATUS", "SUBSCRIBED (UTC)", "CONFIRMED (UTC)", "UNSUBSCRIBED (UTC)"],
    ...rows.map((r) => [
      printable(r.email),
      r.status,
      when(r.created_at),
      when(r.confirmed_at),
      when(r.unsubscribed_at),
    ]),
  ]).forEach(ctx.out);
  return 0;
}

/** The leads report: in the terminal, as CSV, or as the page (src/server/report/). */
async function report(ctx: InboxContext, command: Of<"report">): Promise<number> {
  const leads = (n: number) => `${n} lead${n === 1 ? "" : "s"}`;
  if (command.html) {
    const page = await reportPage(ctx.store, command.by, command.since, command.until, site.title);
    await writeFile(command.html, page.html);
    ctx.out(`Wrote the report (${leads(page.report.total)}) to ${command.html}.`);
    return 0;
  }
  const built = await buildReport(ctx.store, command.by, command.since, command.until);
  if (!command.csv) reportLines(built, printable).forEach(ctx.out);
  else if (!command.out) process.stdout.write(BOM + reportCsv(built));
  else {
    await writeFile(command.out, BOM + reportCsv(built));
    ctx.out(`Wrote the report (${leads(built.total)}) to ${command.out}.`);
  }
  return 0;
}

/** Attempts every delivery that has not succeeded, in batches, each once. */
async function replay(ctx: InboxContext): Promise<number> {
  for (const w of await waitingBySink(ctx.store))
    if (!ctx.sinks.some((s) => s.name === w.sink))
      ctx.out(
        `${w.n} deliver${w.n === 1 ? "y waits" : "ies wait"} for ${w.sink}, which is not configured here (${SINK_VARIABLES[w.sink]}).`,
      );
  let delivered = 0;
  const failed: Awaited<ReturnType<typeof drain>>["failed"] = [];
  // those attempted since the replay began are not taken again
  const began = await storeNow(ctx.store);
  for (;;) {
    const batch = await drain(ctx.store, ctx.sinks, { all: 50, notSince: began });
    delivered += batch.delivered;
    failed.push(...batch.failed);
    if (batch.delivered + batch.failed.length === 0) break;
  }
  ctx.out(`Delivered ${delivered}; ${failed.length} still failing.`);
  for (const f of failed) ctx.out(`  ${f.id.slice(0, 8)} to ${f.sink}: ${f.error}`);
  return failed.length ? 1 : 0;
}

/** A right-to-erasure request: the submissions go, and the operator is told where copies went. */
async function erase(ctx: InboxContext, { email }: Of<"erase">): Promise<number> {
  const erased = await eraseEmail(ctx.store, email);
  const kinds = Object.entries(erased.removed).map(([kind, n]) => `${n} ${kind}`);
  ctx.out(
    `Erased ${erased.total} submission${erased.total === 1 ? "" : "s"} of ${email}${kinds.length ? ` (${kinds.join(", ")})` : ""}, with their deliveries; the tables' files are rewritten without them.`,
  );
  if (erased.copies.length) {
    ctx.out("Copies had already left the store; erase them there too:");
    for (const c of erased.copies)
      ctx.out(
        `  ${SINK_WORDS[c.sink]}: the ${c.kind} of ${when(c.receivedAt)}, ${c.deliveredAt ? `delivered ${when(c.deliveredAt)}` : `attempted (${c.status})`}`,
      );
  }
  await eraseFiles(ctx, erased.cvKeys);
  if (erased.total)
    ctx.out(
      "If Salesforce Web-to-Lead is configured (content/site.json), contact, newsletter and webinar leads also went there when they were received, from the visitor's browser or from the server: erase the lead in Salesforce.",
    );
  return 0;
}

/** The purge, now (src/server/purge.ts), and what it deleted. */
async function purgeNow(ctx: InboxContext): Promise<number> {
  const applicationsRetentionDays = ctx.applicationsRetentionDays ?? 180;
  const files = ctx.files ? await ctx.files() : null;
  const purged = await purge(ctx.store, files, { ...ctx, applicationsRetentionDays });
  const total = purged.submissions;
  ctx.out(
    `Deleted ${total} submission${total === 1 ? "" : "s"} older than ${ctx.retentionDays} days (spam: ${Math.min(SPAM_RETENTION_DAYS, ctx.retentionDays)} days).`,
  );
  if (purged.applications || purged.files)
    ctx.out(
      `Deleted ${purged.applications} application${purged.applications === 1 ? "" : "s"} older than ${applicationsRetentionDays} days, and ${purged.files} CV file${purged.files === 1 ? "" : "s"} (theirs, and any left without a submission for over an hour).`,
    );
  if (purged.unconfirmed)
    ctx.out(
      `Deleted ${purged.unconfirmed} newsletter subscription${purged.unconfirmed === 1 ? "" : "s"} left unconfirmed for ${UNCONFIRMED_DAYS} days.`,
    );
  return 0;
}

/** Every command's function: the one place a command's name leads to what it does. */
const COMMANDS: { [N in Command["name"]]: (ctx: InboxContext, command: Of<N>) => Promise<number> } = {
  async list(ctx, command) {
    const rows = command.stuck
      ? await stuckSubmissions(ctx.store, command.filter)
      : await listSubmissions(ctx.store, command.filter);
    const stuck = await stuckOf(
      ctx.store,
      rows.map((s) => s.id),
    );
    list(ctx, rows, new Set(stuck.map((d) => d.submission_id)));
    return 0;
  },
  show,
  cv: (ctx, command) => writeCv(ctx, command.id, command.out),
  release: (ctx, command) => release(ctx, command.id),
  run: (ctx, command) => runScheduled(ctx, command.job),
  comments,
  approve: moderate,
  reject: moderate,
  async export(ctx, command) {
    // the newsletter's part is the list marketing may mail: confirmed addresses only (the double opt-in)
    await writeCsv(
      await listSubmissions(ctx.store, { ...command.filter, confirmedOnly: true }, "oldest"),
      command.out,
      ctx.out,
    );
    return 0;
  },
  subscribers,
  report,
  replay,
  erase,
  purge: purgeNow,
  async migrate(ctx) {
    const applied = await migrate(ctx.store);
    ctx.out(applied.length ? `Applied ${applied.join(", ")}.` : "Every migration is applied already.");
    return 0;
  },
  help: async () => 0,
};

/** Runs one command of `npm run leads`; resolves to the process's exit code. */
export function runCommand(command: Command, ctx: InboxContext): Promise<number> {
  return (COMMANDS[command.name] as (ctx: InboxContext, command: Command) => Promise<number>)(ctx, command);
}
