import type { LeadKind } from "../../lib/lead-rules";
import type { Filter, SubmissionStatus } from "../store/submissions";

export const KINDS: readonly LeadKind[] = ["contact", "newsletter", "webinar", "comment"];
export const STATUSES: readonly SubmissionStatus[] = ["received", "delivered", "failed", "spam"];

export type Command =
  | { name: "list"; filter: Filter }
  | { name: "show"; id: string }
  | { name: "comments" }
  | { name: "approve"; id: string }
  | { name: "reject"; id: string }
  | { name: "export"; filter: Filter; out?: string }
  | { name: "replay" }
  | { name: "erase"; email: string }
  | { name: "purge" }
  | { name: "migrate" }
  | { name: "help" };

export const USAGE = `npm run leads -- <command> [options]: the submissions store from a terminal

  list                 the newest submissions (the default command)
      --kind K         contact, newsletter, webinar or comment
      --status S       received, delivered, failed or spam (spam is kept 30 days for review)
      --since WHEN     a date (2026-11-01), a time (2026-11-01T09:30Z) or a duration back from now (7d, 24h, 30m)
      --limit N        at most N rows (default 50)
  show ID              one submission, its fields and its deliveries (the first characters of its id are enough)
  comments             the comments waiting for a moderator
  approve ID           show a comment under its post (at once through the site, in the page from the next build)
  reject ID            never show a comment
  export --csv         every submission (or those --kind, --status, --since select) as CSV, oldest first,
      --out FILE       into FILE instead of the standard output
  replay               attempt every delivery that has not succeeded, now (webhook and e-mail, as configured)
  erase --email ADDR   delete every submission of one e-mail address (a right-to-erasure request), rewriting
                       the tables without them, and list the copies that had already reached a sink
  purge                delete the submissions older than LEADS_RETENTION_DAYS (default 730) now
  migrate              apply the store's migrations (the build applies them to DATABASE_URL too)
  help                 this text

The store: PostgreSQL at DATABASE_URL when it is set, else the embedded store in .data/store (LEADS_STORE_DIR).
Deliveries use the endpoint's settings: LEAD_WEBHOOK_URL, SMTP_URL, MAIL_FROM.`;

const OPTIONS: Record<Command["name"], readonly string[]> = {
  list: ["kind", "status", "since", "limit"],
  show: [],
  comments: [],
  approve: [],
  reject: [],
  export: ["kind", "status", "since", "csv", "out"],
  replay: [],
  erase: ["email"],
  purge: [],
  migrate: [],
  help: [],
};
const FLAGS = new Set(["csv"]);

/** A `--since` value as a time: a date or time, or a duration back from `now`. */
export function parseSince(value: string, now: Date): Date | null {
  const duration = /^(\d+)\s*(d|h|m)$/.exec(value.trim());
  if (duration) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[duration[2] as "d" | "h" | "m"];
    return new Date(now.getTime() - Number(duration[1]) * unit);
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The command the arguments ask for, or the one line that says what is wrong with them. */
export function parseArgs(argv: readonly string[], now = new Date()): Command | { error: string } {
  const [first, ...rest] = argv;
  const name = (first === undefined || first.startsWith("--") ? "list" : first) as Command["name"];
  const args = first === undefined || first.startsWith("--") ? argv : rest;
  if (["-h", "--help"].includes(first ?? "")) return { name: "help" };
  if (!(name in OPTIONS))
    return { error: `unknown command "${name}": try list, show, comments, approve, export, replay, erase` };

  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split(/=(.*)/s);
    if (!OPTIONS[name].includes(key)) return { error: `${name} takes no option --${key}` };
    if (FLAGS.has(key)) {
      options[key] = "yes";
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || value === "") return { error: `--${key} needs a value` };
    options[key] = value;
  }
  if (name === "show" || name === "approve" || name === "reject") {
    if (positional.length !== 1) return { error: `${name} needs one submission id: npm run leads -- ${name} 3f2a91c0` };
    if (!/^[0-9a-f-]{4,36}$/i.test(positional[0])) return { error: `"${positional[0]}" is not a submission id` };
    return { name, id: positional[0] };
  }
  if (positional.length) return { error: `${name} takes no argument "${positional[0]}"` };

  const filter: Filter = {};
  if (options.kind) {
    if (!KINDS.includes(options.kind as LeadKind)) return { error: `--kind must be one of ${KINDS.join(", ")}` };
    filter.kind = options.kind as LeadKind;
  }
  if (options.status) {
    if (!STATUSES.includes(options.status as SubmissionStatus))
      return { error: `--status must be one of ${STATUSES.join(", ")}` };
    filter.status = options.status as SubmissionStatus;
  }
  if (options.since) {
    const since = parseSince(options.since, now);
    if (!since) return { error: `--since must be a date (2026-11-01), a time or a duration (7d, 24h, 30m)` };
    filter.since = since;
  }
  switch (name) {
    case "list": {
      const limit = options.limit === undefined ? 50 : Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1) return { error: "--limit must be a whole number above 0" };
      return { name, filter: { ...filter, limit } };
    }
    case "export":
      return { name, filter, out: options.out };
    case "erase":
      if (!options.email || !/^[^\s@]+@[^\s@]+$/.test(options.email))
        return { error: "erase needs --email and the address whose submissions to delete" };
      return { name, email: options.email };
    default:
      return { name } as Command;
  }
}
