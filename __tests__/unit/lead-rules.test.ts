import site from "../../content/site.json";
import { LIMITS } from "../../src/lib/forms";
import { checkLead } from "../../src/lib/lead-rules";
import { validBody } from "../support/valid-body";

const origins = [site.siteUrl];
const contact = validBody("contact", { name: "Asha", phone: "", info: "Hello" });
const check = (body: object) => checkLead(body, site.labels, origins);

describe("the endpoint's rules of each form (spec §3, §7)", () => {
  it("accepts a contact enquiry, stripping control characters and blanks, an empty phone as ''", () => {
    expect(check({ ...contact, name: "  Asha\u001b  ", info: "Line one\nline two\u0007" })).toEqual({
      ok: true,
      lead: {
        kind: "contact",
        fields: { ...contact, info: "Line one\nline two" },
      },
    });
    expect(check({ ...contact, phone: null })).toMatchObject({ ok: true, lead: { fields: { phone: "" } } });
  });

  it("names the first field that is wrong, in the form's order, and why", () => {
    expect(check({ ...contact, name: "", email: "nope" })).toEqual({
      ok: false,
      error: "name is required",
      field: "name",
      problem: "missing",
    });
    expect(check({ ...contact, name: " \u001b " })).toMatchObject({ error: "name is required", problem: "missing" });
    // text the store cannot hold is named as such, so the visitor is told what to remove
    expect(check({ ...contact, name: "Ann\u0000" })).toMatchObject({
      error: "name holds a NUL character, which is not text",
      problem: "unreadable",
    });
    expect(check({ ...contact, info: "caf\uFFFD" })).toMatchObject({ field: "info", problem: "unreadable" });
    expect(check({ ...contact, email: "nope" })).toEqual({
      ok: false,
      error: "email must be an email address",
      field: "email",
      problem: "invalid",
    });
    expect(check({ ...contact, phone: "+91 98" })).toMatchObject({ error: "phone must contain digits only" });
    expect(check({ ...contact, info: 42 })).toMatchObject({ error: "info must be a text", problem: "invalid" });
    expect(check({ ...contact, info: "x".repeat(LIMITS.message + 1) })).toEqual({
      ok: false,
      error: `info is longer than ${LIMITS.message} characters`,
      field: "info",
      problem: "long",
      max: LIMITS.message,
    });
  });

  it("takes the newsletter's literal nulls, and a comment only on a post of the site that shows comments", () => {
    const newsletter = { type: site.labels.newsletter, email: "a@b.co", name: "null", phone: "null", info: "News" };
    expect(check(newsletter)).toMatchObject({ ok: true, lead: { kind: "newsletter" } });
    expect(check({ ...newsletter, name: "Asha" })).toMatchObject({ error: 'name must be the text "null"' });
    const comment = {
      type: site.labels.comment,
      name: "R",
      email: "r@b.co",
      comment: "Nice",
      url: `${site.siteUrl}/blog/x`,
    };
    expect(check(comment)).toMatchObject({ ok: true, lead: { kind: "comment" } });
    for (const url of [
      "https://evil.example/blog/x",
      `${site.siteUrl}/pricing`,
      `${site.siteUrl}/blog/old-posts/x`,
      `${site.siteUrl}/blog/x/y`,
    ])
      expect(check({ ...comment, url })).toMatchObject({
        error: "url must be a post of this site that takes comments",
        field: "url",
      });
  });

  it("refuses what is no form at all", () => {
    expect(checkLead([], site.labels, origins)).toMatchObject({ field: "body" });
    expect(check({ ...contact, type: "Fax" })).toEqual({ ok: false, error: "type is not a known form", field: "type" });
  });
});
