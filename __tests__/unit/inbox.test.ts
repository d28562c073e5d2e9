/** @jest-environment node */
import { spawnSync } from "child_process";
import { readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import type { Lead } from "../../src/lib/lead-rules";
import { readSettings } from "../../src/server/config";
import { helpOf, parseArgs, USAGE, type Command } from "../../src/inbox/program";
import { CSV_COLUMNS, runCommand, type InboxContext } from "../../src/inbox/commands";
import { BOM, csvField, csvRow } from "../../src/lib/csv";
import { createScheduledDelivery } from "../../src/server/scheduled-delivery";
import { leadSinkNames } from "../../src/server/sinks";
import { webhookSink } from "../../src/server/sinks/webhook";
import type { Store } from "../../src/server/store/sql";
import { acceptLead } from "../../src/server/store/intake";
import { recordingServer } from "../support/recording-server";
import { tempDir } from "../support/temp-dir";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

const now = new Date("2026-11-23T12:00:00Z");

describe("npm run leads: its arguments", () => {
  it("lists the newest 50 submissions when given nothing", () => {
    expect(parseArgs([], now)).toEqual({ name: "list", filter: { limit: 50 } });
    expect(parseArgs(["--kind", "comment"], now)).toEqual({ name: "list", filter: { kind: "comment", limit: 50 } });
  });

  it("reads --since as a date, a time or a duration back from now", () => {
    expect(parseArgs(["list", "--since", "7d"], now)).toMatchObject({
      filter: { since: new Date("2026-11-16T12:00:00Z") },
    });
    expect(parseArgs(["list", "--since=24h"], now)).toMatchObject({
      filter: { since: new Date("2026-11-22T12:00:00Z") },
    });
    expect(parseArgs(["list", "--since", "2026-11-01"], now)).toMatchObject({
      filter: { since: new Date("2026-11-01T00:00:00Z") },
    });
  });

  it("answers a bad option with one line that names it", () => {
    expect(parseArgs(["list", "--kind", "fax"], now)).toEqual({
      error: "--kind must be one of contact, webinar, newsletter, application, comment, booking",
    });
    expect(parseArgs(["list", "--status", "lost"], now)).toEqual({
      error: "--status must be one of received, delivered, failed, spam",
    });
    expect(parseArgs(["list", "--since", "yesterday"], now)).toMatchObject({
      error: expect.stringMatching(/^--since must be/),
    });
    expect(parseArgs(["list", "--limit", "0"], now)).toEqual({ error: "--limit must be a whole number above 0" });
    expect(parseArgs(["list", "--email", "a@b.c"], now)).toEqual({ error: "list takes no option --email" });
    expect(parseArgs(["list", "--kind"], now)).toEqual({ error: "--kind needs a value" });
    expect(parseArgs(["show"], now)).toMatchObject({ error: expect.stringMatching(/^show needs one submission id/) });
    expect(parseArgs(["erase"], now)).toMatchObject({ error: expect.stringMatching(/^erase needs --email/) });
    expect(parseArgs(["frobnicate"], now)).toMatchObject({
      error: expect.stringMatching(/^unknown command "frobnicate"/),
    });
  });

  it("knows the commands its help text lists, and names them all when given another", () => {
    const listed = [...USAGE.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]);
    expect(listed).toEqual(expect.arrayContaining(["list", "show", "approve", "reject", "erase", "purge", "help"]));
    for (const name of listed) expect(JSON.stringify(parseArgs([name], now))).not.toContain("unknown command");
    expect(parseArgs(["frobnicate"], now)).toEqual({ error: `unknown command "frobnicate": try ${listed.join(", ")}` });
    expect(parseArgs(["export", "--help"], now)).toEqual({ name: "help" });
  });

  it("takes list --spam, release ID and run JOB", () => {
    expect(parseArgs(["list", "--spam"], now)).toEqual({ name: "list", filter: { spam: true, limit: 50 } });
    expect(parseArgs(["list", "--spam", "--stuck"], now)).toEqual({ error: "list takes --spam or --stuck, not both" });
    expect(parseArgs(["release", "3f2a91c0"], now)).toEqual({ name: "release", id: "3f2a91c0" });
    expect(parseArgs(["release"], now)).toMatchObject({
      error: expect.stringMatching(/^release needs one submission id/),
    });
    expect(parseArgs(["run", "deliver"], now)).toEqual({ name: "run", job: "deliver" });
    expect(parseArgs(["run", "weekly-report"], now)).toEqual({ name: "run", job: "weekly-report" });
    expect(parseArgs(["run", "purge"], now)).toEqual({ name: "purge" });
    expect(parseArgs(["run", "lead"], now)).toEqual({
      error: "run needs one of deliver, purge, weekly-report: npm run leads -- run deliver",
    });
  });

  it("says in its help what each command does and takes, and where the store is", () => {
    // the whole program's: every command, and the settings it reads
    for (const words of [
      "list [options]",
      "show <ID>",
      "cv [options] <ID> [FILE]",
      "release <ID>",
      "erase [options]",
      "run <JOB>",
      "help [command]",
      "DATABASE_URL",
      "LEADS_STORE_DIR",
      "LEAD_WEBHOOK_URL, SMTP_URL, MAIL_FROM",
      "NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN",
    ])
      expect(USAGE).toContain(words);
    // each command's own, whichever way it is asked for: its arguments and options, in the old help's words
    expect(helpOf(["help", "export"])).toBe(helpOf(["export", "--help"]));
    const list = helpOf(["list", "-h"]);
    for (const words of ["--kind <K>", "booking", "--status <S>", "--since <WHEN>", "7d, 24h, 30m", "--limit <N>"])
      expect(list).toContain(words);
    expect(list).toMatch(/--stuck +only those with a delivery that failed its last automatic attempt/);
    expect(helpOf(["report", "--help"])).toMatch(/--by <D> +channel, source, campaign, landing, page, kind/);
    expect(helpOf(["erase", "--help"])).toMatch(/rewriting the tables\s+without them/);
    expect(helpOf(["purge", "--help"])).toMatch(/LEADS_RETENTION_DAYS \(default 730\)/);
    expect(helpOf(["export", "--help"])).toMatch(/only of\s+confirmed addresses/);
    expect(helpOf(["cv", "--help"])).toMatch(/--out <FILE>/);
  });

  it("names an argument too many, or an option the command does not take", () => {
    expect(parseArgs(["list", "extra"], now)).toEqual({ error: 'list takes no argument "extra"' });
    expect(parseArgs(["show", "3f2a91c0", "extra"], now)).toEqual({
      error: "show needs one submission id: npm run leads -- show 3f2a91c0",
    });
    expect(parseArgs(["show", "--kind", "contact"], now)).toEqual({ error: "show takes no option --kind" });
    expect(parseArgs(["show", "zz"], now)).toEqual({ error: '"zz" is not a submission id' });
    expect(parseArgs(["report", "--since", "1d", "--until", "2d"], now)).toEqual({
      error: "--since must come before --until",
    });
  });

  it("takes export --csv with a filter and a file", () => {
    expect(parseArgs(["export", "--csv", "--kind", "contact", "--out", "leads.csv"], now)).toEqual({
      name: "export",
      filter: { kind: "contact" },
      out: "leads.csv",
    });
  });
});

describe("CSV as a spreadsheet opens it", () => {
  it("quotes commas, quotes and line breaks, and ends rows with CRLF", () => {
    expect(csvRow(["a", "b,c", 'say "hi"', "two\nlines"])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it("keeps a formula as text", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField("+1 512 555")).toBe("'+1 512 555");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(new Date("2026-11-23T08:00:00Z"))).toBe("2026-11-23T08:00:00.000Z");
  });
});

const contact = (name: string, email: string, info = "We need help") => ({
  kind: "contact" as const,
  fields: validBody("contact", { name, email, phone: "", info }),
});

describe.each(engines)("npm run leads on %s", (_engine, open) => {
  let store: Store;
  let lines: string[];
  const ctx = (more: Partial<InboxContext> = {}): InboxContext => ({
    store,
    sinks: [],
    retentionDays: 730,
    rateWindowMs: 60_000,
    out: (line) => lines.push(line),
    ...more,
  });
  const accept = (lead: Lead, sinks: ("webhook" | "email")[] = []) =>
    acceptLead(store, { lead, clientHash: "c", sinks, guards: { dedupeMs: 600_000 }, id: crypto.randomUUID() });

  beforeAll(async () => {
    store = await open();
  });
  beforeEach(async () => {
    lines = [];
    await emptied(store);
  });
  afterAll(() => store.close());

  it("lists submissions newest first, filtered by kind", async () => {
    await accept(contact("Asha", "asha@example.com"));
    await accept(contact("Ben", "ben@example.com"));
    expect(await runCommand({ name: "list", filter: { limit: 50 } }, ctx())).toBe(0);
    expect(lines[0]).toMatch(/^ID\s+RECEIVED \(UTC\)\s+KIND\s+STATUS\s+CHANNEL\s+NAME\s+EMAIL\s+MESSAGE$/);
    expect(lines.slice(1).map((l) => l.match(/\S+@example\.com/)![0])).toEqual(["ben@example.com", "asha@example.com"]);
    lines = [];
    await runCommand({ name: "list", filter: { kind: "comment" } }, ctx());
    expect(lines).toEqual(["No submissions match."]);
  });

  it("shows one submission by the first characters of its id", async () => {
    const stored = await accept(contact("Asha", "asha@example.com"), ["webhook"]);
    const id = (stored as { id: string }).id;
    expect(await runCommand({ name: "show", id: id.slice(0, 8) }, ctx())).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^contact ${id}, received \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, received$`));
    expect(lines).toContain("  email: asha@example.com");
    expect(lines.find((l) => l.startsWith("  delivery to"))).toMatch(
      /^ {2}delivery to webhook: pending, 0 attempts, next attempt \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    lines = [];
    expect(await runCommand({ name: "show", id: "0000" }, ctx())).toBe(1);
    expect(lines).toEqual(["No submission has an id starting with 0000."]);
  });

  it("exports every submission as CSV with at least id, kind, status, received_at, name and email", async () => {
    await accept(contact("Asha, CEO", "asha@example.com", 'Said "hello"\non two lines'));
    await accept(contact("=cmd", "ben@example.com"));
    const out = path.join(tempDir("export-"), "leads.csv");
    expect(await runCommand({ name: "export", filter: {}, out }, ctx())).toBe(0);
    expect(lines).toEqual([`Wrote 2 submissions to ${out}.`]);
    const text = readFileSync(out, "utf8");
    expect(
      text.startsWith(
        "\uFEFFid,kind,status,received_at,name,email,phone,message,page_url,campaign,answers,opening,link,cv,channel,via,landing_page,page,referrer," +
          "utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,msclkid\r\n",
      ),
    ).toBe(true);
    expect(CSV_COLUMNS).toEqual(expect.arrayContaining(["id", "kind", "status", "received_at", "name", "email"]));
    expect(text).toContain(",contact,received,");
    expect(text).toContain('"Asha, CEO",asha@example.com,,"Said ""hello""\non two lines",');
    expect(text).toContain(",'=cmd,ben@example.com,");
    expect(text.trimEnd().split("\r\n")).toHaveLength(3);
  });

  it("exports the forms' fields that no column holds: an application's opening, link and CV", async () => {
    await accept({
      kind: "application",
      fields: {
        type: site.labels.application,
        name: "Ravi",
        email: "ravi@example.com",
        phone: "9198200",
        opening: "Salesforce Developer",
        link: "https://in.linkedin.com/in/ravi",
        info: "Hello",
        cv: "ravi.pdf",
      },
    });
    const out = path.join(tempDir("export-"), "applications.csv");
    expect(await runCommand({ name: "export", filter: { kind: "application" }, out }, ctx())).toBe(0);
    const [header, row] = readFileSync(out, "utf8").replace(BOM, "").split("\r\n");
    const exported = Object.fromEntries(header.split(",").map((column, i) => [column, row.split(",")[i]]));
    expect(exported).toMatchObject({
      kind: "application",
      message: "Hello",
      opening: "Salesforce Developer",
      link: "https://in.linkedin.com/in/ravi",
      cv: "ravi.pdf",
    });
  });

  it("shows where a lead came from, its channel, and what Salesforce answered", async () => {
    const attribution = { landing_page: "/blog/agentforce", page: "/contact", referrer: "https://www.linkedin.com" };
    const stored = await acceptLead(store, {
      lead: contact("Asha", "asha@example.com"),
      clientHash: "c",
      sinks: ["salesforce"],
      guards: { dedupeMs: 600_000 },
      id: crypto.randomUUID(),
      attribution: { ...attribution, utm_campaign: "q4-agentforce" },
      channel: "Social",
      via: "form",
    });
    const id = (stored as { id: string }).id;
    await store.query(
      "UPDATE deliveries SET status = 'delivered', attempts = 1, delivered_at = now(), answer = 'Web-to-Lead answered 200'",
    );
    await runCommand({ name: "show", id }, ctx());
    expect(lines).toEqual(
      expect.arrayContaining([
        "  channel: Social, sent without script (a form post)",
        "  landing_page: /blog/agentforce",
        "  page: /contact",
        "  referrer: https://www.linkedin.com",
        "  utm_campaign: q4-agentforce",
      ]),
    );
    expect(lines.find((l) => l.startsWith("  delivery to salesforce"))).toMatch(
      /^ {2}delivery to salesforce: delivered, 1 attempt, delivered \S+ \S+ \(Web-to-Lead answered 200\)$/,
    );
    lines = [];
    await runCommand({ name: "list", filter: {} }, ctx());
    expect(lines[1]).toMatch(/\bSocial\b/);
  });

  it("shows a message's control characters escaped, so none moves the operator's cursor or colours", async () => {
    const stored = await accept(contact("Asha", "asha@example.com", "line one\r\u001b[2Kgone\tand\nmore"));
    await runCommand({ name: "show", id: (stored as { id: string }).id }, ctx());
    expect(lines).toContain("  info: line one\\r\\u001b[2Kgone\\tand\\nmore");
    lines = [];
    await runCommand({ name: "list", filter: {} }, ctx());
    const joined = lines.join("\n");
    expect(joined.includes("\r") || joined.includes("\u001b")).toBe(false);
  });

  it("erases every submission of one address, whatever its case, and nothing else", async () => {
    await accept(contact("Asha", "asha@example.com"), ["email"]);
    await accept(contact("Asha again", "Asha@Example.com"));
    await accept(contact("Ben", "ben@example.com"));
    expect(await runCommand({ name: "erase", email: "ASHA@example.com" }, ctx())).toBe(0);
    expect(lines[0]).toBe(
      "Erased 2 submissions of ASHA@example.com (2 contact), with their deliveries; the tables' files are rewritten without them.",
    );
    const { rows } = await store.query<{ email: string }>("SELECT email FROM submissions");
    expect(rows).toEqual([{ email: "ben@example.com" }]);
    expect((await store.query("SELECT 1 FROM deliveries")).rows).toHaveLength(0);
  });

  it("reminds the operator of each copy that had already reached a sink, and of Salesforce", async () => {
    await accept(contact("Asha", "asha@example.com"), ["email", "webhook"]);
    await store.query(
      "UPDATE deliveries SET status = 'delivered', attempts = 1, delivered_at = now() WHERE sink = 'webhook'",
    );
    expect(await runCommand({ name: "erase", email: "asha@example.com" }, ctx())).toBe(0);
    expect(lines).toContain("Copies had already left the store; erase them there too:");
    expect(lines.find((l) => l.includes("the webhook (LEAD_WEBHOOK_URL): the contact of"))).toMatch(/delivered \d{4}-/);
    expect(lines.some((l) => l.includes("e-mail to the company's mailbox"))).toBe(false);
    expect(lines.at(-1)).toMatch(/^If Salesforce Web-to-Lead is configured/);
  });

  it("purges submissions older than the retention period", async () => {
    await accept(contact("Old", "old@example.com"));
    await accept(contact("New", "new@example.com"));
    await store.query(
      "UPDATE submissions SET received_at = now() - interval '31 days' WHERE email = 'old@example.com'",
    );
    expect(await runCommand({ name: "purge" }, ctx({ retentionDays: 30 }))).toBe(0);
    expect(lines).toEqual(["Deleted 1 submission older than 30 days (spam: 30 days)."]);
    expect((await store.query("SELECT email FROM submissions")).rows).toEqual([{ email: "new@example.com" }]);
  });

  it("replays failed and waiting deliveries now, each once, and says what still fails", async () => {
    let status = 503;
    const hook = await recordingServer(() => status);
    try {
      const sinks = [webhookSink(hook.url, 2_000)];
      await accept(contact("Asha", "asha@example.com"), ["webhook"]);
      await accept(contact("Ben", "ben@example.com"), ["webhook"]);
      expect(await runCommand({ name: "replay" }, ctx({ sinks }))).toBe(1);
      expect(lines[0]).toBe("Delivered 0; 2 still failing.");
      expect(lines[1]).toMatch(/^ {2}[0-9a-f]{8} to webhook: webhook answered 503$/);
      status = 200;
      lines = [];
      expect(await runCommand({ name: "replay" }, ctx({ sinks }))).toBe(0);
      expect(lines).toEqual(["Delivered 2; 0 still failing."]);
      expect(hook.requests).toHaveLength(4);
      lines = [];
      await runCommand({ name: "replay" }, ctx({ sinks: [] }));
      expect(lines).toEqual(["Delivered 0; 0 still failing."]);
    } finally {
      await hook.close();
    }
  });

  it("moderates comments: lists those pending, approves and rejects them by the start of their id", async () => {
    const comment = (name: string) => ({
      kind: "comment" as const,
      fields: {
        type: site.labels.comment,
        name,
        email: `${name}@example.com`,
        comment: `By ${name}`,
        url: `${site.siteUrl}/blog/x`,
      },
    });
    const ids = [];
    for (const name of ["ravi", "mei"]) ids.push(((await accept(comment(name))) as { id: string }).id);
    expect(await runCommand({ name: "comments" }, ctx())).toBe(0);
    expect(lines[0]).toMatch(/^ID\s+RECEIVED \(UTC\)\s+POST\s+NAME\s+COMMENT$/);
    expect(lines.slice(1, 3).map((l) => l.split(/\s{2,}/)[3])).toEqual(["ravi", "mei"]);
    lines = [];
    expect(await runCommand({ name: "approve", id: ids[0].slice(0, 8) }, ctx())).toBe(0);
    expect(await runCommand({ name: "reject", id: ids[1].slice(0, 8) }, ctx())).toBe(0);
    expect(lines).toEqual([
      "Approved: ravi on /blog/x (it shows within a minute; in the page's HTML from the next build)",
      "Rejected: mei on /blog/x",
    ]);
    lines = [];
    await runCommand({ name: "comments" }, ctx());
    expect(lines).toEqual(["No comment waits for a moderator."]);
    expect(await runCommand({ name: "approve", id: "0000" }, ctx())).toBe(1);
  });

  it("lists what the endpoint held as spam, with why, and delivers one a person releases (issue 54)", async () => {
    const held = (await acceptLead(store, {
      lead: contact("Asha Held", "asha@example.com", "Autofill filled the hidden website field"),
      clientHash: "c",
      sinks: ["webhook"],
      guards: { dedupeMs: 1 },
      id: crypto.randomUUID(),
      spamReason: "honeypot",
      via: "script",
    })) as { id: string };
    await accept(contact("Ben", "ben@example.com"));
    const hook = await recordingServer();
    const sinks = [webhookSink(hook.url, 2_000)];
    try {
      await runCommand(parseArgs(["list", "--spam"], now) as Command, ctx());
      expect(lines[1]).toMatch(/\bspam: honeypot\b.*asha@example\.com/);
      expect(lines.slice(1, -1)).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/npm run leads -- release ID delivers one/);
      lines = [];
      await runCommand({ name: "show", id: held.id }, ctx());
      expect(lines).toContain(`  held as spam (honeypot): npm run leads -- release ${held.id.slice(0, 8)} delivers it`);
      expect(lines).toContain("  no deliveries (held as spam)");

      // with no sink configured it stays held: released with no delivery, it would be lost again
      lines = [];
      expect(await runCommand({ name: "release", id: held.id }, ctx())).toBe(1);
      expect(lines[0]).toMatch(/^No sink is configured here \(SMTP_URL, LEAD_WEBHOOK_URL, WEB_TO_LEAD_URL\)/);
      lines = [];
      const released = ctx({
        sinks,
        leadSinks: (s) => leadSinkNames(sinks, s.kind, s.via === "form" ? "form" : "script"),
      });
      expect(await runCommand(parseArgs(["release", held.id.slice(0, 8)], now) as Command, released)).toBe(0);
      expect(lines[0]).toBe(`Released the contact ${held.id.slice(0, 8)} (held: honeypot); delivering it to webhook.`);
      expect(hook.requests).toHaveLength(1);
      expect(JSON.parse(hook.requests[0].body)).toMatchObject({ id: held.id, email: "asha@example.com" });
      const { rows } = await store.query(
        "SELECT status, spam_reason, released_at IS NOT NULL AS released FROM submissions WHERE id = $1",
        [held.id],
      );
      expect(rows).toEqual([{ status: "delivered", spam_reason: "honeypot", released: true }]);

      lines = [];
      await runCommand({ name: "list", filter: { spam: true } }, ctx());
      expect(lines[1]).toMatch(/\bdelivered, released \(held: honeypot\).*asha@example\.com/);
      lines = [];
      expect(await runCommand({ name: "release", id: held.id }, released)).toBe(1);
      expect(lines[0]).toMatch(/is not held as spam \(released /);
      expect(hook.requests).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("runs a scheduled function now, as its schedule does", async () => {
    const hook = await recordingServer();
    try {
      const settings = readSettings({ LEAD_WEBHOOK_URL: hook.url }, site.siteUrl, site.emails.sales);
      await accept(contact("Asha", "asha@example.com"), ["webhook"]);
      const deliver = createScheduledDelivery({ settings, mailboxes: site.emails, store: async () => store });
      expect(await runCommand(parseArgs(["run", "deliver"], now) as Command, ctx({ scheduled: { deliver } }))).toBe(0);
      expect(lines).toContain("deliver ran, as on its schedule; it answered 204.");
      expect(hook.requests).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("says which deliveries wait for a sink that is not configured", async () => {
    await accept(contact("Asha", "asha@example.com"), ["email"]);
    await runCommand({ name: "replay" }, ctx());
    expect(lines[0]).toBe("1 delivery waits for email, which is not configured here (SMTP_URL).");
  });
});

describe("npm run leads as a command", () => {
  const leads = (args: string[], env: Record<string, string> = {}) =>
    spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], {
      cwd: path.resolve(__dirname, "../.."),
      env: { ...process.env, ...env },
      encoding: "utf8",
    });

  it("answers a bad option with one line on standard error and exit code 2", () => {
    const run = leads(["list", "--kind", "fax"]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      "npm run leads: --kind must be one of contact, webinar, newsletter, application, comment, booking (npm run leads -- help)",
    ]);
  });

  it("prints a command's help on standard output, with exit code 0", () => {
    const run = leads(["export", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(helpOf(["export", "--help"]));
    expect(run.stdout).toMatch(/^Usage: npm run leads -- export \[options\]/);
  });

  it("answers an unreachable database with one line and exit code 1", () => {
    const run = leads(["list"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "npm run leads: the store could not be reached (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)",
    );
  });
});
