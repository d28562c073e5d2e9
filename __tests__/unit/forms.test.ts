import site from "../../content/site.json";
import { checkLead } from "../../src/lib/lead-rules";
import { FORMS, LEAD_KINDS, payloadOf, validateForm, visibleFields } from "../../src/lib/forms";
import { bodyFromForm } from "../../src/lib/form-post";
import { MESSAGES } from "../../src/lib/messages";
import { OPENING, validBody } from "../support/valid-body";

// The forms' one declaration (src/lib/forms.ts): the bodies of spec §3 and §7, the browser's messages of §5, and the
// endpoint's rules, all from it.

const labels = site.labels;
const ORIGIN = "https://x.example";

describe("the bodies the site's script sends (spec §3, §7)", () => {
  it("builds the contact body {type, info, email, phone, name} with the dial code before the digits", () => {
    expect(
      payloadOf(
        FORMS.contact,
        { name: " Asha ", email: "asha@example.com ", phone: "9820012345", info: "CPQ help" },
        { labels, dialCode: "91" },
      ),
    ).toEqual({
      type: labels.contact,
      info: "CPQ help",
      email: "asha@example.com",
      phone: "919820012345",
      name: "Asha",
    });
  });

  it("sends an empty phone when none was typed", () => {
    expect(payloadOf(FORMS.contact, { name: "A", email: "a@b.co", phone: "", info: "m" }, { labels }).phone).toBe("");
  });

  it("builds the newsletter body with phone and name as the text null", () => {
    expect(payloadOf(FORMS.newsletter, { email: "reader@example.com" }, { labels })).toEqual({
      type: labels.newsletter,
      email: "reader@example.com",
      phone: "null",
      info: labels.newsletter,
      name: "null",
    });
  });

  it("builds the comment body with the page address", () => {
    expect(
      payloadOf(
        FORMS.comment,
        { name: "R", email: "r@example.com", comment: " Nice " },
        { labels, carried: { url: "https://x.example/blog/a" } },
      ),
    ).toEqual({
      name: "R",
      email: "r@example.com",
      comment: "Nice",
      url: "https://x.example/blog/a",
      type: labels.comment,
    });
  });

  it("builds the webinar registration with the webinar's title as info", () => {
    expect(
      payloadOf(
        FORMS.webinar,
        { name: "M", email: "m@example.com", phone: "5550101" },
        { labels, dialCode: "1", carried: { info: "Data Cloud foundations" } },
      ),
    ).toEqual({
      type: labels.webinar,
      info: "Data Cloud foundations",
      email: "m@example.com",
      phone: "15550101",
      name: "M",
    });
  });

  it("builds an application with its opening and link", () => {
    expect(
      payloadOf(
        FORMS.application,
        { name: "R", email: "r@x.io", phone: "98200", link: " https://in.linkedin.com/in/r ", info: "" },
        { labels, dialCode: "91", carried: { opening: "Salesforce Developer" } },
      ),
    ).toEqual({
      type: labels.application,
      name: "R",
      email: "r@x.io",
      phone: "9198200",
      opening: "Salesforce Developer",
      link: "https://in.linkedin.com/in/r",
      info: "",
    });
  });
});

describe("one declaration, three readers", () => {
  // what a visitor could type into each form, within every limit
  const typed = (kind: (typeof LEAD_KINDS)[number]) =>
    Object.fromEntries(
      visibleFields(FORMS[kind]).map((f) => [
        f.name,
        f.control === "email"
          ? "a@example.com"
          : f.control === "url"
            ? "https://example.com/a"
            : f.control === "phone"
              ? "98200"
              : "Hi",
      ]),
    );
  const carried = { info: "A webinar", opening: "Salesforce Developer", url: `${ORIGIN}/blog/a-post` };

  it.each(LEAD_KINDS)("%s: the browser, the script's body and the endpoint agree on a filled form", (kind) => {
    const values = typed(kind);
    expect(validateForm(FORMS[kind], values)).toEqual({});
    const body = payloadOf(FORMS[kind], values, { labels, dialCode: "91", carried });
    expect(checkLead(body, labels, [ORIGIN], ["Salesforce Developer"])).toMatchObject({ ok: true });
  });

  it.each(LEAD_KINDS)("%s: the form posted without script reads as the body its script sends", (kind) => {
    const values = typed(kind);
    const posted = { type: labels[kind], dial: "91", ...carried, ...values, url: "/blog/a-post" };
    const body = payloadOf(FORMS[kind], values, { labels, dialCode: "91", carried });
    expect(bodyFromForm(posted, labels, ORIGIN)).toEqual(body);
  });

  it.each(LEAD_KINDS)("%s: every field the endpoint reads is declared with a limit the browser enforces", (kind) => {
    for (const field of FORMS[kind].fields) {
      expect(field.max).toBeGreaterThan(0);
      const over: Record<string, string> = {
        ...payloadOf(FORMS[kind], typed(kind), { labels, dialCode: "91", carried }),
      };
      over[field.name] = "1".repeat(field.max + 1);
      expect(checkLead(over, labels, [ORIGIN], ["Salesforce Developer"])).toMatchObject({
        ok: false,
        field: field.name,
        problem: "long",
        max: field.max,
      });
    }
  });

  it.each(LEAD_KINDS)("%s: the tests' valid body (validBody) is one its rules take", (kind) => {
    expect(checkLead(validBody(kind), labels, [site.siteUrl], [OPENING])).toMatchObject({ ok: true });
  });

  it("counts a line break as one character, as the browser's maxlength does, though a form posts CR LF", () => {
    const info = `${"x".repeat(FORMS.contact.fields[3].max - 2)}\r\ny`;
    const body = payloadOf(FORMS.contact, { name: "A", email: "a@b.co", phone: "", info }, { labels });
    expect(checkLead(body, labels, [])).toMatchObject({ ok: true });
  });
});

describe("the browser's messages (spec §5), from the declaration", () => {
  it("contact: required fields and a valid e-mail, the phone optional", () => {
    expect(validateForm(FORMS.contact, { name: " ", email: "", phone: "", info: "\n" })).toEqual({
      name: MESSAGES.required,
      email: MESSAGES.required,
      info: MESSAGES.required,
    });
    expect(validateForm(FORMS.contact, { name: "A", email: "a@b", phone: "", info: "M" })).toEqual({
      email: "Enter a valid email address",
    });
  });

  it("newsletter: its own two messages", () => {
    expect(validateForm(FORMS.newsletter, { email: "   " })).toEqual({ email: "Enter your mail id" });
    expect(validateForm(FORMS.newsletter, { email: "reader.example.com" })).toEqual({ email: "Invalid email address" });
    expect(validateForm(FORMS.newsletter, { email: "reader@example.com" })).toEqual({});
  });

  it("comment: all three required with the spec's messages; the e-mail's format is the browser's own check", () => {
    expect(validateForm(FORMS.comment, { name: "  ", email: "", comment: "\t" })).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      comment: "Comment is required.",
    });
    expect(validateForm(FORMS.comment, { name: "R", email: "not-an-email", comment: "x" })).toEqual({});
    expect(FORMS.comment.browserChecks).toBe(true);
  });

  it("webinar: a name and a valid email; the phone is optional", () => {
    expect(validateForm(FORMS.webinar, { name: "", email: "x", phone: "" })).toEqual({
      name: "This field is required",
      email: "Enter a valid email address",
    });
    expect(validateForm(FORMS.webinar, { name: "M", email: "m@example.com", phone: "" })).toEqual({});
  });

  it("application: the phone required, the link a web address when given", () => {
    expect(
      validateForm(FORMS.application, { name: "R", email: "r@x.io", phone: "", link: "linkedin", info: "" }),
    ).toEqual({
      phone: MESSAGES.required,
      link: MESSAGES.invalidLink,
    });
  });
});
