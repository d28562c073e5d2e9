import site from "../../content/site.json";
import {
  buildCommentPayload,
  buildContactPayload,
  buildNewsletterPayload,
  buildWebinarPayload,
} from "../../src/lib/payloads";

describe("payload builders (spec §3, §7)", () => {
  it("builds the contact body {type, info, email, phone, name} with the dial code before the digits", () => {
    expect(
      buildContactPayload(
        { name: " Asha ", email: "asha@example.com ", phone: "9820012345", message: "CPQ help" },
        "91",
        site.labels,
      ),
    ).toEqual({
      type: site.labels.contact,
      info: "CPQ help",
      email: "asha@example.com",
      phone: "919820012345",
      name: "Asha",
    });
  });

  it("sends an empty phone when none was typed", () => {
    expect(buildContactPayload({ name: "A", email: "a@b.co", phone: "", message: "m" }, "91", site.labels).phone).toBe(
      "",
    );
  });

  it("builds the newsletter body with phone and name as the text null", () => {
    expect(buildNewsletterPayload("reader@example.com", site.labels)).toEqual({
      type: site.labels.newsletter,
      email: "reader@example.com",
      phone: "null",
      info: site.labels.newsletter,
      name: "null",
    });
  });

  it("builds the comment body with the page address", () => {
    expect(
      buildCommentPayload(
        { name: "R", email: "r@example.com", comment: " Nice " },
        "https://x.example/blog/a",
        site.labels,
      ),
    ).toEqual({
      name: "R",
      email: "r@example.com",
      comment: "Nice",
      url: "https://x.example/blog/a",
      type: site.labels.comment,
    });
  });

  it("builds the webinar registration with the webinar's title as info", () => {
    expect(
      buildWebinarPayload(
        { name: "M", email: "m@example.com", phone: "5550101" },
        "1",
        "Data Cloud foundations",
        site.labels,
      ),
    ).toEqual({
      type: site.labels.webinar,
      info: "Data Cloud foundations",
      email: "m@example.com",
      phone: "15550101",
      name: "M",
    });
  });
});
