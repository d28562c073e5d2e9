/** @jest-environment node */
import { createHmac } from "crypto";
import site from "../../content/site.json";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { readSettings } from "../../src/server/config";
import { mailboxFor } from "../../src/server/sinks/email";
import { createLeadHandler } from "../../src/server/lead-handler";
import { drain } from "../../src/server/store/outbox";
import type { Store } from "../../src/server/store/sql";
import { sinksFor } from "../../src/server/sinks";
import { eventually } from "../support/eventually";
import { callFunction, type FunctionCall } from "../support/fake-function";
import { mailServer, recordingServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

const contact = validBody("contact", { info: "We need CPQ help", phone: "919820012345", name: "Asha" });

const count = async (store: Store, table: string) =>
  (await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe.each(engines)("the lead endpoint on %s", (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(() => emptied(store));
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => store.close());

  function endpoint(env: Record<string, string> = {}, on: () => Promise<Store> = async () => store) {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ LEAD_DELIVERY_WAIT_MS: "2000", ...env }, site.siteUrl, site.emails.sales),
      store: on,
    });
    return (init: FunctionCall) => callFunction(handler, init);
  }

  it("answers 200 once the submission is committed, with its fields in their columns", async () => {
    const send = endpoint();
    const sent = await send({
      body: JSON.stringify(contact),
      headers: { "content-type": "text/plain;charset=UTF-8", origin: site.siteUrl },
    });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const { rows } = await store.query("SELECT kind, status, name, email, phone, message, fields FROM submissions");
    expect(rows).toEqual([
      {
        kind: "contact",
        status: "received",
        name: "Asha",
        email: contact.email,
        phone: contact.phone,
        message: contact.info,
        fields: contact,
      },
    ]);
  });

  it("refuses bad requests with their answers, stores nothing and counts each toward the rate limit", async () => {
    const send = endpoint();
    const started = Date.now();
    const answers = [
      await send({ method: "GET" }),
      await send({ body: JSON.stringify({ ...contact, info: "x".repeat(33 * 1024) }) }),
      await send({ body: contact, headers: { origin: "https://evil.example" } }),
      await send({ body: { ...contact, email: "nope" } }),
      await send({ body: "{type:" }),
    ];
    expect(answers.map((a) => [a.status, (a.body as { field: string }).field])).toEqual([
      [405, "method"],
      [413, "body"],
      [403, "origin"],
      [400, "email"],
      [400, "body"],
    ]);
    expect(answers[0].headers.allow).toBe("POST");
    for (const table of ["submissions", "deliveries"]) expect(await count(store, table)).toBe(0);
    // one bucket, the client's, five of its ten tokens taken (issue 54: refused requests count too), and what the
    // bucket gained back meanwhile at ten a minute: a slow machine takes longer over the five, never a token fewer
    const refilled = ((Date.now() - started) / 60_000) * 10;
    const { rows } = await store.query<{ tokens: number }>("SELECT tokens FROM rate_limits");
    expect(rows).toHaveLength(1);
    expect(rows[0].tokens).toBeGreaterThanOrEqual(5 - 1e-6);
    expect(rows[0].tokens).toBeLessThanOrEqual(5 + refilled + 1e-6);
  });

  it("limits each address to 10 requests a minute across every instance that shares the database", async () => {
    const [a, b] = [endpoint(), endpoint()];
    for (let i = 0; i < 10; i++)
      expect((await (i % 2 ? a : b)({ body: { ...contact, name: `N${i}` }, ip: "10.9.9.9" })).status).toBe(200);
    const limited = await a({ body: { ...contact, name: "N10" }, ip: "10.9.9.9" });
    expect(limited).toMatchObject({ status: 429, body: { field: "rate" } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await b({ body: { ...contact, name: "N11" }, ip: "10.9.9.8" })).status).toBe(200);
    expect(await count(store, "submissions")).toBe(11);
  });

  it("answers 200 to the same body again, from another instance too, and stores it once", async () => {
    const [a, b] = [endpoint(), endpoint()];
    expect((await a({ body: contact })).status).toBe(200);
    expect((await b({ body: JSON.stringify(contact) })).status).toBe(200);
    await Promise.all([a({ body: { ...contact, name: "Twice" } }), b({ body: { ...contact, name: "Twice" } })]);
    expect(await count(store, "submissions")).toBe(2);
  });

  it("keeps the client's address only as a keyed hash", async () => {
    await endpoint()({ body: contact, ip: "203.0.113.7" });
    await endpoint({ LEAD_HASH_SECRET: "k" })({ body: { ...contact, name: "B" }, ip: "203.0.113.7" });
    const { rows } = await store.query<{ client_hash: string; row: string }>(
      "SELECT client_hash, row_to_json(s)::text AS row FROM submissions s ORDER BY received_at",
    );
    expect(rows.map((r) => r.row).join()).not.toContain("203.0.113.7");
    expect(rows[0].client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1].client_hash).toBe(createHmac("sha256", "k").update("203.0.113.7").digest("hex"));
  });

  it("answers 503 naming the store when it cannot be reached, and stores nothing", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const send = endpoint({}, async () =>
      Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })),
    );
    expect(await send({ body: contact })).toMatchObject({
      status: 503,
      headers: { "retry-after": "10" },
      body: { field: "store" },
    });
    expect(errors.mock.calls.flat().join(" ")).toMatch(/ECONNREFUSED/);
    expect(errors.mock.calls.flat().join(" ")).not.toContain(contact.email);
  });

  it("strips control characters and never echoes input", async () => {
    const send = endpoint();
    expect((await send({ body: { ...contact, name: "Asha\u001b[31m" } })).status).toBe(200);
    expect((await store.query<{ name: string }>("SELECT name FROM submissions")).rows[0].name).toBe("Asha[31m");
    const bad = await send({ body: { ...contact, email: "<script>alert(1)</script>" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toContain("<script>");
  });

  it("answers text the store cannot hold with a 400 naming the field, never a 503, and stores nothing", async () => {
    const send = endpoint();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ name: "Ann \ud800" }, "name", /lone surrogate/],
      [{ info: "tail \udc00 first" }, "info", /lone surrogate/],
      [{ name: "Ann\u0000" }, "name", /NUL/],
      [{ info: "caf\uFFFD" }, "info", /not UTF-8/],
      [{ website: "x\u0000" }, "website", /NUL/],
    ];
    for (const [change, field, problem] of cases) {
      const answer = await send({ body: { ...contact, ...change } });
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body).toMatchObject({ field, error: expect.stringMatching(problem) });
    }
    // the bytes themselves, as the local server hands them over: not UTF-8 is refused, not turned into U+FFFD
    const bytes = Buffer.concat([
      Buffer.from(JSON.stringify(contact).slice(0, -1) + ',"x":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const raw = await send({ body: bytes as unknown as object });
    expect(raw).toMatchObject({ status: 400, body: { field: "body", error: "The body is not UTF-8 text" } });
    // a pair that makes one character is text like any other
    expect((await send({ body: { ...contact, name: "Ann \ud83d\ude00" } })).status).toBe(200);
    expect((await store.query("SELECT name FROM submissions")).rows).toEqual([{ name: "Ann \ud83d\ude00" }]);
  });

  it("names only the fields it knows: an unknown key is never echoed, whatever it holds", async () => {
    const send = endpoint();
    const unknown = await send({ body: { ...contact, "<img src=x>": "\u0000", name: "" } });
    expect(unknown).toMatchObject({ status: 400, body: { field: "name", error: "name is required" } });
    expect(JSON.stringify(unknown.body)).not.toContain("img");
    expect((await send({ body: { ...contact, "<img src=x>": "\u0000" } })).status).toBe(200);
  });

  it("keeps where the visit came from, cleaned, with its channel; no personal data hides in a campaign", async () => {
    const send = endpoint();
    const attribution = {
      landing_page: "/blog/agentforce",
      page: "/contact",
      referrer: "https://www.linkedin.com/feed/",
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q4-agentforce",
      utm_content: "asha@example.com",
      evil: "x",
    };
    expect((await send({ body: { ...contact, attribution } })).status).toBe(200);
    const { rows } = await store.query("SELECT attribution, channel, via, fields FROM submissions");
    expect(rows).toEqual([
      {
        attribution: {
          landing_page: "/blog/agentforce",
          page: "/contact",
          referrer: "https://www.linkedin.com",
          utm_source: "linkedin",
          utm_medium: "social",
          utm_campaign: "q4-agentforce",
        },
        channel: "Social",
        via: "script",
        fields: contact,
      },
    ]);
    // a body without any: the spec's Website
    await send({ body: { ...contact, name: "Plain" } });
    expect((await store.query("SELECT channel FROM submissions WHERE name = 'Plain'")).rows).toEqual([
      { channel: "Website" },
    ]);
  });

  it("counts a visitor by the platform's address (context.ip): a header any client sends changes nothing", async () => {
    const send = endpoint({ LEAD_RATE_LIMIT: "2" });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await send({
            body: { ...contact, name: `Asha ${i}` },
            headers: { "x-nf-client-connection-ip": `10.0.0.${i}`, "x-forwarded-for": `10.0.0.${i}` },
            ip: "192.0.2.1",
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
    // another visitor has a bucket of their own
    await emptied(store);
    const two = [];
    for (let i = 0; i < 4; i++)
      two.push((await send({ body: { ...contact, name: `Ben ${i}` }, ip: `192.0.2.${10 + (i % 2)}` })).status);
    expect(two).toEqual([200, 200, 200, 200]);
  });

  describe("deliveries", () => {
    it("posts each submission to the webhook as JSON with an idempotency key, once", async () => {
      const hook = await recordingServer();
      try {
        expect((await endpoint({ LEAD_WEBHOOK_URL: hook.url })({ body: contact })).status).toBe(200);
        expect(hook.requests).toHaveLength(1);
        const { id } = (await store.query<{ id: string }>("SELECT id::text AS id FROM submissions")).rows[0];
        expect(hook.requests[0].headers["idempotency-key"]).toBe(id);
        expect(JSON.parse(hook.requests[0].body)).toMatchObject({ id, kind: "contact", ...contact });
        const { rows } = await store.query("SELECT status FROM submissions");
        expect(rows).toEqual([{ status: "delivered" }]);
      } finally {
        await hook.close();
      }
    });

    it("answers 200 while the webhook fails, records the attempt, and delivers it once when the webhook is back", async () => {
      let status = 500;
      const hook = await recordingServer(() => status);
      jest.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const env = { LEAD_WEBHOOK_URL: hook.url };
        expect((await endpoint(env)({ body: contact })).status).toBe(200);
        const failed = await store.query(
          "SELECT status, attempts, last_error, next_attempt_at > now() AS waits FROM deliveries",
        );
        expect(failed.rows).toEqual([
          { status: "failed", attempts: 1, last_error: "webhook answered 500", waits: true },
        ]);
        expect((await store.query("SELECT status FROM submissions")).rows).toEqual([{ status: "failed" }]);

        status = 200;
        const settings = readSettings(env, site.siteUrl, site.emails.sales);
        const sinks = sinksFor(settings, site.emails, async () => store);
        // two replays at once (two terminals, or a replay and a request) still deliver it once
        const [first, second] = await Promise.all([
          drain(store, sinks, { all: 100 }),
          drain(store, sinks, { all: 100 }),
        ]);
        expect(first.delivered + second.delivered).toBe(1);
        expect(hook.requests).toHaveLength(2);
        expect((await store.query("SELECT status FROM submissions")).rows).toEqual([{ status: "delivered" }]);
        expect((await drain(store, sinks, { all: 100 })).delivered).toBe(0);
      } finally {
        await hook.close();
      }
    });

    it("answers a visitor within the delivery wait when the webhook hangs, and records the timeout", async () => {
      const hook = await recordingServer(() => 200, 2_000);
      jest.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const env = { LEAD_WEBHOOK_URL: hook.url, LEAD_DELIVERY_WAIT_MS: "100", LEAD_WEBHOOK_TIMEOUT_MS: "600" };
        const started = Date.now();
        expect((await endpoint(env)({ body: contact })).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(600);
        const deliveries = await eventually(
          async () => (await store.query<{ status: string }>("SELECT status, last_error FROM deliveries")).rows,
          (rows) => rows[0]?.status === "failed",
        );
        expect(deliveries).toEqual([{ status: "failed", last_error: expect.stringMatching(/timeout|aborted/i) }]);
      } finally {
        await hook.close();
      }
    });

    it("e-mails each submission through a real SMTP server: the right mailbox, subject and Reply-To", async () => {
      const smtp = await mailServer();
      try {
        const send = endpoint({ SMTP_URL: smtp.url });
        expect((await send({ body: contact })).status).toBe(200);
        expect(
          (await send({ body: { ...contact, name: "Job", info: "Is the Apex developer position open? CV attached." } }))
            .status,
        ).toBe(200);
        expect(
          (await send({ body: payloadOf(FORMS.newsletter, { email: "n@example.com" }, { labels: site.labels }) }))
            .status,
        ).toBe(200);
        // the subscriber's confirmation (issue 36) and the sales mail of the same submission go out side by side
        const sent = smtp.mails.map((m) => [m.to, m.header("subject"), m.header("reply-to") ?? null]);
        expect(sent).toHaveLength(4);
        expect(sent).toEqual(
          expect.arrayContaining([
            [[site.emails.sales], "New enquiry from the website", contact.email],
            [[site.emails.jobs], "New enquiry from the website", contact.email],
            [[site.emails.sales], "New newsletter subscriber", null],
            [["n@example.com"], "Please confirm your subscription to Tidewell Consulting's newsletter", null],
          ]),
        );
        expect(smtp.mails[0].from).toBe(site.emails.sales);
        expect(smtp.mails[0].raw).toContain(contact.info);
      } finally {
        await smtp.close();
      }
    });

    it("keeps e-mails waiting while the SMTP server refuses them, then sends each once", async () => {
      let refusing = true;
      const smtp = await mailServer({ refuse: () => refusing });
      jest.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const env = { SMTP_URL: smtp.url };
        for (const name of ["One", "Two"])
          expect((await endpoint(env)({ body: { ...contact, name } })).status).toBe(200);
        expect(smtp.mails).toHaveLength(0);
        const { rows } = await store.query<{ status: string; last_error: string }>(
          "SELECT status, last_error FROM deliveries",
        );
        expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
        expect(rows[0].last_error).toMatch(/Mailbox unavailable/);
        refusing = false;
        const sinks = sinksFor(readSettings(env, site.siteUrl, site.emails.sales), site.emails, async () => store);
        expect(await drain(store, sinks, { all: 100 })).toMatchObject({ delivered: 2, failed: [] });
        expect(await drain(store, sinks, { all: 100 })).toMatchObject({ delivered: 0 });
        expect(smtp.mails).toHaveLength(2);
      } finally {
        await smtp.close();
      }
    });
  });
});

describe("mailboxes", () => {
  it("sends job-related enquiries to the jobs mailbox and the rest to sales", () => {
    const lead = (info: string) => ({ kind: "contact" as const, fields: { info } });
    expect(mailboxFor(lead("Is the Apex developer position still open? My CV is attached."), site.emails)).toBe(
      site.emails.jobs,
    );
    expect(mailboxFor(lead("We need a CPQ partner"), site.emails)).toBe(site.emails.sales);
    expect(mailboxFor({ kind: "comment", fields: { comment: "career tips" } }, site.emails)).toBe(site.emails.sales);
  });
});

describe("settings", () => {
  it("reads the environment with safe defaults", () => {
    const s = readSettings(
      { URL: "https://tidewell.netlify.app", DEPLOY_PRIME_URL: "https://deploy-preview-1--tidewell.netlify.app" },
      site.siteUrl,
      site.emails.sales,
    );
    expect(s.allowedOrigins).toEqual([
      site.siteUrl,
      "https://tidewell.netlify.app",
      "https://deploy-preview-1--tidewell.netlify.app",
    ]);
    expect(s).toMatchObject({
      rateLimit: 10,
      rateWindowMs: 60_000,
      dedupeMs: 600_000,
      webhookUrl: null,
      smtpUrl: null,
      deliveryWaitMs: 3_000,
      retentionDays: 730,
      hashSecret: undefined,
    });
  });
});
