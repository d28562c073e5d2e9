import type { Page } from "@playwright/test";
import site from "../../content/site.json";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { TIMING_NOTE } from "../../src/server/spam";
import { TEST_SERVER_PORTS } from "../support/ports";
import { fakeSiteverify, mailServer, recordingServer } from "../support/recording-server";
import { fakeRecaptchaScript, fakeWebToLead, solveCaptcha } from "./fakes";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";
import { validBody } from "../support/valid-body";

// Spam defence on the server: a scripted burst straight at the endpoint is stored as spam and never e-mailed; the
// site's own forms, filled in by a person in the browser, are never taken for spam; and what is held is not lost:
// `npm run leads -- list --spam` shows it, with why, and `release` delivers it (issue 54).

test("a scripted burst is kept as spam and e-mails no one; forms filled by a person are delivered", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const smtp = await mailServer();
  const siteverify = await fakeSiteverify("e2e-secret");
  const server = await startServer(TEST_SERVER_PORTS.spam, {
    SMTP_URL: smtp.url,
    RECAPTCHA_SECRET_KEY: "e2e-secret",
    RECAPTCHA_VERIFY_URL: siteverify.url,
  });
  try {
    const post = `${server.origin}/blog/data-cloud-first-90-days`;
    const comment = (text: string) =>
      payloadOf(
        FORMS.comment,
        { name: "Bot", email: "bot@example.com", comment: text },
        { labels: site.labels, carried: { url: post } },
      );
    const burst = [
      comment("Visit https://a.example https://b.example and https://c.example"),
      { ...comment("Honeypot"), website: "x", elapsed: 9_000 },
    ];
    for (const body of burst)
      expect((await page.request.post(`${server.origin}/api/lead`, { data: JSON.stringify(body) })).status()).toBe(200);
    // a contact enquiry, a subscription or a registration without a solved captcha is refused outright: the last two
    // would mail the address they name
    const unsolved = [
      validBody("contact", { info: "Hi", email: "bot@example.com", phone: "", name: "Bot" }),
      {
        ...payloadOf(FORMS.newsletter, { email: "bot1@example.com" }, { labels: site.labels }),
        website: "http://cheap.example",
      },
      { ...payloadOf(FORMS.newsletter, { email: "bot2@example.com" }, { labels: site.labels }), elapsed: 150 },
    ];
    for (const body of unsolved) {
      const refused = await page.request.post(`${server.origin}/api/lead`, { data: JSON.stringify(body) });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toMatchObject({ field: "captcha" });
    }

    const spam = await server.leads("list", "--status", "spam");
    // the header, a row each, and how to release one
    expect(spam.out.trim().split("\n")).toHaveLength(2 + burst.length);
    expect(smtp.mails).toHaveLength(0);

    // people, taking the time people take
    siteverify.issue("fake-token"); // what the fake reCAPTCHA widget hands the contact form
    await fakeRecaptchaScript(page);
    await fakeWebToLead(page);
    await page.clock.install();
    await page.setViewportSize({ width: 1440, height: 900 });
    const open = async (path: string) => {
      await page.goto(`${server.origin}${path}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    };
    const think = (page: Page) => page.clock.fastForward(5_000);

    await open("/blog/data-cloud-first-90-days");
    const commentForm = page.getByRole("form", { name: "Comment" });
    await commentForm.getByLabel("Name", { exact: true }).fill("Mei");
    await commentForm.getByLabel("Email", { exact: true }).fill("mei@example.com");
    await commentForm.getByLabel("Comment", { exact: true }).fill("Clear and practical, thank you.");
    await think(page);
    await commentForm.getByRole("button", { name: "Post comment" }).click();
    await expect(commentForm.getByText("Comment posted successfully!")).toBeVisible();

    await open("/");
    await page.getByRole("banner").getByRole("button", { name: "Contact Us" }).click();
    const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
    await dialog.getByLabel("Name").fill("Asha Rao");
    await dialog.getByLabel("Email").fill("asha@example.com");
    await dialog.getByLabel("Message").fill("We need help with CPQ.");
    await dialog.getByRole("button", { name: "I'm not a robot" }).click();
    await think(page);
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Your message is sent.", { exact: false })).toBeVisible();

    await open("/pricing");
    const newsletter = page.getByRole("form", { name: "Newsletter" });
    await newsletter.getByLabel("Email address").fill("reader@example.com");
    siteverify.issue("fake-token"); // the fake widget hands every form the same token
    await solveCaptcha(newsletter);
    await think(page);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);

    // the moderator's, sales' twice, and the subscriber's confirmation
    // delivered by the outbox after the answer: on a busy machine that can take more than the default 5 s
    await expect.poll(() => smtp.mails.length).toBe(4);
    expect(smtp.mails.filter((m) => m.to.includes("reader@example.com"))).toHaveLength(1);
    const listed = await server.leads("list");
    for (const email of ["mei@example.com", "asha@example.com", "reader@example.com"])
      expect(listed.out).toMatch(new RegExp(`${email.replace(".", "\\.")}`));
    expect((await server.leads("list", "--status", "spam")).out.trim().split("\n")).toHaveLength(2 + burst.length);
  } finally {
    await server.stop();
    await smtp.close();
    await siteverify.close();
  }
});

test("a fast, clean enquiry is delivered; a held one is listed with why, released, then delivered", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const smtp = await mailServer();
  const hook = await recordingServer();
  const server = await startServer(TEST_SERVER_PORTS.spamRelease, {
    SMTP_URL: smtp.url,
    LEAD_WEBHOOK_URL: hook.url,
  });
  const contact = (name: string, email: string) => validBody("contact", { name, email, phone: "" });
  const post = (body: object) => request.post(`${server.origin}/api/lead`, { data: JSON.stringify(body) });
  try {
    // autofill, then Enter: 300 ms after the form was shown
    expect((await post({ ...contact("Asha Rao", "asha@example.com"), elapsed: 300 })).status()).toBe(200);
    await expect.poll(() => hook.requests.length).toBe(1);
    expect(JSON.parse(hook.requests[0].body)).toMatchObject({ email: "asha@example.com", timing: TIMING_NOTE });
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0].text).toContain(`timing: ${TIMING_NOTE}`);

    // the honeypot filled (a browser's autofill can fill it too): held, delivered to no one
    expect((await post({ ...contact("Ben Okafor", "ben@example.com"), website: "x", elapsed: 9_000 })).status()).toBe(
      200,
    );
    const listed = await server.leads("list", "--spam");
    expect(listed.code).toBe(0);
    const rows = listed.out.trim().split("\n");
    expect(rows).toHaveLength(3); // the header, the held one, how to release it
    expect(rows[1]).toMatch(/ contact\s+spam: honeypot\s.*ben@example\.com/);
    expect(rows[2]).toMatch(/npm run leads -- release ID delivers one/);
    expect(hook.requests).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);

    const id = rows[1].split(/\s+/)[0];
    const released = await server.leads("release", id);
    expect(released.code).toBe(0);
    expect(released.out).toContain(`Released the contact ${id} (held: honeypot); delivering it to webhook, email.`);
    expect(hook.requests).toHaveLength(2);
    expect(JSON.parse(hook.requests[1].body)).toMatchObject({ email: "ben@example.com" });
    expect(smtp.mails.map((m) => m.to)).toEqual([[site.emails.sales], [site.emails.sales]]);
    expect(smtp.mails[1].text).toContain("ben@example.com");

    const after = await server.leads("list", "--spam");
    expect(after.out).toMatch(/ contact\s+delivered, released \(held: honeypot\)\s.*ben@example\.com/);
    const shown = await server.leads("show", id);
    expect(shown.out).toMatch(/\n {2}held as spam \(honeypot\), released \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/);
    expect(shown.out).toMatch(/\n {2}delivery to email: delivered, 1 attempt/);
    expect(shown.out).toMatch(/\n {2}delivery to webhook: delivered, 1 attempt/);
  } finally {
    await server.stop();
    await smtp.close();
    await hook.close();
  }
});
