import { conversionEvent, listenForBookings, reportConversion } from "../../src/browser/conversions";
import { consentCookieValue } from "../support/consent-cookie";

// Conversions reach Google Analytics only with consent to analytics at the moment they happen (issue 44).

const setConsent = (categories: string[] | null) => {
  document.cookie = categories
    ? `tidewell_consent=${consentCookieValue(categories).value}; path=/`
    : "tidewell_consent=; path=/; max-age=0";
};

let calls: unknown[][];
beforeEach(() => {
  calls = [];
  (window as { gtag?: unknown }).gtag = (...args: unknown[]) => calls.push(args);
});
afterEach(() => setConsent(null));

describe("conversions in analytics", () => {
  it("raises generate_lead for an enquiry and sign_up for the newsletter, with the kind and page, no personal data", () => {
    setConsent(["necessary", "analytics"]);
    expect(reportConversion("contact")).toBe(true);
    expect(reportConversion("newsletter")).toBe(true);
    expect(calls).toEqual([
      ["event", "generate_lead", { form_kind: "contact", page_path: "/", transport_type: "beacon" }],
      ["event", "sign_up", { method: "newsletter", page_path: "/", transport_type: "beacon" }],
    ]);
    expect(conversionEvent("application", "/careers")).toEqual([
      "generate_lead",
      { form_kind: "application", page_path: "/careers" },
    ]);
  });

  it("sends nothing without consent, after a rejection, or once consent is withdrawn", () => {
    expect(reportConversion("contact")).toBe(false);
    setConsent(["necessary"]);
    expect(reportConversion("webinar")).toBe(false);
    setConsent(["necessary", "analytics"]);
    setConsent(["necessary"]);
    expect(reportConversion("comment")).toBe(false);
    expect(calls).toEqual([]);
  });

  it("sends nothing when Google's tag is not on the page", () => {
    setConsent(["necessary", "analytics"]);
    delete (window as { gtag?: unknown }).gtag;
    expect(reportConversion("contact")).toBe(false);
  });

  it("raises generate_lead for a booking Calendly's popup reports, and for no other message", () => {
    setConsent(["necessary", "analytics"]);
    listenForBookings();
    listenForBookings(); // once per page
    const post = (origin: string, event: string) =>
      window.dispatchEvent(new MessageEvent("message", { origin, data: { event } }));
    post("https://evil.example", "calendly.event_scheduled");
    post("https://calendly.com", "calendly.profile_page_viewed");
    post("https://calendly.com", "calendly.event_scheduled");
    expect(calls).toEqual([
      ["event", "generate_lead", { form_kind: "booking", page_path: "/", transport_type: "beacon" }],
    ]);
  });
});
