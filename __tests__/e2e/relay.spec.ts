import jobs from "../../content/jobs.json";
import site from "../../content/site.json";
import { readEventCatalog } from "../../src/server/event-catalog-files";
import { TEST_SERVER_PORTS } from "../support/ports";
import { fakeSiteverify, mailServer, type Mail } from "../support/recording-server";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";

// Issue 54: a post without script skips the captcha (the form works without JavaScript), so it is a way anyone can
// have the site send mail to any address. Such a post may not make the site send a visitor anything a visitor wrote,
// no address gets more than a few of the site's mails a day, and CVs without the captcha come within a budget.
// Through Netlify's local runtime, as curl would post them.

test.describe.configure({ mode: "default" });

const webinars = readEventCatalog().filter((e) => e.kind === "webinar");

let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof mailServer>>;
let siteverify: Awaited<ReturnType<typeof fakeSiteverify>>;

test.beforeAll(async () => {
  smtp = await mailServer();
  siteverify = await fakeSiteverify("e2e-secret");
  server = await startServer(TEST_SERVER_PORTS.relay, {
    SMTP_URL: smtp.url,
    RECAPTCHA_SECRET_KEY: "e2e-secret",
    RECAPTCHA_VERIFY_URL: siteverify.url,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await siteverify?.close();
});

const mailsTo = (address: string) => smtp.mails.filter((m: Mail) => m.to.includes(address));

test("a registration posted without the captcha mails its address nothing the poster wrote; sales still get it", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const form = {
    type: site.labels.webinar,
    info: webinars[0].title,
    name: "Visit evil.test now",
    email: "stranger@example.com",
    phone: "",
    dial: "91",
  };
  const sent = await request.post(`${server.origin}/api/lead`, {
    headers: { origin: server.origin },
    form,
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  await expect.poll(() => mailsTo("stranger@example.com").length, { timeout: 30_000 }).toBe(1);
  const [mail] = mailsTo("stranger@example.com");
  await test.info().attach("mail to the stranger", { body: mail.raw, contentType: "text/plain" });
  expect(mail.text).toMatch(/^Hello,\r?\n/);
  expect(mail.raw).not.toContain("evil.test");
  expect(mail.text).toContain(webinars[0].title);
  // the registration itself is stored and reaches sales as before, name and all, marked
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(site.emails.sales) && m.text.includes("Visit evil.test now")))
    .toHaveLength(1);
  expect((await server.leads("list")).out).toContain("stranger@example.com");

  // with the captcha solved, the script's post: the guest's name, as before
  const solved = await request.post(`${server.origin}/api/lead`, {
    data: JSON.stringify({
      type: site.labels.webinar,
      info: webinars[1].title,
      name: "Meera Shah",
      email: "meera@example.com",
      phone: "",
      captcha: siteverify.issue(),
    }),
  });
  expect(solved.status()).toBe(200);
  await expect.poll(() => mailsTo("meera@example.com").length, { timeout: 30_000 }).toBe(1);
  // (a webinar still to come has its calendar file attached: the text is a part of the message)
  expect(mailsTo("meera@example.com")[0].raw).toMatch(/\r?\n\r?\nHello Meera Shah,\r?\n/);
});

test("an address gets at most three of the site's mails a day, whatever they are about", async ({ request }) => {
  test.setTimeout(120_000);
  const email = "many.topics@example.com";
  const bodies = [
    { type: site.labels.newsletter, email, phone: "null", info: site.labels.newsletter, name: "null" },
    ...webinars.slice(0, 3).map((w) => ({ type: site.labels.webinar, info: w.title, email, phone: "", name: "Ann" })),
  ];
  expect(bodies).toHaveLength(4);
  for (const body of bodies) {
    const sent = await request.post(`${server.origin}/api/lead`, {
      data: JSON.stringify({ ...body, captcha: siteverify.issue() }),
    });
    expect(sent.status()).toBe(200);
  }
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(3);
  // the fourth is not late: its delivery is never queued
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  expect(mailsTo(email)).toHaveLength(3);
  // all four are stored and reach sales
  expect((await server.leads("list")).out.split("\n").filter((l) => l.includes(email))).toHaveLength(4);
});

test("CVs without the captcha come within a budget per address; beyond it, a refusal that says what to do", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const cv = Buffer.from(`%PDF-1.4\n% a CV\n${"x".repeat(2_000)}\n%%EOF\n`);
  const apply = (n: number) =>
    request.post(`${server.origin}/api/lead`, {
      headers: { origin: server.origin },
      multipart: {
        type: site.labels.application,
        opening: jobs[0].title,
        name: `Ravi Budget ${n}`,
        email: `ravi.budget${n}@example.com`,
        phone: "9820012345",
        dial: "91",
        cv: { name: "cv.pdf", mimeType: "application/pdf", buffer: cv },
      },
      maxRedirects: 0,
    });
  for (const n of [1, 2, 3]) expect((await apply(n)).status()).toBe(303);
  const over = await apply(4);
  expect(over.status()).toBe(429);
  expect(Number(over.headers()["retry-after"])).toBeGreaterThan(0);
  expect(over.headers()["content-type"]).toMatch(/^text\/html/);
  const page = await over.text();
  expect(page).toContain("JavaScript");
  expect(page).toContain('value="Ravi Budget 4"');
  expect(page).toContain('value="ravi.budget4@example.com"');
  expect((await server.leads("list", "--kind", "application")).out).not.toContain("ravi.budget4");
});
