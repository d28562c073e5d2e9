import { MESSAGES } from "../../src/lib/messages";
import { FORMS, validateForm } from "../../src/lib/forms";
import { digitsOnly, isEmail } from "../../src/lib/validation";
import { validBody } from "../support/valid-body";

const filled = { name: "Asha", email: "asha@example.com", phone: "", info: "Hello" };

describe("contact form rules (spec §5)", () => {
  it("accepts a complete enquiry with no phone", () => {
    expect(validateForm(FORMS.contact, filled)).toEqual({});
  });

  it("shows 'This field is required' for an empty name, email and message", () => {
    expect(validateForm(FORMS.contact, { name: " ", email: "", phone: "", info: "\n" })).toEqual({
      name: "This field is required",
      email: "This field is required",
      info: "This field is required",
    });
  });

  it("shows 'Enter a valid email address' for a bad email", () => {
    for (const email of ["asha", "asha@", "asha@example", "@example.com", "a b@example.com"])
      expect(validateForm(FORMS.contact, { ...filled, email }).email).toBe("Enter a valid email address");
  });

  it("keeps only digits of a phone number while typing", () => {
    expect(digitsOnly("+1 (512) 555-0147")).toBe("15125550147");
    expect(digitsOnly("abc")).toBe("");
  });

  it("has the captcha message of the spec", () => {
    expect(MESSAGES.captcha).toBe("Please verify reCAPTCHA");
  });
});

describe("newsletter rule (spec §5)", () => {
  it("asks for an email when empty", () => {
    expect(validateForm(FORMS.newsletter, { email: "" }).email).toBe("Enter your mail id");
    expect(validateForm(FORMS.newsletter, { email: "   " }).email).toBe("Enter your mail id");
  });

  it("needs text, at sign, text, dot, text", () => {
    expect(validateForm(FORMS.newsletter, { email: "reader@example" }).email).toBe("Invalid email address");
    expect(validateForm(FORMS.newsletter, { email: "reader.example.com" }).email).toBe("Invalid email address");
    expect(validateForm(FORMS.newsletter, { email: "reader@example.com" })).toEqual({});
    expect(isEmail("a@b.c")).toBe(true);
  });
});

describe("the spec's messages, word for word (§8)", () => {
  it.each([
    ["leadError", "Error while sending message"],
    ["leadAlert", "Some thing went wrong"],
    ["commentError", "Failed to post comment. Please try again."],
    ["commentFallback", "Something went wrong."],
    ["contactSuccess", "Your message is sent. We'll get back to you at the earliest."],
    ["commentSuccess", "Comment posted successfully!"],
  ] as const)("%s is %p", (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe("one e-mail rule for the forms and the endpoint", () => {
  it("gives the contact form and the endpoint the same answer for every address", async () => {
    const { checkLead } = await import("../../src/lib/lead-rules");
    const site = (await import("../../content/site.json")).default;
    const addresses = [
      "a@b.co",
      "first.last+tag@example.com",
      "a@b",
      "a.b.c",
      "a b@c.d",
      "<a>@b.c",
      "a@b.c;d",
      '"q"@b.c',
      "ü@exämple.de",
    ];
    for (const email of addresses) {
      const body = validBody("contact", { email });
      const form = !validateForm(FORMS.contact, body).email;
      const endpoint = checkLead(body, site.labels, []).ok;
      expect([email, form]).toEqual([email, endpoint]);
    }
  });
});
