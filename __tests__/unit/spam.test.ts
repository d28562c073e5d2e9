import site from "../../content/site.json";
import { MIN_HUMAN_MS, withSignals } from "../../src/lib/form-signals";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { linkCount, MAX_COMMENT_LINKS, readSignals, spamReason, timingNote, TIMING_NOTE } from "../../src/server/spam";

const comment = (text: string) => ({
  kind: "comment" as const,
  fields: { name: "R", email: "r@example.com", comment: text, url: "https://www.tidewell.example/blog/x", type: "" },
});
const newsletter = { kind: "newsletter" as const, fields: { email: "n@example.com" } };

describe("what the site's forms send for the spam checks", () => {
  it("adds how long the form was shown, the captcha when there is one, and the honeypot only when filled", () => {
    const body = payloadOf(FORMS.newsletter, { email: "n@example.com" }, { labels: site.labels });
    expect(withSignals(body, { shownAt: 1_000, now: 4_200.4, honeypot: "" })).toEqual({ ...body, elapsed: 3200 });
    expect(withSignals(body, { shownAt: 0, now: 10, honeypot: "spam.example", captcha: "tok" })).toEqual({
      ...body,
      captcha: "tok",
      elapsed: 10,
      website: "spam.example",
    });
  });

  it("leaves the spec's fields as they were", () => {
    const body = payloadOf(
      FORMS.comment,
      { name: "R", email: "r@example.com", comment: "Hi" },
      { labels: site.labels, carried: { url: "https://x.example/blog/y" } },
    );
    const signed = withSignals(body, { shownAt: 0, now: 5_000, honeypot: "" });
    expect(Object.fromEntries(Object.keys(body).map((k) => [k, signed[k as keyof typeof signed]]))).toEqual(body);
  });
});

describe("the endpoint's spam rules", () => {
  it("reads the signals, and names a signal of the wrong kind", () => {
    expect(readSignals({ elapsed: 2500, captcha: "t" })).toEqual({ signals: { elapsed: 2500, captcha: "t" } });
    expect(readSignals({})).toEqual({ signals: {} });
    expect(readSignals({ elapsed: "fast" })).toMatchObject({ field: "elapsed" });
    expect(readSignals({ elapsed: -1 })).toMatchObject({ field: "elapsed" });
    expect(readSignals({ captcha: 42 })).toMatchObject({ field: "captcha" });
  });

  it("calls a filled honeypot spam", () => {
    expect(spamReason(newsletter, { website: "http://cheap.example", elapsed: 9_000 })).toBe("honeypot");
  });

  it(`holds nothing only for being sent within ${MIN_HUMAN_MS} ms of being shown: it notes it (issue 54)`, () => {
    // autofill, then Enter: a person sends a clean enquiry within a second
    expect(spamReason(newsletter, { elapsed: 300 })).toBeNull();
    expect(spamReason(comment("Thanks, useful"), { elapsed: 0 })).toBeNull();
    expect(timingNote({ elapsed: MIN_HUMAN_MS - 1 })).toBe(TIMING_NOTE);
    expect(timingNote({ elapsed: MIN_HUMAN_MS })).toBeNull();
    expect(timingNote({})).toBeNull();
    // the other signals still hold a fast one
    expect(spamReason(newsletter, { elapsed: 300, website: "x" })).toBe("honeypot");
    expect(spamReason(comment("https://a.example https://b.example https://c.example"), { elapsed: 300 })).toBe(
      "links",
    );
  });

  it(`calls a comment with more than ${MAX_COMMENT_LINKS} links spam`, () => {
    expect(linkCount("see https://a.example, http://b.example and www.c.example")).toBe(3);
    expect(spamReason(comment("Read https://a.example and www.b.example"), {})).toBeNull();
    expect(spamReason(comment("https://a.example https://b.example https://c.example"), {})).toBe("links");
  });
});
