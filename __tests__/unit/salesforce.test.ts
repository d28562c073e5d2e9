/** @jest-environment node */
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { createLeadHandler } from "../../src/server/lead-handler";
import { sinksFor } from "../../src/server/sinks";
import { salesforcePosts } from "../../src/server/sinks/salesforce";
import { drain } from "../../src/server/store/outbox";
import type { Store } from "../../src/server/store/sql";
import { callFunction } from "../support/fake-function";
import { recordingServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

// Salesforce as a delivery (docs/store.md#salesforce): the server posts Web-to-Lead for the leads the visitor's
// browser cannot (forms sent without script), or for every lead when content/site.json says delivery: "server".

const ORIGIN = site.siteUrl;
const contactForm = validBody("contact", { dial: "91", phone: "98200 12345" });
const json = (name: string) =>
  validBody("contact", {
    name,
    email: "ben@example.com",
    phone: "",
    info: "Hello",
    attribution: { page: "/pricing", utm_campaign: "crm-search", utm_medium: "cpc" },
  });

describe("which leads the server posts to Salesforce", () => {
  const config = { ...site.webToLead };
  it("by default only those sent without script, so none reaches Salesforce twice", () => {
    expect(salesforcePosts(config, "contact", "form")).toBe(true);
    expect(salesforcePosts(config, "newsletter", "form")).toBe(true);
    expect(salesforcePosts(config, "contact", "script")).toBe(false);
    expect(salesforcePosts(config, "comment", "form")).toBe(false);
  });
  it("every lead when the configuration moves them to the server", () => {
    expect(salesforcePosts({ ...config, delivery: "server" }, "webinar", "script")).toBe(true);
    expect(salesforcePosts({ ...config, delivery: "server" }, "comment", "script")).toBe(false);
  });
  it("posts from the server on Netlify by default, elsewhere only where WEB_TO_LEAD_URL says", () => {
    const on = (env: Record<string, string>, behindNetlify = false) =>
      readSettings(env, ORIGIN, site.emails.sales, { behindNetlify }).webToLeadUrl;
    expect(on({}, true)).toBe(site.webToLead.url);
    expect(on({})).toBeNull();
    expect(on({ WEB_TO_LEAD_URL: "http://127.0.0.1:1/w2l" })).toBe("http://127.0.0.1:1/w2l");
    expect(on({ WEB_TO_LEAD_URL: "off" }, true)).toBeNull();
  });
});

describe.each(engines)("the Salesforce delivery on %s", (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(() => emptied(store));
  afterAll(() => store.close());

  function endpoint(env: Record<string, string>) {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ LEAD_DELIVERY_WAIT_MS: "3000", ...env }, ORIGIN, site.emails.sales),
      store: async () => store,
    });
    return (body: string, headers: Record<string, string>) =>
      callFunction(handler, { body, headers: { origin: ORIGIN, ...headers } });
  }
  const deliveries = async () =>
    (await store.query("SELECT sink, status, attempts, answer, last_error, next_attempt_at FROM deliveries")).rows;

  it("posts a lead sent without script once, with the spec's fields and its attribution, and records the answer", async () => {
    const w2l = await recordingServer();
    try {
      const send = endpoint({ WEB_TO_LEAD_URL: w2l.url });
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const sent = await send(new URLSearchParams(contactForm).toString(), {
        ...form,
        referer: `${ORIGIN}/blog/agentforce?utm_source=linkedin&utm_medium=social&utm_campaign=q4-agentforce`,
      });
      expect(sent.status).toBe(303);
      // the same lead from the site's script is the browser's to post, in the default mode
      expect((await send(JSON.stringify(json("Ben")), { "content-type": "text/plain" })).status).toBe(200);
      expect(w2l.requests).toHaveLength(1);
      expect(w2l.requests[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(w2l.requests[0].body))).toEqual({
        oid: site.webToLead.oid,
        retURL: `${ORIGIN}/contact-received`,
        lead_source: "Social",
        first_name: "Asha Rao",
        email: "asha@example.com",
        phone: "919820012345",
        Note__c: "We need help with CPQ.",
        Form_Page__c: "/blog/agentforce",
        UTM_Source__c: "linkedin",
        UTM_Medium__c: "social",
        UTM_Campaign__c: "q4-agentforce",
      });
      expect(await deliveries()).toEqual([
        expect.objectContaining({
          sink: "salesforce",
          status: "delivered",
          attempts: 1,
          answer: "Web-to-Lead answered 200",
        }),
      ]);
    } finally {
      await w2l.close();
    }
  });

  it("posts every lead when the configuration says so, the newsletter's first name its address", async () => {
    const w2l = await recordingServer();
    const original = site.webToLead.delivery;
    site.webToLead.delivery = "server";
    try {
      const send = endpoint({ WEB_TO_LEAD_URL: w2l.url });
      expect((await send(JSON.stringify(json("Ben")), {})).status).toBe(200);
      const newsletter = { type: site.labels.newsletter, email: "n@example.com", name: "null", phone: "null" };
      expect((await send(JSON.stringify({ ...newsletter, info: site.labels.newsletter }), {})).status).toBe(200);
      const posted = w2l.requests.map((r) => Object.fromEntries(new URLSearchParams(r.body)));
      expect(posted).toEqual([
        expect.objectContaining({ first_name: "Ben", lead_source: "Paid Search", UTM_Campaign__c: "crm-search" }),
        expect.objectContaining({ first_name: "n@example.com", phone: "", lead_source: "Website" }),
      ]);
    } finally {
      site.webToLead.delivery = original;
      await w2l.close();
    }
  });

  it("retries a network error or a 5xx with back-off, and leaves a 4xx for a replay", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    let status = 503;
    const w2l = await recordingServer(() => status);
    try {
      const send = endpoint({ WEB_TO_LEAD_URL: w2l.url });
      const form = { "content-type": "application/x-www-form-urlencoded" };
      await send(new URLSearchParams(contactForm).toString(), form);
      expect(await deliveries()).toEqual([
        expect.objectContaining({
          status: "failed",
          last_error: "Web-to-Lead answered 503",
          next_attempt_at: expect.any(Date),
        }),
      ]);
      status = 400;
      const settings = readSettings({ WEB_TO_LEAD_URL: w2l.url }, ORIGIN, site.emails.sales);
      await drain(
        store,
        sinksFor(settings, site.emails, async () => store),
        { all: 10 },
      );
      expect(await deliveries()).toEqual([
        expect.objectContaining({
          status: "failed",
          attempts: 2,
          last_error: "Web-to-Lead answered 400",
          next_attempt_at: null,
        }),
      ]);
      status = 200;
      await drain(
        store,
        sinksFor(settings, site.emails, async () => store),
        { all: 10 },
      );
      expect(await deliveries()).toEqual([expect.objectContaining({ status: "delivered", attempts: 3 })]);
    } finally {
      await w2l.close();
    }
  });
});
