import { parseArgs as parseArgv } from "node:util";
import { LEAD_KINDS } from "../../lib/forms";
import type { Filter, SubmissionKind, SubmissionStatus } from "../store/submissions";
import type { SubscriberStatus } from "../store/subscribers";
import { REPORT_DIMENSIONS, type ReportDimension } from "./report";

/** Every kind of submission: the forms' (src/lib/forms.ts) and Calendly's bookings. */
export const KINDS: readonly SubmissionKind[] = [...LEAD_KINDS, "booking"];
export const STATUSES: readonly SubmissionStatus[] = ["received", "delivered", "failed", "spam"];
const SUBSCRIBER_STATUSES: readonly SubscriberStatus[] = ["unconfirmed", "confirmed", "unsubscribed"];
/**
 * The scheduled functions `run` runs now (netlify/functions: on Netlify they run only on their schedule, and their
 * addresses answer 404, locally too: src/server/netlify-emulation.ts). `run purge` is the `purge` command.
 */
export const SCHEDULED = ["deliver", "purge", "weekly-report"] as const;
export type ScheduledName = (typeof SCHEDULED)[number];

export type Command =
  | { name: "list"; filter: Filter; stuck?: boolean }
  | { name: "show"; id: string }
  | { name: "cv"; id: string; out: string }
  | { name: "comments" }
  | { name: "release"; id: string }
  | { name: "approve"; id: string }
  | { name: "reject"; id: string }
  | { name: "export"; filter: Filter; out?: string }
  | { name: "report"; since: Date; until: Date; by: ReportDimension; csv: boolean; html?: string; out?: string }
  | { name: "subscribers"; status?: SubscriberStatus }
  | { name: "replay" }
  | { name: "erase"; email: string }
  | { name: "purge" }
  | { name: "run"; job: Exclude<ScheduledName, "purge"> }
  | { name: "migrate" }
  | { name: "help" };

/** Every option of every command, as node:util's parseArgs reads them. */
const OPTIONS = {
  kind: { type: "string" },
  status: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  by: { type: "string" },
  html: { type: "string" },
  limit: { type: "string" },
  csv: { type: "boolean" },
  stuck: { type: "boolean" },
  spam: { type: "boolean" },
  out: { type: "string" },
  email: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;
type Option = keyof typeof OPTIONS;

/**
 * The commands, the one list of them: the help text is written from it, and the parser takes its command names
 * and the options each command accepts from it. `help` lines are printed as they are, under the command's line.
 */
const COMMANDS: Record<Command["name"], { line: string; help: string[]; options?: readonly Option[] }> = {
  list: {
    line: "list",
    options: ["kind", "status", "since", "limit", "stuck", "spam"],
    help: [
      "the newest submissions (the default command)",
      `    --kind K         ${KINDS.slice(0, -1).join(", ")} or ${KINDS[KINDS.length - 1]}`,
      "    --status S       received, delivered, failed or spam (spam is kept 30 days for review)",
      "    --since WHEN     a date (2026-11-01), a time (2026-11-01T09:30Z) or a duration back from now (7d, 24h, 30m)",
      "    --limit N        at most N rows (default 50)",
      "    --stuck          only those with a delivery that failed its last automatic attempt (STUCK: see replay)",
      "    --spam           only those the endpoint held as spam, with why (kept 30 days; see release), and those",
      "                     released since",
    ],
  },
  show: {
    line: "show ID",
    help: ["one submission, its fields and its deliveries (the first characters of its id are enough)"],
  },
  cv: {
    line: "cv ID FILE",
    options: ["out"],
    help: ["write an application's CV to FILE (or --out FILE), for the hiring team (show ID names the file)"],
  },
  release: {
    line: "release ID",
    help: [
      "deliver a submission held as spam, as any lead is (webhook, e-mail, Salesforce, as configured; the",
      "                     visitor is not mailed); why it was held stays in its record",
    ],
  },
  comments: { line: "comments", help: ["the comments waiting for a moderator"] },
  approve: {
    line: "approve ID",
    help: ["show a comment under its post (at once through the site, in the page from the next build)"],
  },
  reject: { line: "reject ID", help: ["never show a comment"] },
  export: {
    line: "export --csv",
    options: ["kind", "status", "since", "csv", "out"],
    help: [
      "every submission (or those --kind, --status, --since select) as CSV, oldest first; newsletter",
      "                     subscriptions only of confirmed addresses (the list marketing may mail)",
      "    --out FILE       into FILE instead of the standard output",
    ],
  },
  subscribers: {
    line: "subscribers",
    options: ["status"],
    help: [
      "the newsletter's addresses: unconfirmed, confirmed (when) or unsubscribed (when)",
      "    --status S       unconfirmed, confirmed or unsubscribed",
    ],
  },
  report: {
    line: "report",
    options: ["since", "until", "by", "csv", "html", "out"],
    help: [
      "leads per week (spam left out), by where they came from",
      "    --since WHEN     from this date, time or duration back (default 12w: twelve weeks)",
      "    --until WHEN     up to this date or time (default now)",
      `    --by D           ${REPORT_DIMENSIONS.join(", ")} (default channel)`,
      "    --csv            as CSV (week, the dimension, leads) on the standard output or into --out FILE",
      "    --html FILE      one page with a chart of leads per week and the tables, to open in a browser",
    ],
  },
  replay: {
    line: "replay",
    help: ["attempt every delivery that has not succeeded, now (webhook, e-mail and Salesforce, as configured)"],
  },
  erase: {
    line: "erase --email ADDR",
    options: ["email"],
    help: [
      "delete every submission of one e-mail address (a right-to-erasure request), rewriting",
      "                     the tables without them, and list the copies that had already reached a sink",
    ],
  },
  purge: {
    line: "purge",
    help: [
      "delete now the submissions older than LEADS_RETENTION_DAYS (default 730), the applications and",
      "                     their CVs older than APPLICATIONS_RETENTION_DAYS (default 180), and CV files left",
      "                     without a submission for over an hour (on Netlify a scheduled function runs it daily)",
    ],
  },
  run: {
    line: "run JOB",
    help: [
      `run a scheduled function now, as its schedule does: ${SCHEDULED.join(", ")} (the outbox's due`,
      "                     deliveries and the alerts of stuck ones; the purge; the leads report mailed to marketing)",
    ],
  },
  migrate: { line: "migrate", help: ["apply the store's migrations (the build applies them to DATABASE_URL too)"] },
  help: { line: "help", help: ["this text (so does --help after any command)"] },
};
const NAMES = Object.keys(COMMANDS) as Command["name"][];

export const USAGE = `npm run leads -- <command> [options]: the submissions store from a terminal

${NAMES.flatMap((name) => {
  const { line, help } = COMMANDS[name];
  const [first, ...more] = help;
  return [`  ${line.padEnd(20)} ${first}`, ...more.map((text) => `  ${text}`)];
}).join("\n")}

The store: PostgreSQL at DATABASE_URL when it is set, else the embedded store in .data/store (LEADS_STORE_DIR).
Deliveries use the endpoint's settings: LEAD_WEBHOOK_URL, SMTP_URL, MAIL_FROM.
CVs: Netlify Blobs with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, else the local emulation's, in .netlify/blobs-serve.`;

/** A `--since` value as a time: a date or time, or a duration back from `now`. */
export function parseSince(value: string, now: Date): Date | null {
  const duration = /^(\d+)\s*(w|d|h|m)$/.exec(value.trim());
  if (duration) {
    const unit = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000 }[duration[2] as "w" | "d" | "h" | "m"];
    return new Date(now.getTime() - Number(duration[1]) * unit);
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The command the arguments ask for, or the one line that says what is wrong with them.
 * node:util's parseArgs splits the arguments. Its strict mode is not used: its errors know no commands (which
 * option belongs to which) and are worded for developers ("Unknown option '--email'. To specify a positional
 * argument starting with a '-', place it at the end of the command after '--', …"); the tokens it returns are
 * checked here instead, so that each mistake gets one line in the words below.
 */
export function parseArgs(argv: readonly string[], now = new Date()): Command | { error: string } {
  const [first] = argv;
  const named = first !== undefined && !first.startsWith("-");
  const name = (named ? first : "list") as Command["name"];
  const { tokens } = parseArgv({
    args: named ? argv.slice(1) : [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((t) => t.kind === "option" && t.name === "help")) return { name: "help" };
  if (!NAMES.includes(name)) return { error: `unknown command "${name}": try ${NAMES.join(", ")}` };

  const accepted: readonly string[] = COMMANDS[name].options ?? [];
  const options: Partial<Record<Option, string>> = {};
  const positional: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") positional.push(token.value);
    if (token.kind !== "option") continue;
    if (!accepted.includes(token.name)) return { error: `${name} takes no option ${token.rawName}` };
    const key = token.name as Option;
    if (OPTIONS[key].type === "boolean") options[key] = "yes";
    else if (!token.value) return { error: `--${key} needs a value` };
    else options[key] = token.value;
  }
  if (name === "cv") {
    const [id, file, ...rest] = positional;
    if (!id || rest.length || (file && options.out))
      return { error: "cv needs one submission id and one file: npm run leads -- cv 3f2a91c0 cv.pdf" };
    if (!/^[0-9a-f-]{4,36}$/i.test(id)) return { error: `"${id}" is not a submission id` };
    const out = file ?? options.out;
    if (!out) return { error: "cv needs the file to write the CV to: npm run leads -- cv 3f2a91c0 cv.pdf" };
    return { name, id, out };
  }
  if (name === "run") {
    const job = positional[0] as ScheduledName;
    if (positional.length !== 1 || !SCHEDULED.includes(job))
      return { error: `run needs one of ${SCHEDULED.join(", ")}: npm run leads -- run deliver` };
    return job === "purge" ? { name: "purge" } : { name, job };
  }
  if (name === "show" || name === "approve" || name === "reject" || name === "release") {
    if (positional.length !== 1) return { error: `${name} needs one submission id: npm run leads -- ${name} 3f2a91c0` };
    if (!/^[0-9a-f-]{4,36}$/i.test(positional[0])) return { error: `"${positional[0]}" is not a submission id` };
    return { name, id: positional[0] };
  }
  if (positional.length) return { error: `${name} takes no argument "${positional[0]}"` };

  const filter: Filter = {};
  if (options.kind) {
    if (!KINDS.includes(options.kind as SubmissionKind)) return { error: `--kind must be one of ${KINDS.join(", ")}` };
    filter.kind = options.kind as SubmissionKind;
  }
  if (name === "subscribers") {
    if (options.status && !SUBSCRIBER_STATUSES.includes(options.status as SubscriberStatus))
      return { error: `--status must be one of ${SUBSCRIBER_STATUSES.join(", ")}` };
    return { name, status: options.status as SubscriberStatus | undefined };
  }
  if (options.status) {
    if (!STATUSES.includes(options.status as SubmissionStatus))
      return { error: `--status must be one of ${STATUSES.join(", ")}` };
    filter.status = options.status as SubmissionStatus;
  }
  if (options.since) {
    const since = parseSince(options.since, now);
    if (!since) return { error: `--since must be a date (2026-11-01), a time or a duration (12w, 7d, 24h, 30m)` };
    filter.since = since;
  }
  switch (name) {
    case "list": {
      const limit = options.limit === undefined ? 50 : Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1) return { error: "--limit must be a whole number above 0" };
      if (options.spam && options.stuck) return { error: "list takes --spam or --stuck, not both" };
      return {
        name,
        filter: { ...filter, limit, ...(options.spam === "yes" ? { spam: true } : {}) },
        ...(options.stuck === "yes" ? { stuck: true } : {}),
      };
    }
    case "export":
      return { name, filter, out: options.out };
    case "report": {
      const until = options.until ? parseSince(options.until, now) : now;
      if (!until) return { error: "--until must be a date (2026-11-01), a time or a duration back from now (7d)" };
      const by = (options.by ?? "channel") as ReportDimension;
      if (!REPORT_DIMENSIONS.includes(by)) return { error: `--by must be one of ${REPORT_DIMENSIONS.join(", ")}` };
      const since = filter.since ?? (parseSince("12w", now) as Date);
      if (since >= until) return { error: "--since must come before --until" };
      return { name, since, until, by, csv: options.csv === "yes", html: options.html, out: options.out };
    }
    case "erase":
      if (!options.email || !/^[^\s@]+@[^\s@]+$/.test(options.email))
        return { error: "erase needs --email and the address whose submissions to delete" };
      return { name, email: options.email };
    default:
      return { name } as Command;
  }
}
