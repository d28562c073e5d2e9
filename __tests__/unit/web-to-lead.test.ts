import { hiddenFrame, isWebToLeadConfigured, submitWebToLead, webToLeadFields } from "../../src/lib/web-to-lead";

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
