/** @jest-environment node */
import site from "../../content/site.json";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { createCommentsHandler } from "../../src/server/comments-handler";
import { readSettings } from "../../src/server/config";
import { createLeadHandler } from "../../src/server/lead-handler";
import { createModerateHandler } from "../../src/server/moderate-handler";
import { checkLink, LINK_DAYS, signLink } from "../../src/server/moderation";
import { TIMING_NOTE } from "../../src/server/spam";
import type { Store } from "../../src/server/store/sql";
import { callFunction, type FunctionCall, type WebHandler } from "../support/fake-function";
import { fakeSiteverify, mailServer, type Mail } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";

const post = `${site.siteUrl}/blog/data-cloud-first-90-days`;
const comment = (text: string, name = "Ravi") => ({
  ...payloadOf(
    FORMS.comment,
    { name, email: "ravi@example.com", comment: text },
    { labels: site.labels, carried: { url: post } },
  ),
  elapsed: 8_000,
});
const contact = {
  ...payloadOf(
    FORMS.contact,
    { name: "Asha", email: "asha@example.com", phone: "", info: "Hi" },
    { labels: site.labels, dialCode: "91" },
  ),
  elapsed: 8_000,
};

/** A call as a browser makes it: a page's form posts its fields urlencoded. */
const call = (handler: WebHandler, init: FunctionCall) =>
  callFunction(
    handler,
    init.method === "POST" && !init.headers ? { ...init, headers: { "content-type": FORM } } : init,
  );
const FORM = "application/x-www-form-urlencoded";
/** A link of a moderation e-mail, as the moderator's browser opens it. */
const linkIn = (mail: Mail, label: "Approve" | "Reject") =>
  new URL(new RegExp(`^${label}: (\\S+)$`, "m").exec(mail.text)![1]);

describe("known link signatures", () => {
  const id = "3f2a91c0-1111-4222-8333-944455556666";
  it("accept what this site signed, within 14 days", () => {
    const params = signLink("key", id, "approve", Date.UTC(2026, 10, 1));
    expect(checkLink("key", { ...params, expires: String(params.expires) }, Date.UTC(2026, 10, 14))).toMatchObject({
      ok: true,
    });
    expect(params.expires - Date.UTC(2026, 10, 1) / 1000).toBe(LINK_DAYS * 86_400);
  });

  it("refuse a forged, altered or expired link", () => {
    const params = { ...signLink("key", id, "approve", Date.UTC(2026, 10, 1)), expires: "" };
    params.expires = String(signLink("key", id, "approve", Date.UTC(2026, 10, 1)).expires);
    const now = Date.UTC(2026, 10, 2);
    expect(checkLink("another key", params, now)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not made by this site/),
    });
    expect(checkLink("key", { ...params, action: "reject" }, now)).toMatchObject({ ok: false });
    expect(checkLink("key", { ...params, id: id.replace("3f", "4f") }, now)).toMatchObject({ ok: false });
    expect(checkLink("key", { ...params, expires: String(Number(params.expires) + 86_400) }, now)).toMatchObject({
      ok: false,
    });
    expect(checkLink("key", params, Date.UTC(2026, 10, 16))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expired/),
    });
    expect(checkLink("key", { id }, now)).toMatchObject({ ok: false, reason: "this link is incomplete" });
  });
});

describe.each(engines)("comments on %s", (_engine, open) => {
  let store: Store;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  const on = async () => store;
  const env = () => ({
    SMTP_URL: smtp.url,
    COMMENTS_MODERATOR: "editor@tidewell.example",
    MODERATION_SECRET: "s3cret",
  });
  const lead = (more: Record<string, string> = {}) =>
    createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ ...env(), ...more }, site.siteUrl, site.emails.sales),
      store: on,
    });
  const moderate = createModerateHandler({ store: on, secret: "s3cret" });
  const comments = createCommentsHandler({ store: on });
  const shown = async (path = "/blog/data-cloud-first-90-days") =>
    (await call(comments, { method: "GET", query: { path } })).body as {
      count: number;
      comments: { name: string; text: string }[];
    };

  beforeAll(async () => {
    store = await open();
    smtp = await mailServer();
  });
  beforeEach(async () => {
    await emptied(store);
    smtp.mails.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
    await store.close();
  });

  it("keeps a comment pending and e-mails the moderator its post, its text and two links", async () => {
    expect((await call(lead(), { body: comment("Useful checklist.") })).status).toBe(200);
    expect((await store.query("SELECT status, moderation FROM submissions")).rows).toEqual([
      { status: "delivered", moderation: "pending" },
    ]);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.to).toEqual(["editor@tidewell.example"]);
    expect(mail.header("subject")).toBe("A comment to approve: /blog/data-cloud-first-90-days");
    expect(mail.header("reply-to")).toBe("ravi@example.com");
    expect(mail.text).toContain("Useful checklist.");
    expect(linkIn(mail, "Approve").origin).toBe(site.siteUrl);
    expect((await shown()).count).toBe(0);
  });

  it("approves only when the moderator presses the confirmation page's button", async () => {
    await call(lead(), { body: comment("First.\n\nSecond paragraph with https://example.com as text.") });
    const approve = Object.fromEntries(linkIn(smtp.mails[0], "Approve").searchParams);
    const page = await call(moderate, { method: "GET", query: approve });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<button type="submit">Approve comment</button>');
    expect(String(page.body)).toContain("First.");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect((await shown()).count).toBe(0);

    const done = await call(moderate, { method: "POST", body: new URLSearchParams(approve).toString() });
    expect(done.status).toBe(200);
    expect(String(done.body)).toContain("Comment approved");
    expect(await shown()).toEqual({
      count: 1,
      comments: [
        expect.objectContaining({ name: "Ravi", text: "First.\n\nSecond paragraph with https://example.com as text." }),
      ],
    });
    expect(JSON.stringify(await shown())).not.toContain("ravi@example.com");
  });

  it("never shows a rejected comment", async () => {
    await call(lead(), { body: comment("Spammy but polite.") });
    const reject = Object.fromEntries(linkIn(smtp.mails[0], "Reject").searchParams);
    expect((await call(moderate, { method: "POST", body: reject })).status).toBe(200);
    expect((await store.query("SELECT moderation FROM submissions")).rows).toEqual([{ moderation: "rejected" }]);
    expect((await shown()).count).toBe(0);
  });

  it("builds moderation links on the configured address, never on the Host a request claims", async () => {
    const evil = "https://evil.example/blog/data-cloud-first-90-days";
    const forged = await call(lead(), {
      body: { ...comment("Look here."), url: evil },
      headers: { host: "evil.example", origin: "https://evil.example", "x-forwarded-proto": "https" },
    });
    // an Origin equal to the Host it claims is another site's (issue 54: the Host never counts)
    expect(forged).toMatchObject({ status: 403, body: { field: "origin" } });
    // and without an Origin, a comment's address on that Host is not one of the site's
    const noOrigin = await call(lead(), {
      body: { ...comment("Look here."), url: evil },
      headers: { host: "evil.example", "x-forwarded-proto": "https" },
    });
    expect(noOrigin).toMatchObject({ status: 400, body: { field: "url" } });
    expect(smtp.mails).toHaveLength(0);

    // a deploy preview is a configured address: its comments are moderated on it
    const preview = "https://deploy-preview-7--tidewell.netlify.app";
    const sent = await call(lead({ DEPLOY_PRIME_URL: preview }), {
      body: { ...comment("From the preview."), url: `${preview}/blog/data-cloud-first-90-days` },
      headers: { host: "evil.example" },
    });
    expect(sent.status).toBe(200);
    expect(linkIn(smtp.mails[0], "Approve").origin).toBe(preview);
  });

  it("acts once: a used link shows the decision, and changing it is an explicit second step", async () => {
    await call(lead(), { body: comment("Decide me once.") });
    const approve = Object.fromEntries(linkIn(smtp.mails[0], "Approve").searchParams);
    const reject = Object.fromEntries(linkIn(smtp.mails[0], "Reject").searchParams);
    const moderation = async () => (await store.query("SELECT moderation FROM submissions")).rows;
    expect((await call(moderate, { method: "POST", body: new URLSearchParams(reject).toString() })).status).toBe(200);
    expect(await moderation()).toEqual([{ moderation: "rejected" }]);

    // the old Approve link, opened and even pressed, changes nothing by itself
    const opened = await call(moderate, { method: "GET", query: approve });
    expect(String(opened.body)).toContain("This comment is already rejected");
    expect(String(opened.body)).toContain("Approve it instead</button>");
    const pressed = await call(moderate, { method: "POST", body: new URLSearchParams(approve).toString() });
    expect(String(pressed.body)).toContain("this link changed nothing");
    expect(await moderation()).toEqual([{ moderation: "rejected" }]);

    // the second step, on purpose
    const changed = new URLSearchParams({ ...approve, change: "yes" }).toString();
    expect(String((await call(moderate, { method: "POST", body: changed })).body)).toContain("Comment approved");
    expect(await moderation()).toEqual([{ moderation: "approved" }]);
    // the same link again: already what it asks, so no button at all
    expect(String((await call(moderate, { method: "GET", query: approve })).body)).not.toContain("instead</button>");
  });

  it("answers a forged, altered or expired link with 403 and changes nothing", async () => {
    await call(lead(), { body: comment("Keep me pending.") });
    const approve = Object.fromEntries(linkIn(smtp.mails[0], "Approve").searchParams);
    const forged = { ...signLink("not the secret", approve.id, "approve"), expires: approve.expires };
    const expired = signLink("s3cret", approve.id, "approve", Date.now() - (LINK_DAYS + 1) * 86_400_000);
    for (const query of [
      { ...approve, signature: forged.signature },
      { ...approve, action: "reject" },
      { ...expired, expires: String(expired.expires) },
    ]) {
      expect((await call(moderate, { method: "POST", body: query })).status).toBe(403);
      expect((await call(moderate, { method: "GET", query })).status).toBe(403);
    }
    expect((await store.query("SELECT moderation FROM submissions")).rows).toEqual([{ moderation: "pending" }]);
  });

  it("lists a post's approved comments oldest first, cached for 60 s, and refuses other paths", async () => {
    for (const name of ["First", "Second"]) await call(lead(), { body: comment(`By ${name}`, name) });
    for (const mail of smtp.mails)
      await call(moderate, { method: "POST", body: Object.fromEntries(linkIn(mail, "Approve").searchParams) });
    const answer = await call(comments, { method: "GET", query: { path: "/blog/data-cloud-first-90-days" } });
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    expect((answer.body as { comments: { name: string; day: string }[] }).comments.map((c) => c.name)).toEqual([
      "First",
      "Second",
    ]);
    expect((answer.body as { comments: { day: string }[] }).comments[0].day).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect((await shown("/blog/another-post")).count).toBe(0);
    expect(await call(comments, { method: "GET", query: { path: "/about" } })).toMatchObject({
      status: 400,
      body: { field: "path" },
    });
    expect((await call(comments, { method: "POST", query: {} })).status).toBe(405);
  });

  describe("spam", () => {
    it("stores a filled honeypot and a link-stuffed comment as spam: 200, no e-mail, never shown", async () => {
      const bodies = [
        { ...comment("Honey"), website: "http://cheap.example" },
        comment("Buy https://a.example https://b.example https://c.example"),
        { ...contact, website: "x" },
      ];
      for (const body of bodies) expect((await call(lead(), { body })).status).toBe(200);
      const { rows } = await store.query<{ spam_reason: string }>(
        "SELECT status, spam_reason, moderation FROM submissions ORDER BY received_at",
      );
      expect(rows).toEqual([
        { status: "spam", spam_reason: "honeypot", moderation: null },
        { status: "spam", spam_reason: "links", moderation: null },
        { status: "spam", spam_reason: "honeypot", moderation: null },
      ]);
      expect((await store.query("SELECT 1 FROM deliveries")).rows).toHaveLength(0);
      expect(smtp.mails).toHaveLength(0);
      expect((await shown()).count).toBe(0);
    });

    it("does not hold a comment only for being sent fast: it waits for its moderator, with a note", async () => {
      expect((await call(lead(), { body: { ...comment("Fast"), elapsed: 400 } })).status).toBe(200);
      const { rows } = await store.query(
        "SELECT status, spam_reason, moderation, fields->>'timing' AS timing FROM submissions",
      );
      expect(rows).toEqual([{ status: "delivered", spam_reason: null, moderation: "pending", timing: TIMING_NOTE }]);
      expect(smtp.mails).toHaveLength(1);
    });
  });

  describe("the contact form's captcha, checked with siteverify", () => {
    let siteverify: Awaited<ReturnType<typeof fakeSiteverify>>;
    beforeEach(async () => {
      siteverify = await fakeSiteverify("recaptcha-secret");
    });
    afterEach(() => siteverify.close());
    const checked = () => lead({ RECAPTCHA_SECRET_KEY: "recaptcha-secret", RECAPTCHA_VERIFY_URL: siteverify.url });
    const count = async () => (await store.query("SELECT 1 FROM submissions")).rows.length;

    it("accepts a solved token once; a reused, invalid or missing one gets 400 naming captcha", async () => {
      const token = siteverify.issue();
      expect((await call(checked(), { body: { ...contact, captcha: token } })).status).toBe(200);
      for (const body of [
        { ...contact, name: "Again", captcha: token },
        { ...contact, name: "Made up", captcha: "never-issued" },
        { ...contact, name: "None" },
      ])
        expect(await call(checked(), { body })).toMatchObject({ status: 400, body: { field: "captcha" } });
      expect(await count()).toBe(1);
    });

    it("answers 503 naming captcha when siteverify does not answer, and stores nothing", async () => {
      jest.spyOn(console, "error").mockImplementation(() => undefined);
      siteverify.hang();
      const handler = createLeadHandler({
        labels: site.labels,
        mailboxes: site.emails,
        settings: readSettings(
          { RECAPTCHA_SECRET_KEY: "recaptcha-secret", RECAPTCHA_VERIFY_URL: siteverify.url },
          site.siteUrl,
          site.emails.sales,
        ),
        store: on,
      });
      const started = Date.now();
      expect(await call(handler, { body: { ...contact, captcha: siteverify.issue() } })).toMatchObject({
        status: 503,
        body: { field: "captcha" },
      });
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await count()).toBe(0);
      jest.restoreAllMocks();
    }, 10_000);

    it("leaves the other forms to the honeypot and timing checks", async () => {
      expect((await call(checked(), { body: comment("No captcha on comments.") })).status).toBe(200);
    });
  });
});
