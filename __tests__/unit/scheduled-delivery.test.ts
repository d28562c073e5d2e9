/** @jest-environment node */
// Issue 44, item 3: deliveries on a timetable, and a person told when they stop. The scheduled function attempts a
// due delivery with no request arriving; a delivery that fails its last automatic attempt gets one message to the
// sales mailbox, whatever number of runs, at once or after; `npm run leads` marks it; the weekly job mails the
// report's page. Through the real store and the real local SMTP server.
import { readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { withoutAddresses } from "../../src/server/delivery-alert";
import { parseArgs } from "../../src/inbox/program";
import { runCommand } from "../../src/inbox/commands";
import { createLeadHandler } from "../../src/server/lead-handler";
import { BOUNDS, createScheduledDelivery, deliverDue } from "../../src/server/scheduled-delivery";
import type { Sink } from "../../src/server/store/outbox";
import type { Store } from "../../src/server/store/sql";
import { openStore } from "../../src/server/store/open-store";
import { createWeeklyReport, lastWholeWeeks, reportArguments } from "../../src/server/weekly-report";
import { callFunction, type WebHandler } from "../support/fake-function";
import { mailServer, recordingServer } from "../support/recording-server";
import { tempDir } from "../support/temp-dir";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

jest.setTimeout(60_000);

const contact = validBody("contact", { info: "We need CPQ help", phone: "919820012345" });

/** What Netlify sends a scheduled function: a POST whose body names the next run. */
const scheduledCall = {
  body: { next_run: "2026-11-23T12:05:00.000Z" },
  headers: { "content-type": "application/json" },
};

describe.each(engines)("deliveries on a timetable on %s", (_engine, open) => {
  let store: Store;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  let refuseMail = false;
  let hookStatus = 500;
  let hook: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    store = await open();
    smtp = await mailServer({ refuse: () => refuseMail });
    hook = await recordingServer(() => hookStatus);
  });
  beforeEach(async () => {
    await emptied(store);
    smtp.mails.length = 0;
    hook.requests.length = 0;
    refuseMail = false;
    hookStatus = 500;
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await hook.close();
    await smtp.close();
    await store.close();
  });

  const settings = (env: Record<string, string> = {}) =>
    readSettings(
      { LEAD_DELIVERY_WAIT_MS: "3000", LEAD_WEBHOOK_URL: hook.url, SMTP_URL: smtp.url, ...env },
      site.siteUrl,
      site.emails.sales,
    );

  /** A contact form sent to the endpoint: its e-mail is delivered, its webhook post fails (500). */
  async function submitted(): Promise<string> {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: settings(),
      store: async () => store,
    });
    expect((await callFunction(handler, { body: JSON.stringify(contact) })).status).toBe(200);
    const { rows } = await store.query<{ id: string }>("SELECT id::text AS id FROM submissions");
    expect(await delivery(rows[0].id)).toMatchObject({ status: "failed", attempts: 1 });
    return rows[0].id;
  }

  const delivery = async (id: string, sink = "webhook") =>
    (
      await store.query<{ status: string; attempts: number; next_attempt_at: Date | null; alerted_at: Date | null }>(
        "SELECT status, attempts, next_attempt_at, alerted_at FROM deliveries WHERE submission_id = $1 AND sink = $2",
        [id, sink],
      )
    ).rows[0];

  /** The scheduled function, as netlify/functions/deliver.ts makes it, invoked as the platform invokes it. */
  const scheduled = (env: Record<string, string> = {}) => {
    const handler = createScheduledDelivery({
      settings: settings(env),
      mailboxes: site.emails,
      store: async () => store,
    });
    return () => callFunction(handler, scheduledCall);
  };

  const alerts = () => smtp.mails.filter((m) => /^A delivery stopped/.test(m.header("subject") ?? ""));

  async function inbox(argv: string[]) {
    const lines: string[] = [];
    const command = parseArgs(argv);
    if ("error" in command) throw new Error(command.error);
    await runCommand(command, {
      store,
      sinks: [],
      retentionDays: 730,
      rateWindowMs: 60_000,
      out: (l) => lines.push(l),
    });
    return lines;
  }

  it("delivers a due delivery with no request arriving, and leaves one that is not due yet", async () => {
    const id = await submitted();
    hookStatus = 200;
    const run = scheduled();
    // its back-off (a minute) has not passed: the schedule leaves it
    expect((await run()).status).toBe(204);
    expect(hook.requests).toHaveLength(1);
    await store.query("UPDATE deliveries SET next_attempt_at = now() - interval '1 second' WHERE submission_id = $1", [
      id,
    ]);
    expect((await run()).status).toBe(204);
    expect(hook.requests).toHaveLength(2);
    expect(JSON.parse(hook.requests[1].body)).toMatchObject({ id, name: "Asha Rao" });
    expect(await delivery(id)).toMatchObject({ status: "delivered", attempts: 2, next_attempt_at: null });
    const { rows } = await store.query<{ status: string }>("SELECT status FROM submissions");
    expect(rows).toEqual([{ status: "delivered" }]);
    expect(alerts()).toEqual([]);
  });

  it("mails the sales mailbox once when a delivery fails its last attempt, however many runs come", async () => {
    const id = await submitted();
    // nine failures so far, the tenth due: the policy's last automatic attempt (DEFAULT_POLICY.maxAttempts)
    await store.query("UPDATE deliveries SET attempts = 9, next_attempt_at = now() WHERE sink = 'webhook'");
    const run = scheduled();
    await run();
    expect(hook.requests).toHaveLength(2);
    expect(await delivery(id)).toMatchObject({ status: "failed", attempts: 10, next_attempt_at: null });
    // runs after it, and runs at once, send nothing more
    await run();
    await Promise.all([run(), run(), run(), run()]);
    expect(hook.requests).toHaveLength(2);
    const [alert, ...more] = alerts();
    expect(more).toEqual([]);
    expect(alert.to).toEqual([site.emails.sales]);
    expect(alert.header("x-submission-id")).toBe(id);
    expect(alert.header("subject")).toBe(`A delivery stopped: webhook for submission ${id.slice(0, 8)}`);
    expect(alert.text).toContain("  error:       webhook answered 500");
    expect(alert.text).toContain("  attempts:    10, the last ");
    expect(alert.text).toMatch(/\n {2}npm run leads -- replay\r?\n/);
    expect(alert.text).toContain(`npm run leads -- show ${id.slice(0, 8)}`);
    // nothing the visitor typed; and the visitor is never mailed about it
    for (const typed of [contact.name, contact.email, contact.phone, contact.info])
      expect(alert.raw).not.toContain(typed);
    expect(smtp.mails.filter((m) => m.to.includes(contact.email))).toEqual([]);
    expect((await delivery(id)).alerted_at).toEqual(expect.any(Date));
  });

  it("tells of each stuck delivery once, with two runs at once", async () => {
    const id = await submitted();
    // one refused for good after its first attempt (a PermanentFailure), one after its tenth
    await store.query(
      "UPDATE deliveries SET next_attempt_at = NULL, last_error = 'webhook answered 410' WHERE sink = 'webhook'",
    );
    await store.query(
      `INSERT INTO deliveries (submission_id, sink, status, attempts, last_error, last_attempt_at, next_attempt_at)
       VALUES ($1, 'salesforce', 'failed', 10, 'Web-to-Lead answered 503', now(), NULL)`,
      [id],
    );
    await Promise.all([scheduled()(), scheduled()()]);
    await scheduled()();
    expect(alerts().map((m) => m.header("subject"))).toEqual(
      expect.arrayContaining([
        `A delivery stopped: webhook for submission ${id.slice(0, 8)}`,
        `A delivery stopped: salesforce for submission ${id.slice(0, 8)}`,
      ]),
    );
    expect(alerts()).toHaveLength(2);
  });

  it("sends an alert the relay refused on a later run, still once", async () => {
    const id = await submitted();
    await store.query("UPDATE deliveries SET attempts = 9, next_attempt_at = now() WHERE sink = 'webhook'");
    refuseMail = true;
    await scheduled()();
    expect(await delivery(id)).toMatchObject({ next_attempt_at: null, alerted_at: null });
    expect(alerts()).toEqual([]);
    refuseMail = false;
    await scheduled()();
    await scheduled()();
    expect(alerts()).toHaveLength(1);
  });

  it("sends no alert without SMTP_URL, and keeps it for a run that has one", async () => {
    const id = await submitted();
    await store.query("UPDATE deliveries SET attempts = 9, next_attempt_at = now() WHERE sink = 'webhook'");
    await scheduled({ SMTP_URL: "" })();
    expect(await delivery(id)).toMatchObject({ attempts: 10, next_attempt_at: null, alerted_at: null });
    await scheduled()();
    expect(alerts()).toHaveLength(1);
  });

  it("marks a stuck delivery in list and show, and lists only those with --stuck", async () => {
    const id = await submitted();
    await store.query(
      `INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash)
       VALUES (gen_random_uuid(), 'newsletter', 'n@example.com', '{}', 'n', 'x')`,
    );
    await store.query("UPDATE deliveries SET attempts = 9, next_attempt_at = now() WHERE sink = 'webhook'");
    await scheduled({ SMTP_URL: "" })();
    const short = id.slice(0, 8);
    let shown = await inbox(["show", short]);
    expect(shown.find((l) => l.startsWith("  delivery to webhook"))).toBe(
      "  delivery to webhook: failed, 10 attempts, last error: webhook answered 500, STUCK: that was its last automatic attempt; npm run leads -- replay attempts it again (the sales mailbox is not told yet)",
    );
    expect(shown.find((l) => l.startsWith("  delivery to email"))).toMatch(
      /^ {2}delivery to email: delivered, 1 attempt/,
    );
    await scheduled()();
    shown = await inbox(["show", short]);
    expect(shown.find((l) => l.startsWith("  delivery to webhook"))).toMatch(
      /, STUCK: .* \(the sales mailbox was told \d{4}-\d\d-\d\d \d\d:\d\d\)$/,
    );
    const listed = await inbox(["list"]);
    expect(listed).toHaveLength(4);
    expect(listed.find((l) => l.startsWith(short))).toMatch(/ contact\s+failed, STUCK\s/);
    expect(listed.find((l) => / newsletter /.test(l))).toMatch(/ newsletter\s+received\s/);
    expect(listed[3]).toMatch(/^STUCK: a delivery failed its last automatic attempt/);
    const stuck = await inbox(["list", "--stuck"]);
    expect(stuck.filter((l) => / (contact|newsletter) /.test(l)).map((l) => l.slice(0, 8))).toEqual([short]);
    expect(await inbox(["list", "--stuck", "--kind", "newsletter"])).toEqual(["No submissions match."]);
  });

  it("stops a run within its bounds: so many attempts, and no batch after its time", async () => {
    await store.query(
      `INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash)
       SELECT gen_random_uuid(), 'newsletter', 'n' || i || '@example.com', '{}', 'n' || i, 'x' FROM generate_series(1, 25) i`,
    );
    await store.query("INSERT INTO deliveries (submission_id, sink) SELECT id, 'webhook' FROM submissions");
    let attempts = 0;
    const sink: Sink = { name: "webhook", deliver: async () => void (attempts += 1) };
    expect(await deliverDue(store, [sink], { ...BOUNDS, batch: 4, most: 10 })).toMatchObject({ delivered: 10 });
    expect(attempts).toBe(10);
    // a clock past drainMs: no batch starts
    let now = 0;
    const late = await deliverDue(store, [sink], BOUNDS, () => (now += BOUNDS.drainMs));
    expect(late).toMatchObject({ delivered: 0 });
    expect(await deliverDue(store, [sink])).toMatchObject({ delivered: 15 });
    expect(attempts).toBe(25);
  });

  it("mails the marketing mailbox the report's page of the last eight whole weeks", async () => {
    const monday = new Date("2026-11-23T07:00:00Z");
    const { since, until } = lastWholeWeeks(monday);
    expect([since, until]).toEqual([new Date("2026-09-28T00:00:00Z"), new Date("2026-11-23T00:00:00Z")]);
    await store.query(
      `INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash, channel, received_at)
       VALUES (gen_random_uuid(), 'contact', 'a@example.com', '{}', 'a', 'x', 'Organic Search', '2026-11-20T10:00Z'),
              (gen_random_uuid(), 'contact', 'b@example.com', '{}', 'b', 'x', 'Paid Search', '2026-10-01T10:00Z'),
              (gen_random_uuid(), 'contact', 'c@example.com', '{}', 'c', 'x', 'Email', '2026-11-23T06:00Z')`,
    );
    // held as spam: not a lead, but the mail says it is there (issue 54)
    await store.query(
      `INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash, status, spam_reason, received_at)
       VALUES (gen_random_uuid(), 'contact', 'h@example.com', '{}', 'h', 'x', 'spam', 'honeypot', '2026-11-19T10:00Z')`,
    );
    const env = { MARKETING_MAILBOX: "marketing@tidewell.example" };
    const handler = createWeeklyReport({
      settings: settings(env),
      store: async () => store,
      siteTitle: site.title,
      now: () => monday,
    });
    expect((await callFunction(handler, scheduledCall)).status).toBe(204);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.to).toEqual(["marketing@tidewell.example"]);
    expect(mail.header("subject")).toBe(`${site.title}: leads per week, 2026-09-28 to 2026-11-22`);
    expect(part(mail.raw, /text\/plain/)).toContain(
      "\n  npm run leads -- report --since 2026-09-28 --until 2026-11-23 --html report.html",
    );
    const held =
      "1 submission was held as spam (1 honeypot) and delivered to no one: npm run leads -- list --spam shows them, " +
      "npm run leads -- release ID delivers one.";
    expect(part(mail.raw, /text\/plain/).replace(/\s+/g, " ")).toContain(held);
    const page = part(mail.raw, /attachment; filename=leads-report-2026-11-23\.html/);
    // the page `npm run leads -- report --html` writes for the same weeks: two leads, this week's not among them
    const file = path.join(tempDir("weekly-report-"), "report.html");
    await inbox(reportArguments(since, until, file));
    expect(page).toBe(readFileSync(file, "utf8"));
    expect(page).toContain("2 leads from 2026-09-28 to 2026-11-23");
    expect(page).toContain("Organic Search");
    expect(page).not.toContain(">Email<");
    expect(page).not.toContain("a@example.com");
    expect(page.replace(/\s+/g, " ")).toContain(held);
    // without MARKETING_MAILBOX, the sales mailbox
    expect(settings().marketingMailbox).toBe(site.emails.sales);
  });
});

describe("netlify/functions/deliver.ts, as Netlify deploys and invokes it", () => {
  it("reads its settings and its store from the environment, and delivers a due delivery", async () => {
    const hook = await recordingServer();
    const smtp = await mailServer();
    const env = {
      LEADS_STORE_DIR: tempDir("deliver-store-"),
      LEAD_WEBHOOK_URL: hook.url,
      SMTP_URL: smtp.url,
      WEB_TO_LEAD_URL: "off",
    };
    // the embedded store, served on its port by this process as the local server serves it
    const served = await openStore(env, "server");
    const saved = { ...process.env };
    // closing the embedded store ends its connections, which their pools report (as in open-store.test.ts)
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await served.query(
        `INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash)
         VALUES ('00000000-0000-4000-8000-000000000001', 'newsletter', 'n@example.com', '{"email":"n@example.com"}', 'n', 'x')`,
      );
      await served.query(
        `INSERT INTO deliveries (submission_id, sink, status, attempts, next_attempt_at)
         VALUES ('00000000-0000-4000-8000-000000000001', 'webhook', 'failed', 3, now())`,
      );
      Object.assign(process.env, env);
      let deliver!: { default: WebHandler; config: unknown };
      await jest.isolateModulesAsync(async () => {
        deliver = await import("../../netlify/functions/deliver");
      });
      expect(deliver.config).toEqual({ schedule: "*/5 * * * *" });
      expect((await callFunction(deliver.default, scheduledCall)).status).toBe(204);
      expect(hook.requests.map((r) => JSON.parse(r.body).id)).toEqual(["00000000-0000-4000-8000-000000000001"]);
      const { rows } = await served.query("SELECT status, attempts FROM deliveries");
      expect(rows).toEqual([{ status: "delivered", attempts: 4 }]);
    } finally {
      process.env = saved;
      // the function keeps its store for the life of the process, as on Netlify: closed here
      await (await openStore(env)).close();
      await served.close();
      await hook.close();
      await smtp.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      errors.mockRestore();
    }
  });
});

/** The decoded text of the part of a raw MIME message whose head matches `head`. */
function part(raw: string, head: RegExp): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]);
  const found = boundaries
    .flatMap((b) => raw.split(`--${b}`))
    .map((p) => p.split(/\r?\n\r?\n/))
    .find(([top]) => head.test(top.replace(/\r?\n[ \t]+/g, " ")));
  if (!found) throw new Error(`no part ${head}`);
  const [top, ...body] = found;
  const text = body.join("\n\n").trim();
  if (/base64/i.test(top)) return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  return Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  )
    .toString("utf8")
    .replace(/\r\n/g, "\n");
}

describe("an alert's error text", () => {
  it("leaves out any address in it", () => {
    expect(withoutAddresses("550 5.1.1 <asha@example.com>: Recipient address rejected")).toBe(
      "550 5.1.1 <(an address)>: Recipient address rejected",
    );
    expect(withoutAddresses("webhook answered 500")).toBe("webhook answered 500");
  });
});
