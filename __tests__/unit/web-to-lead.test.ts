import { hiddenFrame, submitWebToLead } from "../../src/browser/web-to-lead-post";
import { isWebToLeadConfigured, leadSourceOf, webToLeadFields } from "../../src/lib/web-to-lead";

const config = { url: "https://webto.salesforce.com/servlet/servlet.WebToLead", oid: "00D", leadSource: "Website" };

describe("Web-to-Lead (spec §3)", () => {
  it("has the hidden fields oid, retURL, lead_source, first_name, email, phone, Note__c", () => {
    expect(
      webToLeadFields(config, {
        firstName: "a@b.co",
        email: "a@b.co",
        phone: "",
        note: "Newsletter",
        returnUrl: "https://x/success-email",
        attribution: {},
      }),
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
    const lead = { firstName: "Asha", email: "a@b.co", phone: "91982", note: "Hi", returnUrl: "https://x/" };
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
