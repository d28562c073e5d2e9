import { readFileSync } from "fs";
import site from "../../content/site.json";
import { hiddenFrame, postFromBrowser, submitWebToLead } from "../../src/browser/web-to-lead-post";
import { salesforceNames } from "../../src/lib/forms";
import { isWebToLeadConfigured, leadFields, leadSourceOf, webToLeadFields } from "../../src/lib/web-to-lead";

const config = { url: "https://webto.salesforce.com/servlet/servlet.WebToLead", oid: "00D", leadSource: "Website" };

describe("Web-to-Lead (spec §3)", () => {
  it("has the hidden fields oid, retURL, lead_source, first_name, email, phone, Note__c", () => {
    expect(
      leadFields(
        config,
        "newsletter",
        { type: site.labels.newsletter, email: "a@b.co", name: "null", phone: "null", info: "Newsletter" },
        {},
        "https://x/success-email",
      ),
    ).toEqual({
      oid: "00D",
      retURL: "https://x/success-email",
      lead_source: "Website",
      first_name: "a@b.co",
      email: "a@b.co",
      phone: "",
      Note__c: "Newsletter",
    });
  });

  it("takes the channel as lead_source and maps the attribution to the org's own fields", () => {
    const mapped = { ...config, fields: { utm_campaign: "Campaign__c", landing_page: "Landing__c", gclid: "" } };
    const fields = { first_name: "Asha", email: "a@b.co", phone: "91982", Note__c: "Hi" };
    const lead = { fields, returnUrl: "https://x/" };
    expect(
      webToLeadFields(mapped, {
        ...lead,
        attribution: { utm_campaign: "q4-agentforce", utm_medium: "social", landing_page: "/blog/x", gclid: "abc" },
      }),
    ).toMatchObject({ lead_source: "Paid Search", Campaign__c: "q4-agentforce", Landing__c: "/blog/x" });
    // a field mapped to no name, or an attribution the visit does not have, adds nothing
    const plain = webToLeadFields(mapped, { ...lead, attribution: { referrer: "" } });
    expect(plain.lead_source).toBe("Direct");
    expect(Object.keys(plain).sort()).toEqual(
      ["Note__c", "email", "first_name", "lead_source", "oid", "phone", "retURL"].sort(),
    );
  });

  it("takes each field a form declares for Salesforce: the contact's name is first_name, its message Note__c", () => {
    expect(
      leadFields(
        config,
        "webinar",
        { type: site.labels.webinar, name: "Ann", email: "a@b.co", phone: "1555", info: "Data Cloud" },
        {},
        "https://x/webinar-Success-email",
      ),
    ).toMatchObject({ first_name: "Ann", email: "a@b.co", phone: "1555", Note__c: "Data Cloud" });
  });

  it("docs/store.md names every field a lead is posted with", () => {
    const docs = readFileSync("docs/store.md", "utf8");
    const named = /Web-to-Lead with the spec's fields \(([^)]*)\)/.exec(docs.replace(/\s+/g, " "))?.[1] ?? "";
    expect([...named.matchAll(/`([^`]+)`/g)].map((m) => m[1])).toEqual([
      "oid",
      "retURL",
      "lead_source",
      ...salesforceNames(),
    ]);
  });

  it("the browser posts the lead's declared fields", () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const appended = jest.spyOn(document.body, "appendChild");
    postFromBrowser(
      document,
      {
        kind: "contact",
        fields: { type: site.labels.contact, name: "Asha", email: "a@b.co", phone: "91982", info: "Hi" },
        attribution: {},
      },
      { ...config, delivery: "browser" },
    );
    const form = appended.mock.calls.map(([node]) => node).find((node) => node instanceof HTMLFormElement);
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toMatchObject({
      first_name: "Asha",
      email: "a@b.co",
      phone: "91982",
      Note__c: "Hi",
    });
    submit.mockRestore();
    appended.mockRestore();
  });

  it("says Website when nothing is known of the visit (spec §3)", () => {
    expect(leadSourceOf(config, {})).toBe("Website");
    expect(leadSourceOf(config, { page: "/contact" })).toBe("Website");
  });

  it("is configured only with both a URL and an oid", () => {
    expect(isWebToLeadConfigured(config)).toBe(true);
    expect(isWebToLeadConfigured({ ...config, oid: "" })).toBe(false);
    expect(isWebToLeadConfigured({ ...config, url: null })).toBe(false);
  });

  it("posts a hidden form into the target and removes it", () => {
    const submitted: { action: string; target: string; method: string; fields: Record<string, string> }[] = [];
    jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        action: this.action,
        target: this.target,
        method: this.method,
        fields: Object.fromEntries(
          Array.from(this.elements as unknown as HTMLInputElement[]).map((i) => [i.name, i.value]),
        ),
      });
    });
    const frame = hiddenFrame(document, "w2l");
    expect(hiddenFrame(document, "w2l")).toBe(frame);
    expect(document.querySelectorAll('iframe[name="w2l"]')).toHaveLength(1);
    submitWebToLead(document, config.url, { oid: "00D", email: "a@b.co" }, frame);
    expect(submitted).toEqual([
      { action: config.url, target: "w2l", method: "post", fields: { oid: "00D", email: "a@b.co" } },
    ]);
    expect(document.querySelector("form")).toBeNull();
  });
});
