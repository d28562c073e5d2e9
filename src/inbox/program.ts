// `npm run leads`'s command line, on commander: its commands, their arguments and options, each said once here, and
// the help that commander writes from them (`npm run leads -- help`, and `help COMMAND` or `COMMAND --help` for one
// command's options). Commander parses; what a value must be, and the one line that says what is wrong with it, are
// the inbox's own (a kind, a date, an id), so that each mistake is named in words an operator reads, with exit
// code 2 (scripts/leads.ts). Parsing prints nothing: `parseArgs` returns the command, or the error, or that help was
// asked for, and `helpOf` the help these arguments ask for.
import { Command as Program, CommanderError, Option } from "commander";
import { LEAD_KINDS } from "../lib/forms";
import { REPORT_DIMENSIONS, type ReportDimension } from "../server/store/lead-counts";
import type { Filter } from "../server/store/queries";
import type { SubscriberStatus } from "../server/store/subscribers";
import type { SubmissionKind, SubmissionStatus } from "../server/store/types";

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

/** What is wrong with the arguments, in the one line the operator sees. */
class UsageError extends Error {}
const fail = (message: string): never => {
  throw new UsageError(message);
};

/** A value that must be one of `values`. */
const oneOf =
  <T extends string>(flag: string, values: readonly T[]) =>
  (value: string): T =>
    values.includes(value as T) ? (value as T) : fail(`${flag} must be one of ${values.join(", ")}`);

const ID = /^[0-9a-f-]{4,36}$/i;
const submissionId = (id: string) => (ID.test(id) ? id : fail(`"${id}" is not a submission id`));

const FOOTER = `
The store: PostgreSQL at DATABASE_URL when it is set, else the embedded store in .data/store (LEADS_STORE_DIR).
Deliveries use the endpoint's settings: LEAD_WEBHOOK_URL, SMTP_URL, MAIL_FROM.
CVs: Netlify Blobs with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, else the local emulation's, in .netlify/blobs-serve.`;

const CV_NEEDS = "cv needs one submission id and one file: npm run leads -- cv 3f2a91c0 cv.pdf";
const RUN_NEEDS = `run needs one of ${SCHEDULED.join(", ")}: npm run leads -- run deliver`;
/** What a command says when its arguments are missing or too many (commander finds which). */
const NEEDS: Partial<Record<Command["name"], string>> = {
  cv: CV_NEEDS,
  run: RUN_NEEDS,
  ...Object.fromEntries(
    (["show", "approve", "reject", "release"] as const).map((name) => [
      name,
      `${name} needs one submission id: npm run leads -- ${name} 3f2a91c0`,
    ]),
  ),
};

/** The options of a command that filters submissions, as their parsers return them. */
type Filtered = { kind?: SubmissionKind; status?: SubmissionStatus; since?: Date };

/**
 * The program: every command with its arguments, options and help. `done` receives the command the arguments ask
 * for; `now` is the time a duration (`--since 7d`) counts back from.
 */
function leadsProgram(now: Date, done: (command: Command) => void, print: (text: string) => void): Program {
  const when = (flag: string, words: string) =>
    new Option(`${flag} <WHEN>`, words).argParser(
      (value) =>
        parseSince(value, now) ??
        fail(
          flag === "--since"
            ? "--since must be a date (2026-11-01), a time or a duration (12w, 7d, 24h, 30m)"
            : "--until must be a date (2026-11-01), a time or a duration back from now (7d)",
        ),
    );
  const kind = () =>
    new Option("--kind <K>", `${KINDS.slice(0, -1).join(", ")} or ${KINDS[KINDS.length - 1]}`).argParser(
      oneOf("--kind", KINDS),
    );
  const status = () =>
    new Option("--status <S>", "received, delivered, failed or spam (spam is kept 30 days for review)").argParser(
      oneOf("--status", STATUSES),
    );
  const since = () =>
    when("--since", "a date (2026-11-01), a time (2026-11-01T09:30Z) or a duration back from now (7d, 24h, 30m)");
  const filterOf = (o: Filtered): Filter => ({
    ...(o.kind ? { kind: o.kind } : {}),
    ...(o.status ? { status: o.status } : {}),
    ...(o.since ? { since: o.since } : {}),
  });

  const program = new Program("npm run leads --")
    .usage("<command> [options]")
    .description("the submissions store from a terminal")
    .helpOption("-h, --help", "this text")
    .helpCommand("help [command]", "this text, or a command's options (so does --help after any command)")
    .addHelpText("after", FOOTER)
    .configureHelp({ helpWidth: 118 })
    .configureOutput({ writeOut: print, writeErr: () => undefined, outputError: () => undefined })
    .showSuggestionAfterError(false)
    .exitOverride();
  // an option a command does not take, or an argument too many, is the inbox's to word: the preAction hook below
  const command = (name: Command["name"], summary: string, description = summary) =>
    program
      .command(name, { isDefault: name === "list" })
      .summary(summary)
      .description(description)
      .allowUnknownOption()
      .allowExcessArguments();

  command("list", "the newest submissions (the default command)")
    .addOption(kind())
    .addOption(status())
    .addOption(since())
    .addOption(
      new Option("--limit <N>", "at most N rows").default(50).argParser((value) => {
        const limit = Number(value);
        return Number.isInteger(limit) && limit >= 1 ? limit : fail("--limit must be a whole number above 0");
      }),
    )
    .option("--stuck", "only those with a delivery that failed its last automatic attempt (STUCK: see replay)")
    .option(
      "--spam",
      "only those the endpoint held as spam, with why (kept 30 days; see release), and those released since",
    )
    .action((o: Filtered & { limit: number; stuck?: boolean; spam?: boolean }) => {
      if (o.spam && o.stuck) fail("list takes --spam or --stuck, not both");
      done({
        name: "list",
        filter: { ...filterOf(o), limit: o.limit, ...(o.spam ? { spam: true } : {}) },
        ...(o.stuck ? { stuck: true } : {}),
      });
    });
  command("show", "one submission, its fields and its deliveries (the first characters of its id are enough)")
    .argument("<ID>", "the submission's id, or its first characters (as list shows them)")
    .action((id: string) => done({ name: "show", id: submissionId(id) }));
  command("cv", "write an application's CV to FILE (or --out FILE), for the hiring team (show ID names the file)")
    .argument("<ID>", "the application's id, or its first characters")
    .argument("[FILE]", "the file to write it to")
    .option("--out <FILE>", "the file to write it to, instead of FILE")
    .action((id: string, file: string | undefined, o: { out?: string }) => {
      if (file && o.out) fail(CV_NEEDS);
      const out = file ?? o.out ?? fail("cv needs the file to write the CV to: npm run leads -- cv 3f2a91c0 cv.pdf");
      done({ name: "cv", id: submissionId(id), out });
    });
  command(
    "release",
    "deliver a submission held as spam, as any lead is (the visitor is not mailed)",
    "deliver a submission held as spam, as any lead is (webhook, e-mail, Salesforce, as configured; the visitor is " +
      "not mailed); why it was held stays in its record",
  )
    .argument("<ID>", "the held submission's id, or its first characters (list --spam shows them)")
    .action((id: string) => done({ name: "release", id: submissionId(id) }));
  command("comments", "the comments waiting for a moderator").action(() => done({ name: "comments" }));
  command("approve", "show a comment under its post (at once through the site, in the page from the next build)")
    .argument("<ID>", "the comment's id, or its first characters (comments shows them)")
    .action((id: string) => done({ name: "approve", id: submissionId(id) }));
  command("reject", "never show a comment")
    .argument("<ID>", "the comment's id, or its first characters (comments shows them)")
    .action((id: string) => done({ name: "reject", id: submissionId(id) }));
  command(
    "export",
    "every submission (or those --kind, --status, --since select) as CSV, oldest first",
    "every submission (or those --kind, --status, --since select) as CSV, oldest first; newsletter subscriptions " +
      "only of confirmed addresses (the list marketing may mail)",
  )
    .addOption(kind())
    .addOption(status())
    .addOption(since())
    .option("--csv", "as CSV (the only format, and the default)")
    .option("--out <FILE>", "into FILE instead of the standard output")
    .action((o: Filtered & { out?: string }) => done({ name: "export", filter: filterOf(o), out: o.out }));
  command("subscribers", "the newsletter's addresses: unconfirmed, confirmed (when) or unsubscribed (when)")
    .addOption(
      new Option("--status <S>", SUBSCRIBER_STATUSES.join(", ").replace(/, (?=[^,]*$)/, " or ")).argParser(
        oneOf("--status", SUBSCRIBER_STATUSES),
      ),
    )
    .action((o: { status?: SubscriberStatus }) => done({ name: "subscribers", status: o.status }));
  command("report", "leads per week (spam left out), by where they came from")
    .addOption(when("--since", "from this date, time or duration back (default 12w: twelve weeks)"))
    .addOption(when("--until", "up to this date or time (default now)"))
    .addOption(
      new Option("--by <D>", REPORT_DIMENSIONS.join(", "))
        .default("channel", "channel")
        .argParser(oneOf("--by", REPORT_DIMENSIONS)),
    )
    .option("--csv", "as CSV (week, the dimension, leads) on the standard output or into --out FILE")
    .option("--html <FILE>", "one page with a chart of leads per week and the tables, to open in a browser")
    .option("--out <FILE>", "the CSV into FILE")
    .action((o: { since?: Date; until?: Date; by: ReportDimension; csv?: boolean; html?: string; out?: string }) => {
      const since = o.since ?? (parseSince("12w", now) as Date);
      const until = o.until ?? now;
      if (since >= until) fail("--since must come before --until");
      done({ name: "report", since, until, by: o.by, csv: Boolean(o.csv), html: o.html, out: o.out });
    });
  command(
    "replay",
    "attempt every delivery that has not succeeded, now (webhook, e-mail and Salesforce, as configured)",
  ).action(() => done({ name: "replay" }));
  command(
    "erase",
    "delete every submission of one e-mail address (a right-to-erasure request)",
    "delete every submission of one e-mail address (a right-to-erasure request), rewriting the tables without " +
      "them, and list the copies that had already reached a sink",
  )
    .option("--email <ADDR>", "the address whose submissions to delete")
    .action((o: { email?: string }) => {
      const email = o.email ?? "";
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail("erase needs --email and the address whose submissions to delete");
      done({ name: "erase", email });
    });
  command(
    "purge",
    "delete now what is past its retention (on Netlify a scheduled function runs it daily)",
    "delete now the submissions older than LEADS_RETENTION_DAYS (default 730), the applications and their CVs " +
      "older than APPLICATIONS_RETENTION_DAYS (default 180), and CV files left without a submission for over an " +
      "hour (on Netlify a scheduled function runs it daily)",
  ).action(() => done({ name: "purge" }));
  command(
    "run",
    `run a scheduled function now, as its schedule does: ${SCHEDULED.join(", ")}`,
    `run a scheduled function now, as its schedule does: ${SCHEDULED.join(", ")} (the outbox's due deliveries ` +
      "and the alerts of stuck ones; the purge; the leads report mailed to marketing)",
  )
    .argument("<JOB>", SCHEDULED.join(", "))
    .action((job: string) => {
      if (!SCHEDULED.includes(job as ScheduledName)) fail(RUN_NEEDS);
      done(job === "purge" ? { name: "purge" } : { name: "run", job: job as Exclude<ScheduledName, "purge"> });
    });
  command("migrate", "apply the store's migrations (the build applies them to DATABASE_URL too)").action(() =>
    done({ name: "migrate" }),
  );

  // what commander lets through to the inbox: an option the command does not take, an argument too many
  program.hook("preAction", (_program, action) => {
    const name = action.name() as Command["name"];
    const unknown = action.args.find((arg) => arg.startsWith("-") && arg !== "-");
    if (unknown) fail(`${name} takes no option ${unknown.split("=")[0]}`);
    const extra = action.args[action.registeredArguments.length];
    if (extra !== undefined) fail(NEEDS[name] ?? `${name} takes no argument "${extra}"`);
  });
  return program;
}

type Reading = { command: Command } | { error: string } | { help: string };

/** What the arguments ask for: a command, an error, or help (and its text). */
function read(argv: readonly string[], now: Date): Reading {
  let command: Command | undefined;
  let help = "";
  const program = leadsProgram(
    now,
    (c) => (command = c),
    (text) => (help += text),
  );
  const names = [...program.commands.map((c) => c.name()), "help"];
  const [first] = argv;
  if (first !== undefined && !first.startsWith("-") && !names.includes(first))
    return argv.includes("--help") || argv.includes("-h")
      ? { help: program.helpInformation() }
      : { error: `unknown command "${first}": try ${names.join(", ")}` };
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof UsageError) return { error: error.message };
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === "commander.helpDisplayed" || error.code === "commander.help") return { help };
    const name = (first !== undefined && names.includes(first) ? first : "list") as Command["name"];
    if (error.code === "commander.optionMissingArgument")
      return { error: `${/'(-[^ ']+)/.exec(error.message)?.[1] ?? "an option"} needs a value` };
    if (error.code === "commander.missingArgument") return { error: NEEDS[name] ?? error.message };
    return { error: error.message.replace(/^error: /, "") };
  }
  return command ? { command } : { error: "no command was given" };
}

/** The command the arguments ask for, or the one line that says what is wrong with them. */
export function parseArgs(argv: readonly string[], now = new Date()): Command | { error: string } {
  const reading = read(argv, now);
  return "help" in reading ? { name: "help" } : "command" in reading ? reading.command : reading;
}

const helpText = (argv: readonly string[]) => {
  const reading = read(argv, new Date());
  return "help" in reading ? reading.help.trimEnd() : null;
};

/** `npm run leads -- help`: every command, a line each, and where the store and the deliveries are. */
export const USAGE = helpText(["help"]) as string;

/** The help these arguments ask for: the whole program's, or one command's (`help export`, `export --help`). */
export const helpOf = (argv: readonly string[]): string => helpText(argv) ?? USAGE;
