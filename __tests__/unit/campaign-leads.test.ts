/** @jest-environment node */
// Issue 61: a campaign's form asks the campaign's own questions. The endpoint knows them from the campaign's file,
// refuses an answer the campaign does not take with 400 naming the field (the answers kept in the form sent back),
// and keeps the campaign and the answers with the submission, in Salesforce's lead and its Campaign.
import site from "../../content/site.json";
import {
  answersText,
  campaignForm,
  checkAnswers,
  questionField,
  type CampaignFacts,
} from "../../src/lib/campaign-form";
import { bodyFromForm, parseForm } from "../../src/lib/form-post";
import { FORMS, validateForm } from "../../src/lib/forms";
import { campaignSalesforceFields } from "../../src/lib/web-to-lead";
import { readCampaigns } from "../../src/server/campaign-files";
import { readSettings } from "../../src/server/config";
import { createLeadHandler } from "../../src/server/lead-handler";
import type { Store } from "../../src/server/store/sql";
import { callFunction } from "../support/fake-function";
import { recordingServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

const ORIGIN = site.siteUrl;
const campaigns = readCampaigns();
const healthCheck = campaigns.find((c) => c.path === "/offers/org-health-check") as CampaignFacts;
const CLOUDS = "Which Salesforce clouds do you use?";
const USERS = "How many Salesforce users do you have?";

describe("a campaign's questions, as the endpoint reads them from its file", () => {
  it("knows the org health check's form, its two questions and its Salesforce Campaign", () => {
    expect(healthCheck).toMatchObject({
      form: "contact",
      received: "/offers/org-health-check/received",
      salesforceCampaignId: "701Hs00000OrgHC",
    });
    expect(healthCheck.questions.map((q) => [q.question, q.answer, q.required])).toEqual([
      [CLOUDS, "several choices", true],
      [USERS, "one choice", false],
    ]);
  });

  it("takes offered choices and keeps them as one text, a line a question", () => {
    const checked = checkAnswers(healthCheck, { q1: "Sales Cloud\nData Cloud", q2: "50 to 250" });
    expect(checked).toEqual({
      ok: true,
      answers: [
        { question: CLOUDS, answer: "Sales Cloud, Data Cloud" },
        { question: USERS, answer: "50 to 250" },
      ],
    });
    if (checked.ok) expect(answersText(checked.answers)).toBe(`${CLOUDS} Sales Cloud, Data Cloud\n${USERS} 50 to 250`);
  });

  it.each([
    [
      { q1: "Quantum Cloud" },
      "q1",
      "q1 must be one of Sales Cloud, Service Cloud, Experience Cloud, Revenue Cloud or CPQ, Data Cloud, Marketing Cloud",
    ],
    [{ q1: "" }, "q1", "q1 is required"],
    [
      { q1: "Sales Cloud", q2: "50 to 250\nMore than 1,000" },
      "q2",
      "q2 must be one of Fewer than 50, 50 to 250, 251 to 1,000, More than 1,000",
    ],
    [{ q1: "Sales Cloud", q3: "Anything" }, "q3", "q3 is not a question of this campaign"],
  ])("refuses %p naming the field %s", (body, field, error) => {
    expect(checkAnswers(healthCheck, body)).toMatchObject({ ok: false, field, error });
  });

  it("draws the questions as fields of the form, required where the campaign says, the button in its words", () => {
    const form = campaignForm(FORMS.contact, healthCheck, "Request my health check");
    expect(form.fields.slice(-3).map((f) => [f.name, f.control, f.required])).toEqual([
      ["q1", "choices", true],
      ["q2", "choice", false],
      ["campaign", "hidden", true],
    ]);
    expect(form.submit.idle).toBe("Request my health check");
    expect(validateForm(form, { name: "A", email: "a@example.com", info: "Hi", q1: "" })).toEqual({
      q1: "This field is required",
    });
  });

  it("reads check boxes posted without script as one answer, and passes the campaign and its answers on", () => {
    const posted = parseForm(
      "type=Contact+Form+Enquiry&q1=Sales+Cloud&q1=Data+Cloud&campaign=%2Foffers%2Forg-health-check&name=A",
    );
    expect(posted.q1).toBe("Sales Cloud\nData Cloud");
    expect(bodyFromForm(posted, site.labels, ORIGIN)).toMatchObject({
      q1: "Sales Cloud\nData Cloud",
      campaign: "/offers/org-health-check",
    });
  });

  it("gives Salesforce the answers as the description, and the Campaign when the page names one", () => {
    expect(campaignSalesforceFields({ answers: "Q? A", campaignId: "701Hs00000OrgHC" })).toEqual({
      description: "Q? A",
      Campaign_ID: "701Hs00000OrgHC",
      member_status: "Responded",
    });
    expect(campaignSalesforceFields({ answers: "Q? A" })).toEqual({ description: "Q? A" });
  });
});

describe.each(engines)("a campaign's lead on %s", (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(() => emptied(store));
  afterAll(() => store.close());

  function endpoint(env: Record<string, string> = {}) {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ LEAD_DELIVERY_WAIT_MS: "3000", ...env }, ORIGIN, site.emails.sales),
      store: async () => store,
      campaigns,
    });
    return (body: string, headers: Record<string, string>) =>
      callFunction(handler, { body, headers: { origin: ORIGIN, ...headers } });
  }
  const asJson = { "content-type": "text/plain;charset=UTF-8" };
  const asForm = { "content-type": "application/x-www-form-urlencoded", referer: `${ORIGIN}/offers/org-health-check` };
  const lead = (more: Record<string, string>) =>
    validBody("contact", { campaign: "/offers/org-health-check", q1: "Service Cloud", ...more });
  const stored = async () =>
    (
      await store.query<{ campaign: string; answers: string; fields: Record<string, string> }>(
        "SELECT campaign, answers, fields FROM submissions",
      )
    ).rows;

  it("stores the campaign and its answers once, with the lead", async () => {
    const sent = await endpoint()(
      JSON.stringify(lead({ q1: "Sales Cloud\nService Cloud", q2: "251 to 1,000" })),
      asJson,
    );
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const answers = `${CLOUDS} Sales Cloud, Service Cloud\n${USERS} 251 to 1,000`;
    expect(await stored()).toEqual([
      expect.objectContaining({
        campaign: "/offers/org-health-check",
        answers,
        fields: expect.objectContaining({ campaign: "/offers/org-health-check", answers }),
      }),
    ]);
  });

  it.each([
    ["a choice not offered", { q1: "Quantum Cloud" }, "q1"],
    ["a missing required answer", { q1: "" }, "q1"],
    ["an answer to a question it does not ask", { q3: "Yes" }, "q3"],
    ["a campaign that is not the site's", { campaign: "/offers/gone" }, "campaign"],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_what, more, field) => {
    const sent = await endpoint()(JSON.stringify(lead(more)), asJson);
    expect(sent.status).toBe(400);
    expect((sent.body as { field: string }).field).toBe(field);
    expect(await stored()).toEqual([]);
  });

  it("gives a form sent without script back with the answers kept when a required one is missing", async () => {
    const body = new URLSearchParams({ ...lead({}), dial: "91" });
    body.delete("q1");
    body.append("q2", "50 to 250");
    const sent = await endpoint()(body.toString(), asForm);
    expect(sent.status).toBe(400);
    const html = String(sent.body);
    expect(html).toContain("Please answer the question");
    expect(html).toContain(CLOUDS);
    expect(html).toMatch(/<input type="radio" name="q2" checked="" value="50 to 250"\/>/);
    expect(html).toContain("Request my health check");
    expect(html).toContain('name="campaign" value="/offers/org-health-check"');
    expect(await stored()).toEqual([]);
  });

  it("counts a form sent again from the page that asked to fix it under the campaign's page", async () => {
    const body = new URLSearchParams({ ...lead({}), dial: "91" });
    const sent = await endpoint()(body.toString(), { ...asForm, referer: `${ORIGIN}/api/lead` });
    expect(sent.status).toBe(303);
    const { rows } = await store.query<{ page: string }>("SELECT attribution->>'page' AS page FROM submissions");
    expect(rows).toEqual([{ page: "/offers/org-health-check" }]);
  });

  it("sends a form without script on to the campaign's received page, and Salesforce the answers and Campaign_ID", async () => {
    const w2l = await recordingServer();
    try {
      const body = new URLSearchParams({ ...lead({}), dial: "91" });
      body.append("q1", "Data Cloud");
      const sent = await endpoint({ WEB_TO_LEAD_URL: w2l.url })(body.toString(), asForm);
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe(`${ORIGIN}/offers/org-health-check/received`);
      expect(w2l.requests).toHaveLength(1);
      expect(Object.fromEntries(new URLSearchParams(w2l.requests[0].body))).toMatchObject({
        retURL: `${ORIGIN}/offers/org-health-check/received`,
        description: `${CLOUDS} Service Cloud, Data Cloud\n${USERS} (no answer)`,
        Campaign_ID: "701Hs00000OrgHC",
        member_status: "Responded",
      });
    } finally {
      await w2l.close();
    }
  });
});

describe("a question's field", () => {
  it("is named by its place", () => {
    expect([0, 4].map(questionField)).toEqual(["q1", "q5"]);
  });
});
