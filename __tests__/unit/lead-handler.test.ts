/** @jest-environment node */
import { readFileSync, existsSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { mailboxFor } from "../../src/server/email-sink";
import { createLeadHandler } from "../../src/server/lead-handler";
import { functionRequest, functionResponse } from "../support/fake-function";
import { tempDir } from "../support/temp-dir";

const contact = {
  type: site.labels.contact,
  info: "We need CPQ help",
  email: "asha@example.com",
  phone: "919820012345",
  name: "Asha",
};
const tmp = () => path.join(tempDir("leads-"), "leads.jsonl");
const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);

function endpoint(env: Record<string, string> = {}, fetchImpl?: typeof fetch) {
  const file = env.LEADS_FILE ?? tmp();
  const handler = createLeadHandler({
    labels: site.labels,
    mailboxes: site.emails,
    settings: readSettings({ LEADS_FILE: file, ...env }, site.siteUrl, site.emails.sales),
    fetchImpl,
  });
  const send = async (init: Parameters<typeof functionRequest>[0]) => {
    const { res, sent } = functionResponse();
    await handler(functionRequest(init), res);
    return sent;
  };
  return { file, send };
}

describe("the lead endpoint", () => {
  it("stores a valid lead as one JSON line, flushed before answering 200", async () => {
    const { file, send } = endpoint();
    const sent = await send({
      body: JSON.stringify(contact),
      headers: { "content-type": "text/plain;charset=UTF-8", origin: site.siteUrl },
    });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const [line] = lines(file);
    expect(JSON.parse(line)).toMatchObject({ kind: "contact", ...contact });
  });

  it("accepts POST only", async () => {
    const sent = await endpoint().send({ method: "GET" });
    expect(sent).toMatchObject({ status: 405, body: { field: "method" }, headers: { allow: "POST" } });
  });

  it("refuses bodies over 32 KB with 413", async () => {
    const big = JSON.stringify({ ...contact, info: "x".repeat(33 * 1024) });
    expect((await endpoint().send({ body: big })).status).toBe(413);
    expect((await endpoint().send({ body: big, headers: { "content-length": String(big.length) } })).status).toBe(413);
  });

  it("refuses other sites' pages with 403 and accepts this site's and the listed ones", async () => {
    const { send } = endpoint({ ALLOWED_ORIGINS: "https://preview.tidewell.example" });
    expect((await send({ body: contact, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await send({ body: contact, headers: { origin: "https://preview.tidewell.example" } })).status).toBe(200);
    expect((await send({ body: { ...contact, name: "B" }, headers: { origin: "http://127.0.0.1:9000" } })).status).toBe(
      200,
    );
  });

  it("answers 429 with Retry-After after 10 requests a minute from one address", async () => {
    const { send } = endpoint();
    for (let i = 0; i < 10; i++)
      expect((await send({ body: { ...contact, name: `N${i}` }, ip: "10.9.9.9" })).status).toBe(200);
    const limited = await send({ body: contact, ip: "10.9.9.9" });
    expect(limited).toMatchObject({ status: 429, body: { field: "rate" } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send({ body: contact, ip: "10.9.9.8" })).status).toBe(200);
  });

  it("answers 200 to the same body again without delivering it twice", async () => {
    const { file, send } = endpoint();
    expect((await send({ body: contact })).status).toBe(200);
    expect((await send({ body: JSON.stringify(contact) })).status).toBe(200);
    expect(lines(file)).toHaveLength(1);
  });

  it("answers 502 when a sink fails, and keeps the lead in the file", async () => {
    const failing = jest.fn().mockResolvedValue({ ok: false, status: 500 });
    const { file, send } = endpoint(
      { LEAD_WEBHOOK_URL: "https://hooks.example/lead", LEAD_WEBHOOK_RETRIES: "1" },
      failing as unknown as typeof fetch,
    );
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const sent = await send({ body: contact });
    expect(sent).toMatchObject({ status: 502, body: { field: "delivery" } });
    expect(failing).toHaveBeenCalledTimes(2);
    expect(lines(file)).toHaveLength(1);
    expect(errors.mock.calls.flat().join(" ")).not.toContain(contact.email);
    // the visitor may try again: a failed delivery is not remembered as done
    expect((await send({ body: contact })).status).toBe(502);
    errors.mockRestore();
  });

  it("answers 502 when the webhook does not answer in time", async () => {
    const hanging = jest.fn(
      (_: unknown, init: { signal: AbortSignal }) =>
        new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(new Error("timeout")))),
    );
    const { send } = endpoint(
      { LEAD_WEBHOOK_URL: "https://hooks.example/lead", LEAD_WEBHOOK_TIMEOUT_MS: "50", LEAD_WEBHOOK_RETRIES: "0" },
      hanging as unknown as typeof fetch,
    );
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await send({ body: contact })).status).toBe(502);
  });

  it("delivers to the webhook as JSON", async () => {
    const ok = jest.fn().mockResolvedValue({ ok: true, status: 200 });
    const { send } = endpoint({ LEAD_WEBHOOK_URL: "https://hooks.example/lead" }, ok as unknown as typeof fetch);
    expect((await send({ body: contact })).status).toBe(200);
    const [url, init] = ok.mock.calls[0];
    expect(url).toBe("https://hooks.example/lead");
    expect(JSON.parse(init.body)).toMatchObject({ kind: "contact", email: contact.email });
  });

  it("strips control characters and never echoes input", async () => {
    const { file, send } = endpoint();
    expect((await send({ body: { ...contact, name: "Asha\u0000\u001b[31m" } })).status).toBe(200);
    expect(JSON.parse(lines(file)[0]).name).toBe("Asha[31m");
    const bad = await send({ body: { ...contact, email: "<script>alert(1)</script>" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toContain("<script>");
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
      leadsFile: ".data/leads.jsonl",
      webhookUrl: null,
      smtpUrl: null,
    });
    expect(readSettings({ NETLIFY: "true" }, site.siteUrl, site.emails.sales).leadsFile).toBe("/tmp/leads.jsonl");
  });
});
