/** @jest-environment node */
import site from "../../content/site.json";
import { bodyFromForm, formPhone, parseForm, RECEIVED_PATHS } from "../../src/lib/form-post";
import { checkLead } from "../../src/lib/lead-rules";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { readSettings } from "../../src/server/config";
import { FORM_PAGE_HEADERS, formAnswer } from "../../src/server/form-pages";
import type { Incoming, Refusal } from "../../src/server/lead-read";
import { createLeadHandler } from "../../src/server/lead-handler";
import type { Store } from "../../src/server/store/sql";
import { callFunction, type FunctionCall } from "../support/fake-function";
import { fakeSiteverify, mailServer, recordingServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";
import { validBody } from "../support/valid-body";

/** The tag of the field named `name` in a page. */
const tagOf = (html: string, name: string) =>
  html.match(new RegExp(`<(input|textarea)[^>]* name="${name}"[^>]*>`))?.[0] ?? "";

// Forms sent by the browser itself, without script: urlencoded, answered with pages instead of JSON.

const ORIGIN = site.siteUrl;
const FORM = "application/x-www-form-urlencoded";
const contactForm = validBody("contact", { dial: "91", phone: "98200 12345", website: "" });
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("a form's fields as the endpoint's body", () => {
  it("reads a urlencoded body, a name sent twice keeping its last value", () => {
    expect(parseForm("name=Asha+Rao&email=asha%40example.com&name=B")).toEqual({
      name: "B",
      email: "asha@example.com",
    });
  });

  it("joins the dial code to the digits, and takes a number typed with + and its own code as it is", () => {
    expect(formPhone("91", "98200 12345")).toBe("919820012345");
    expect(formPhone("91", "+44 (20) 7946-0000")).toBe("442079460000");
    expect(formPhone("91", "")).toBe("");
    expect(formPhone("91", "call me")).toBe("91callme");
  });

  it("makes the very body the contact form's script sends", () => {
    const body = bodyFromForm(contactForm, site.labels, ORIGIN);
    expect(body).toEqual(
      payloadOf(
        FORMS.contact,
        { name: "Asha Rao", email: "asha@example.com", phone: "9820012345", info: "We need help with CPQ." },
        { labels: site.labels, dialCode: "91" },
      ),
    );
  });

  it("gives the newsletter its null name and phone and its label, whatever else the form holds", () => {
    const body = bodyFromForm(
      { type: site.labels.newsletter, email: "n@example.com", name: "Bob", phone: "1" },
      site.labels,
      ORIGIN,
    );
    expect(body).toEqual(payloadOf(FORMS.newsletter, { email: "n@example.com" }, { labels: site.labels }));
  });

  it("makes a comment's path a page of the origin it was sent from, and leaves other addresses to the rules", () => {
    const comment = (url: string) =>
      bodyFromForm({ type: site.labels.comment, name: "R", email: "r@x.io", comment: "Hi", url }, site.labels, ORIGIN);
    expect(comment("/blog/x").url).toBe(`${ORIGIN}/blog/x`);
    expect(comment("//evil.example/x").url).toBe("//evil.example/x");
    expect(checkLead(comment("//evil.example/x"), site.labels, [ORIGIN])).toMatchObject({ ok: false, field: "url" });
  });

  it("keeps the honeypot, and no speed signal a form without script cannot measure", () => {
    const body = bodyFromForm({ ...contactForm, website: "http://spam.example", elapsed: "5" }, site.labels, ORIGIN);
    expect(body).toMatchObject({ website: "http://spam.example" });
    expect(body).not.toHaveProperty("elapsed");
  });
});

describe("what the page says of a form's own field or file: its declaration's words", () => {
  const application: Incoming = {
    via: "form",
    site: ORIGIN,
    referer: undefined,
    body: null,
    values: validBody("application"),
    kind: "application",
    file: null,
  };
  const answer = (refusal: Omit<Refusal, "error">, incoming = application) =>
    formAnswer({ error: "refused", ...refusal }, incoming);

  it("an opening no longer listed: that page alone, without the form no one could fix it in", () => {
    const { status, html } = answer({ status: 400, field: "opening", problem: "invalid" });
    expect(status).toBe(400);
    expect(html).toContain("<h1>This opening is no longer listed</h1>");
    expect(html).toContain("Please choose an opening on our careers page and apply there.");
    expect(html).not.toContain("<form");
  });

  it("a phone number: digits only, and the country code in front of it", () => {
    const { html } = answer({ status: 400, field: "phone", problem: "invalid" }, { ...application, kind: "contact" });
    expect(html).toContain("<h1>Please check your phone number</h1>");
    expect(html).toContain("The country code in front of it is +91;");
    expect(html).toContain("<form");
  });

  it("the CV: none, too large, not one of its kinds, or sent too often without script; chosen again each time", () => {
    const pages = [
      answer({ status: 400, field: "cv", problem: "missing" }),
      answer({ status: 413, field: "cv", problem: "long", max: 4 * 1024 * 1024 }),
      answer({ status: 400, field: "cv", problem: "invalid" }),
      answer({ status: 429, field: "captcha", headers: { "Retry-After": "120" } }),
    ].map(({ html }) => html);
    expect(pages.map((html) => html.match(/<h1>(.*)<\/h1>/)?.[1])).toEqual([
      "Please attach your CV",
      "Please choose a smaller CV",
      "Please choose your CV again",
      "Please turn on JavaScript to send your CV",
    ]);
    expect(pages[0]).toContain("Your CV is required: a PDF, Word (DOCX) or OpenDocument (ODT) file of at most 4 MB.");
    expect(pages[1]).toContain("The file you chose is larger than 4 MB, the most a CV can be");
    expect(pages[2]).toContain("(a file is known by what is inside it, not by its name), so nothing was sent.");
    expect(pages[3]).toContain("or send this form again in 2 minutes.");
    for (const html of pages) {
      expect(tagOf(html, "cv")).toContain('aria-describedby="problem field-cv-hint"');
      expect(html).toContain("so please choose your CV again.");
    }
  });
});

describe.each(engines)("a form sent without script, to the endpoint on %s", (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(() => emptied(store));
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => store.close());

  function endpoint(env: Record<string, string> = {}, on: () => Promise<Store> = async () => store) {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ LEAD_DELIVERY_WAIT_MS: "2000", ...env }, site.siteUrl, site.emails.sales),
      store: on,
    });
    return (init: FunctionCall) =>
      callFunction(handler, { ...init, headers: { "content-type": FORM, ...init.headers } });
  }
  const rows = async () =>
    (
      await store.query<{ kind: string; phone: string; fields: Record<string, string> }>(
        "SELECT kind, phone, fields FROM submissions",
      )
    ).rows;

  it("is stored as its JSON twin is, then sent on with 303 to the received page, nothing typed in the address", async () => {
    const send = endpoint();
    const sent = await send({ body: encode(contactForm), headers: { origin: ORIGIN } });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${ORIGIN}${RECEIVED_PATHS.contact}`);
    expect(sent.headers.location).not.toMatch(/[?#]|asha/i);
    expect(await rows()).toEqual([
      {
        kind: "contact",
        phone: "919820012345",
        fields: { ...bodyFromForm(contactForm, site.labels, ORIGIN), captcha: "sent without captcha" },
      },
    ]);
  });

  it("takes the body as Gatsby's function wrapper on Netlify hands it over, already parsed", async () => {
    const send = endpoint();
    const newsletter = { type: site.labels.newsletter, email: "reader@example.com" };
    const sent = await send({ body: newsletter, headers: { origin: ORIGIN } });
    expect(sent).toMatchObject({ status: 303, headers: { location: `${ORIGIN}/success-email` } });
    expect((await rows()).map((r) => r.kind)).toEqual(["newsletter"]);
  });

  it("stores the same form sent twice (Back, then Send again) once, and sends both to the received page", async () => {
    const send = endpoint();
    const body = encode({ type: site.labels.webinar, name: "W", email: "w@example.com", info: "Data Cloud" });
    for (let i = 0; i < 2; i++) expect((await send({ body, headers: { origin: ORIGIN } })).status).toBe(303);
    expect(await rows()).toHaveLength(1);
  });

  it("keeps a filled honeypot as spam and answers it as anything else", async () => {
    const sent = await endpoint()({ body: encode({ ...contactForm, website: "x" }), headers: { origin: ORIGIN } });
    expect(sent.status).toBe(303);
    const { rows: spam } = await store.query("SELECT status, spam_reason FROM submissions");
    expect(spam).toEqual([{ status: "spam", spam_reason: "honeypot" }]);
  });

  it("answers a bad field with a page naming it in words, the form again with what was typed, as text", async () => {
    const typed = { ...contactForm, email: "asha-at-example", info: '<script>alert("x")</script> & more' };
    const sent = await endpoint()({ body: encode(typed), headers: { origin: ORIGIN } });
    expect(sent.status).toBe(400);
    const html = String(sent.body);
    expect(html).toContain("<h1>Please check your email address</h1>");
    expect(tagOf(html, "email")).toMatch(/aria-invalid="true" aria-describedby="problem" autofocus=""/);
    expect(tagOf(html, "email")).toContain('value="asha-at-example"');
    expect(html).toContain(
      `>${typed.info.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")}</textarea>`,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="Asha Rao"');
    expect(tagOf(html, "dial")).toMatch(/aria-label="Country code" inputMode="numeric" .*value="91"/);
    expect(html).toContain('<form method="post">');
    expect(await rows()).toEqual([]);
  });

  it("serves its pages with their own strict headers: no script at all, nosniff, no-store", async () => {
    const sent = await endpoint()({ body: encode({ ...contactForm, name: "" }) });
    expect(sent.status).toBe(400);
    expect(String(sent.body)).toContain("<h1>Please enter your name</h1>");
    expect(sent.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = sent.headers["content-security-policy"];
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);
    expect(csp).not.toMatch(/script-src|unsafe/);
    expect(sent.headers["x-content-type-options"]).toBe("nosniff");
    expect(sent.headers["cache-control"]).toBe("no-store");
    expect(FORM_PAGE_HEADERS["Referrer-Policy"]).toBe("same-origin"); // its own form must carry an Origin
  });

  it("answers a full store, a rate limit and a body too large with pages too, keeping the form", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const down = endpoint({}, () => Promise.reject(Object.assign(new Error("down"), { code: "ECONNREFUSED" })));
    const unavailable = await down({ body: encode(contactForm) });
    expect(unavailable.status).toBe(503);
    expect(String(unavailable.body)).toContain("Please try again shortly");
    expect(String(unavailable.body)).toContain(">We need help with CPQ.</textarea>");

    const limited = endpoint({ LEAD_RATE_LIMIT: "1" });
    await limited({ body: encode({ ...contactForm, name: "First" }), ip: "10.1.1.1" });
    const second = await limited({ body: encode({ ...contactForm, name: "Second" }), ip: "10.1.1.1" });
    expect(second.status).toBe(429);
    expect(String(second.body)).toMatch(/Please send it again in \d+ seconds/);
    expect(String(second.body)).toContain('value="Second"');

    const large = await endpoint()({ body: encode({ ...contactForm, info: "x".repeat(40_000) }) });
    expect(large.status).toBe(413);
    expect(String(large.body)).toContain("This form is too long to send");
  });

  it("never builds an address from the Host a request names: the Origin or Referer when configured, else relative", async () => {
    const send = endpoint();
    const forged = { host: "evil.example", "x-forwarded-proto": "javascript" };
    const bare = await send({ body: encode({ ...contactForm, name: "No origin" }), headers: forged });
    expect(bare.status).toBe(303);
    expect(bare.headers.location).toBe(RECEIVED_PATHS.contact);
    const refused = await send({ body: encode({ ...contactForm, name: "" }), headers: forged });
    expect(String(refused.body)).toContain('<a href="/">Back to the site</a>');
    expect(String(refused.body)).not.toMatch(/evil\.example|javascript:/);
    const fromReferer = await send({
      body: encode({ ...contactForm, name: "Referer" }),
      headers: { ...forged, referer: `${ORIGIN}/contact` },
    });
    expect(fromReferer.headers.location).toBe(`${ORIGIN}${RECEIVED_PATHS.contact}`);
  });

  it("answers text the store cannot hold like any bad field: the field named, the form kept", async () => {
    // U+FFFD is what a broken %-escape decodes to; the endpoint refuses it, naming the field
    const sent = await endpoint()({
      body: `${encode({ ...contactForm, info: "" }).replace("info=", "info=Caf%C3")}`,
      headers: { origin: ORIGIN },
    });
    expect(sent.status).toBe(400);
    const html = String(sent.body);
    expect(html).toContain("<h1>Please check your message</h1>");
    expect(html).toContain("holds a character that cannot be saved");
    expect(html).toContain('value="Asha Rao"');
    expect(tagOf(html, "info")).toMatch(/^<textarea id="field-info" name="info" .*aria-invalid="true"/);
    expect(await rows()).toEqual([]);
  });

  it("keeps JSON posts on today's contract: JSON answers, never a page or a redirect", async () => {
    const send = endpoint();
    const json = await send({
      body: JSON.stringify(bodyFromForm(contactForm, site.labels, ORIGIN)),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(json).toMatchObject({ status: 200, body: { ok: true } });
    expect(json.headers.location).toBeUndefined();
  });

  describe("with the captcha configured", () => {
    it("delivers an enquiry sent without script, marked sent without captcha, and still refuses JSON without one", async () => {
      const hook = await recordingServer();
      const smtp = await mailServer();
      const siteverify = await fakeSiteverify("secret");
      try {
        const send = endpoint({
          RECAPTCHA_SECRET_KEY: "secret",
          RECAPTCHA_VERIFY_URL: siteverify.url,
          LEAD_WEBHOOK_URL: hook.url,
          SMTP_URL: smtp.url,
        });
        expect((await send({ body: encode(contactForm), headers: { origin: ORIGIN } })).status).toBe(303);
        expect(JSON.parse(hook.requests[0].body)).toMatchObject({
          kind: "contact",
          email: contactForm.email,
          captcha: "sent without captcha",
        });
        expect(smtp.mails.map((m) => m.header("subject"))).toEqual([
          "New enquiry from the website (sent without captcha)",
        ]);
        expect(smtp.mails[0].raw).toContain("captcha: sent without captcha");
        const { rows: stored } = await store.query("SELECT status FROM submissions");
        expect(stored).toEqual([{ status: "delivered" }]);

        const json = await send({
          body: JSON.stringify(bodyFromForm({ ...contactForm, name: "Script" }, site.labels, ORIGIN)),
          headers: { "content-type": "text/plain;charset=UTF-8" },
        });
        expect(json).toMatchObject({ status: 400, body: { field: "captcha" } });
      } finally {
        await hook.close();
        await smtp.close();
        await siteverify.close();
      }
    });
  });
});
