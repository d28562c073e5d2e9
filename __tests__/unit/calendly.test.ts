/** @jest-environment node */
// Issue 44: a consultation booked through Calendly lands like any lead. A local Calendly that signs its webhooks
// (../support/calendly-fake.ts) sends them to the function's handler as real Requests; the store is the real one
// (PGlite, and PostgreSQL where TEST_DATABASE_URL names one), the sinks are the real ones, against local fakes of
// Web-to-Lead, the webhook and the mailbox.
import site from "../../content/site.json";
import { createCalendlyHandler, MAX_WEBHOOK_BYTES } from "../../src/server/calendly";
import { readCalendlyEvent } from "../../src/server/calendly-booking";
import { checkSignature, signatureHeader, SIGNATURE_TOLERANCE_SECONDS } from "../../src/server/calendly-signature";
import { readSettings } from "../../src/server/config";
import { parseArgs } from "../../src/inbox/program";
import { runCommand } from "../../src/inbox/commands";
import { purge } from "../../src/server/purge";
import type { Store } from "../../src/server/store/sql";
import { eraseEmail } from "../../src/server/store/erasure";
import { acceptLead } from "../../src/server/store/intake";
import { fakeCalendly, type Delivery } from "../support/calendly-fake";
import { eventually } from "../support/eventually";
import { callFunction } from "../support/fake-function";
import { mailServer, recordingServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

const KEY = "calendly-signing-key-for-tests";
const body = '{"event":"invitee.created"}';
const bytes = new TextEncoder().encode(body);
const NOW = Date.UTC(2026, 11, 1, 9, 0, 0);

describe("Calendly's webhook signature", () => {
  const at = NOW / 1000;
  it("takes what the signing key signed, within the tolerance either way", () => {
    expect(checkSignature(signatureHeader(KEY, at, body), bytes, KEY, NOW)).toEqual({ ok: true });
    const late = NOW + SIGNATURE_TOLERANCE_SECONDS * 1000;
    expect(checkSignature(signatureHeader(KEY, at, body), bytes, KEY, late)).toEqual({ ok: true });
    const early = NOW - SIGNATURE_TOLERANCE_SECONDS * 1000;
    expect(checkSignature(signatureHeader(KEY, at, body), bytes, KEY, early)).toEqual({ ok: true });
    // a second v1 (a key being rotated) is looked at too
    const two = `t=${at},v1=${"0".repeat(64)},${signatureHeader(KEY, at, body).split(",")[1]}`;
    expect(checkSignature(two, bytes, KEY, NOW)).toEqual({ ok: true });
  });

  it("refuses another key, another body, a stale or future time, and a header it cannot read", () => {
    const refused = (header: string | null, now = NOW, signed = bytes) => checkSignature(header, signed, KEY, now).ok;
    expect(refused(signatureHeader("another key", at, body))).toBe(false);
    expect(refused(signatureHeader(KEY, at, body), NOW, new TextEncoder().encode(`${body} `))).toBe(false);
    expect(refused(signatureHeader(KEY, at - SIGNATURE_TOLERANCE_SECONDS - 1, body))).toBe(false);
    expect(refused(signatureHeader(KEY, at + SIGNATURE_TOLERANCE_SECONDS + 1, body))).toBe(false);
    // the timestamp is signed: changing it breaks the signature
    expect(refused(signatureHeader(KEY, at, body).replace(`t=${at}`, `t=${at + 1}`))).toBe(false);
    for (const header of [null, "", "v1=abc", `t=${at}`, `t=soon,v1=${"a".repeat(64)}`, `t=${at},v1=${"g".repeat(64)}`])
      expect(refused(header)).toBe(false);
    expect(checkSignature(signatureHeader(KEY, at - 600, body), bytes, KEY, NOW)).toEqual({
      ok: false,
      reason: "a timestamp 600 s from this server's clock",
    });
  });
});

describe("what a webhook says of a booking", () => {
  const created = (payload: Record<string, unknown>) =>
    readCalendlyEvent({
      event: "invitee.created",
      payload: {
        uri: "https://api.calendly.com/scheduled_events/E1/invitees/I1",
        name: "Asha Rao",
        email: "asha@example.com",
        scheduled_event: { name: "Consultation", start_time: "2026-12-03T15:00:00.000000Z" },
        ...payload,
      },
    });

  it("takes the campaign Calendly tracked, by the forms' rules, and its channel from the rule table", () => {
    const event = created({
      tracking: { utm_campaign: "q4-agentforce", utm_medium: "email", utm_source: "asha@example.com", gclid: "x" },
    });
    expect(event).toMatchObject({
      event: "invitee.created",
      booking: {
        name: "Asha Rao",
        email: "asha@example.com",
        // an address in a campaign value is dropped, as from a form; Calendly tracks no click ids
        attribution: { utm_campaign: "q4-agentforce", utm_medium: "email" },
        channel: "Email",
        message: "Consultation on 2026-12-03 15:00 UTC",
        fields: { event: "Consultation", start: "2026-12-03T15:00:00.000Z" },
      },
    });
    expect(created({ tracking: {} })).toMatchObject({ booking: { attribution: {}, channel: "Website" } });
    expect(created({ tracking: { utm_source: "linkedin" } })).toMatchObject({ booking: { channel: "Social" } });
  });

  it("keeps the answers and the name from its parts, and refuses a booking without an invitee or an address", () => {
    const event = created({
      name: "",
      first_name: "Asha",
      last_name: "Rao\u0007",
      questions_and_answers: [
        { question: "Phone", answer: "+91 98200 12345", position: 1 },
        { question: "What would you like to discuss?", answer: "CPQ\nand Agentforce", position: 0 },
      ],
    });
    expect(event).toMatchObject({
      booking: {
        name: "Asha Rao",
        message:
          "Consultation on 2026-12-03 15:00 UTC\nWhat would you like to discuss?: CPQ / and Agentforce\nPhone: +91 98200 12345",
      },
    });
    expect(created({ uri: "http://calendly.example/x" })).toMatchObject({ field: "payload.uri" });
    expect(created({ email: "not an address" })).toMatchObject({ field: "payload.email" });
    expect(created({ scheduled_event: {} })).toMatchObject({ field: "payload.scheduled_event.start_time" });
    expect(readCalendlyEvent({ event: "routing_form_submission.created" })).toEqual({
      event: "other",
      name: "routing_form_submission.created",
    });
  });
});

describe.each(engines)("bookings through Calendly's webhook on %s", (_engine, open) => {
  let store: Store;
  let w2l: Awaited<ReturnType<typeof recordingServer>>;
  let hook: Awaited<ReturnType<typeof recordingServer>>;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  let lines: string[];
  /** what the function logged: a refusal's reason, never what the webhook carried */
  let logged: string[];

  beforeAll(async () => {
    store = await open();
    [w2l, hook, smtp] = await Promise.all([recordingServer(), recordingServer(), mailServer()]);
  });
  beforeEach(async () => {
    await emptied(store);
    w2l.requests.length = 0;
    hook.requests.length = 0;
    smtp.mails.length = 0;
    lines = [];
    logged = [];
    const keep = (...args: unknown[]) => void logged.push(String(args[0]));
    jest.spyOn(console, "error").mockImplementation(keep);
    jest.spyOn(console, "info").mockImplementation(keep);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await Promise.all([w2l.close(), hook.close(), smtp.close()]);
    await store.close();
  });

  const env = (more: Record<string, string> = {}) => ({
    CALENDLY_WEBHOOK_SECRET: KEY,
    WEB_TO_LEAD_URL: w2l.url,
    LEAD_WEBHOOK_URL: hook.url,
    SMTP_URL: smtp.url,
    LEAD_DELIVERY_WAIT_MS: "3000",
    ...more,
  });
  function handler(more: Record<string, string> = {}, storeOf = async () => store) {
    const settings = readSettings(env(more), site.siteUrl, site.emails.sales);
    return createCalendlyHandler({
      signingKey: settings.calendlySigningKey,
      settings,
      mailboxes: site.emails,
      store: storeOf,
    });
  }
  /** Calendly, sending to the function as Netlify would hand it the request. */
  function calendly(handle = handler()) {
    const answers: { status: number; body: unknown }[] = [];
    const send = async ({ headers, body }: Delivery) => {
      const answer = await callFunction(handle, { headers, body });
      answers.push(answer);
      return answer.status;
    };
    return { answers, ...fakeCalendly({ signingKey: KEY, send }) };
  }
  const asha = {
    name: "Asha Rao",
    email: "asha@example.com",
    start: "2026-12-03T15:00:00Z",
    tracking: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "q4-agentforce" },
    answers: [["What would you like to discuss?", "Agentforce for our service team"]] as [string, string][],
  };
  const rows = async () =>
    (
      await store.query<Record<string, unknown>>(
        `SELECT kind, status, name, email, channel, via, attribution, invitee_uri, cancelled_at, rescheduled_from,
                fields FROM submissions ORDER BY received_at`,
      )
    ).rows;
  const inbox = (...args: string[]) =>
    runCommand(parseArgs(args) as Parameters<typeof runCommand>[0], {
      store,
      sinks: [],
      retentionDays: 730,
      rateWindowMs: 60_000,
      out: (line) => lines.push(line),
    });

  it("stores a booking once, however often Calendly sends it, with its campaign and channel, and delivers it", async () => {
    const fake = calendly();
    const { invitee, status } = await fake.book(asha);
    expect(status).toBe(200);
    expect(await fake.retry()).toBe(200);
    expect(await fake.retry()).toBe(200);
    const [first, ...again] = fake.answers.map((a) => a.body as { id: string });
    expect(again.map((a) => a.id)).toEqual([first.id, first.id]);

    expect(await rows()).toEqual([
      expect.objectContaining({
        kind: "booking",
        status: "delivered",
        name: "Asha Rao",
        email: "asha@example.com",
        channel: "Email",
        via: "calendly",
        attribution: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "q4-agentforce" },
        invitee_uri: invitee.uri,
        cancelled_at: null,
        rescheduled_from: null,
      }),
    ]);

    // Web-to-Lead, once: the channel as lead_source, the campaign in the org's fields, the event in the note
    expect(w2l.requests).toHaveLength(1);
    const posted = Object.fromEntries(new URLSearchParams(w2l.requests[0].body));
    expect(posted).toMatchObject({
      oid: site.webToLead.oid,
      lead_source: "Email",
      first_name: "Asha Rao",
      email: "asha@example.com",
      UTM_Campaign__c: "q4-agentforce",
      UTM_Source__c: "newsletter",
      UTM_Medium__c: "email",
      Note__c:
        "Free Salesforce consultation on 2026-12-03 15:00 UTC\nWhat would you like to discuss?: Agentforce for our service team",
    });
    // the webhook, once, its kind named; the sales mailbox, once, the event and its time in the subject
    expect(hook.requests).toHaveLength(1);
    expect(JSON.parse(hook.requests[0].body)).toMatchObject({
      id: first.id,
      kind: "booking",
      email: "asha@example.com",
      start: "2026-12-03T15:00:00.000Z",
    });
    const mails = await eventually(
      async () => smtp.mails,
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([site.emails.sales]);
    expect(mails[0].header("subject")).toBe(
      "New consultation booked: Free Salesforce consultation on 2026-12-03 15:00 UTC",
    );
    expect(mails[0].header("reply-to")).toBe("asha@example.com");
    expect(mails[0].text).toContain("channel: Email");

    // and `npm run leads -- show` tells it, its deliveries included
    expect(await inbox("show", first.id.slice(0, 8))).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^booking ${first.id}, received .* UTC, delivered$`));
    expect(lines).toEqual(
      expect.arrayContaining([
        "  event: Free Salesforce consultation",
        "  start: 2026-12-03T15:00:00.000Z",
        "  utm_campaign: q4-agentforce",
        expect.stringMatching(/^ {2}delivery to salesforce: delivered, 1 attempt, .*\(Web-to-Lead answered 200\)$/),
      ]),
    );
  });

  it("stores one booking when Calendly's retries come at once", async () => {
    const fake = calendly();
    const delivery = fake.delivery("invitee.created", {
      uri: "https://api.calendly.com/scheduled_events/E/invitees/ONCE",
      name: "Ben",
      email: "ben@example.com",
      scheduled_event: { name: "Consultation", start_time: "2026-12-04T10:00:00Z" },
    });
    const handle = handler({ SMTP_URL: "", LEAD_WEBHOOK_URL: "" });
    const answers = await Promise.all(Array.from({ length: 6 }, () => callFunction(handle, delivery)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(
      await eventually(
        async () => w2l.requests.length,
        (n) => n > 0,
      ),
    ).toBe(1);
  });

  it("answers a forged, stale or altered webhook 401 and stores nothing", async () => {
    const fake = calendly();
    const handle = handler();
    const payload = { uri: "https://api.calendly.com/scheduled_events/E/invitees/FORGED", email: "eve@example.com" };
    const forged = fake.delivery("invitee.created", payload, { key: "a guessed key" });
    const stale = fake.delivery("invitee.created", payload, { atSeconds: Math.floor(Date.now() / 1000) - 600 });
    const good = fake.delivery("invitee.created", payload);
    const altered = { ...good, body: good.body.replace("eve@", "mallory@") };
    const unsigned = { ...good, headers: { "content-type": "application/json" } };
    for (const delivery of [forged, stale, altered, unsigned])
      expect(await callFunction(handle, delivery)).toMatchObject({
        status: 401,
        body: { error: "The signature is missing, wrong or stale" },
      });
    expect(await rows()).toEqual([]);
    expect(w2l.requests).toEqual([]);
    expect(logged).toEqual([
      "calendly: refused a webhook with a signature that is not the signing key's; nothing was stored",
      expect.stringMatching(/^calendly: refused a webhook with a timestamp 60[01] s from this server's clock; nothing/),
      "calendly: refused a webhook with a signature that is not the signing key's; nothing was stored",
      "calendly: refused a webhook with no Calendly-Webhook-Signature header; nothing was stored",
    ]);
  });

  it("answers 404 and opens no store without a signing key; refuses other methods and large bodies", async () => {
    const never = async (): Promise<Store> => {
      throw new Error("the store was opened");
    };
    const fake = calendly();
    const delivery = fake.delivery("invitee.created", {});
    expect(await callFunction(handler({ CALENDLY_WEBHOOK_SECRET: "" }, never), delivery)).toMatchObject({
      status: 404,
    });
    expect(await callFunction(handler({}, never), { method: "GET" })).toMatchObject({
      status: 405,
      headers: { allow: "POST" },
    });
    const large = fake.delivery("invitee.created", { pad: "x".repeat(MAX_WEBHOOK_BYTES) });
    expect(await callFunction(handler({}, never), large)).toMatchObject({ status: 413 });
    // signed but not a booking: 400 naming what is missing; stored nothing
    const empty = fake.delivery("invitee.created", { uri: "https://api.calendly.com/x/invitees/EMPTY" });
    expect(await callFunction(handler(), empty)).toMatchObject({ status: 400, body: { field: "payload.email" } });
    expect(await rows()).toEqual([]);
  });

  it("answers 503 while the store cannot be reached, so that Calendly sends it again", async () => {
    const down = async (): Promise<Store> => {
      throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    };
    const fake = calendly(handler({}, down));
    expect((await fake.book(asha)).status).toBe(503);
    expect(await rows()).toEqual([]);
    expect(logged).toEqual(["calendly: the store could not be reached (ECONNREFUSED); nothing was stored"]);
  });

  it("marks a booking cancelled when the cancellation comes, once; a cancellation of no booking stores nothing", async () => {
    const fake = calendly();
    const { invitee } = await fake.book(asha);
    expect(await fake.cancel(invitee, "Found a partner closer to home")).toBe(200);
    const [cancelled] = await rows();
    expect(cancelled.cancelled_at).toBeInstanceOf(Date);
    expect((cancelled.fields as Record<string, string>).cancelled).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d UTC by the invitee: Found a partner closer to home$/,
    );
    expect(await fake.retry()).toBe(200);
    expect(await rows()).toEqual([cancelled]);

    // not stored: booked before the subscription, or erased since; 200, or Calendly would send it for a day
    const stranger = {
      ...asha,
      email: "x@example.com",
      uri: "https://api.calendly.com/scheduled_events/E/invitees/NONE",
    };
    expect(await fake.cancel(stranger)).toBe(200);
    expect(await rows()).toHaveLength(1);
    // the lead itself went to Salesforce once, when it was booked
    expect(w2l.requests).toHaveLength(1);
  });

  it("keeps a booking moved to another time as one lead: its new time is stored, but not posted to Salesforce again", async () => {
    const fake = calendly();
    const { invitee } = await fake.book(asha);
    const moved = await fake.reschedule(invitee, "2026-12-10T11:30:00Z");
    expect(moved.status).toEqual([200, 200]);
    const [first, second] = await rows();
    expect(first).toMatchObject({
      cancelled_at: null,
      fields: expect.objectContaining({ rescheduled: expect.any(String) }),
    });
    expect(second).toMatchObject({
      kind: "booking",
      invitee_uri: moved.invitee.uri,
      rescheduled_from: expect.any(String),
      fields: expect.objectContaining({ start: "2026-12-10T11:30:00.000Z", rescheduled_from: invitee.uri }),
    });
    expect(w2l.requests).toHaveLength(1);
    // the sales mailbox and the webhook hear of the new time
    expect(hook.requests).toHaveLength(2);
    await eventually(
      async () => smtp.mails,
      (m) => m.length === 2,
    );
    expect(smtp.mails[1].header("subject")).toContain("2026-12-10 11:30 UTC");

    // the report counts it once; cancelled at its new time, it counts as cancelled
    expect(await fake.cancel(moved.invitee)).toBe(200);
    await inbox("report", "--by", "kind", "--since", "1d", "--until", new Date(Date.now() + 60_000).toISOString());
    expect(lines[0]).toMatch(/: 1$/);
    expect(lines).toContain(
      "1 of these leads booked a consultation through Calendly, 1 of them cancelled since (a booking moved to another time counts once).",
    );
  });

  it("counts bookings in the report as their own kind, beside the enquiries", async () => {
    const guards = { dedupeMs: 1 };
    for (const name of ["Meera", "Ravi"])
      await acceptLead(store, {
        lead: {
          kind: "contact",
          fields: validBody("contact", { name, email: `${name}@example.com`, phone: "", info: "Hi" }),
        },
        clientHash: "c",
        sinks: [],
        guards,
        id: crypto.randomUUID(),
        channel: "Direct",
      });
    const fake = calendly(handler({ WEB_TO_LEAD_URL: "off", SMTP_URL: "", LEAD_WEBHOOK_URL: "" }));
    await fake.book(asha);
    await fake.book({ ...asha, email: "ben@example.com", tracking: {} });
    const { invitee } = await fake.book({ ...asha, email: "chen@example.com" });
    await fake.cancel(invitee);

    await inbox("report", "--by", "kind", "--since", "1d", "--until", new Date(Date.now() + 60_000).toISOString());
    expect(lines[0]).toMatch(/^Leads per week by kind, .*: 5$/);
    const header = lines.find((line) => line.startsWith("WEEK OF"));
    expect(header?.split(/\s+/)).toEqual(["WEEK", "OF", "booking", "contact", "TOTAL"]);
    expect(lines.find((line) => line.startsWith("TOTAL"))?.split(/\s+/)).toEqual(["TOTAL", "3", "2", "5"]);
    expect(lines.at(-1)).toBe(
      "3 of these leads booked a consultation through Calendly, 1 of them cancelled since (a booking moved to another time counts once).",
    );
    lines = [];
    await inbox("report", "--since", "1d", "--until", new Date(Date.now() + 60_000).toISOString());
    expect(lines.find((line) => line.startsWith("WEEK OF"))?.split(/\s+/)).toEqual([
      "WEEK",
      "OF",
      "Direct",
      "Email",
      "Website",
      "TOTAL",
    ]);
  });

  it("erases a booking with its address, and the purge deletes it after the retention period", async () => {
    const fake = calendly(handler({ WEB_TO_LEAD_URL: "off", SMTP_URL: "", LEAD_WEBHOOK_URL: "" }));
    const { invitee } = await fake.book(asha);
    await fake.book({ ...asha, email: "ben@example.com" });
    const erased = await eraseEmail(store, "ASHA@example.com");
    expect(erased).toMatchObject({ total: 1, removed: { booking: 1 } });
    expect((await rows()).map((r) => r.email)).toEqual(["ben@example.com"]);
    // a late cancellation of the erased booking brings nothing back
    expect(await fake.cancel(invitee)).toBe(200);
    expect(await rows()).toHaveLength(1);

    await store.query("UPDATE submissions SET received_at = now() - interval '731 days'");
    const purged = await purge(store, null, {
      retentionDays: 730,
      applicationsRetentionDays: 180,
      rateWindowMs: 60_000,
    });
    expect(purged.submissions).toBe(1);
    expect(await rows()).toEqual([]);
  });
});
