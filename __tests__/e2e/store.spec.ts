import type { Page } from "@playwright/test";
import { FORMS, payloadOf, visibleFields } from "../../src/lib/forms";
import { TEST_SERVER_PORTS } from "../support/ports";
import { mailServer, recordingServer } from "../support/recording-server";
import { collectAlerts, fakeRecaptchaScript, fakeWebToLead, site } from "./fakes";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";
import { validBody } from "../support/valid-body";

// The submissions store end to end: a visitor's form, the server's store, and `npm run leads` in a terminal.

async function sendContactForm(page: Page, origin: string, values: { name: string; email: string; message: string }) {
  await fakeRecaptchaScript(page);
  await fakeWebToLead(page);
  await page.clock.install();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${origin}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("banner").getByRole("button", { name: "Contact Us" }).click();
  const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
  await dialog.getByLabel("Name").fill(values.name);
  await dialog.getByLabel("Email").fill(values.email);
  await dialog.getByLabel("Message").fill(values.message);
  // any other field the form requires, as a valid body has it
  const valid: Record<string, string> = validBody("contact");
  for (const field of visibleFields(FORMS.contact))
    if (field.required && !["name", "email", "info"].includes(field.name) && field.label)
      await dialog.getByLabel(field.label).fill(valid[field.name]);
  await dialog.getByRole("button", { name: "I'm not a robot" }).click();
  await page.clock.fastForward(5_000); // a person takes a few seconds, or the endpoint takes the form for spam
  await dialog.getByRole("button", { name: "Send message" }).click();
  return dialog;
}

test.describe("with the webhook answering 500 and the SMTP server refusing", () => {
  test("visitors get 200, deliveries wait, and `npm run leads replay` delivers each once when they are back", async ({
    page,
  }) => {
    // a server of its own with a fresh store, and the company's terminal five times (each a process of its own)
    test.setTimeout(90_000);
    let webhookStatus = 500;
    let smtpRefuses = true;
    const hook = await recordingServer(() => webhookStatus);
    const smtp = await mailServer({ refuse: () => smtpRefuses });
    const server = await startServer(TEST_SERVER_PORTS.store, { LEAD_WEBHOOK_URL: hook.url, SMTP_URL: smtp.url });
    try {
      const dialog = await sendContactForm(page, server.origin, {
        name: "Kept",
        email: "kept@example.com",
        // a line typed to look like one of the mail's own fields (issue 54)
        message: "Do not lose me\nemail: attacker@evil.test",
      });
      await expect(dialog.getByText("Your message is sent.", { exact: false })).toBeVisible();
      const newsletter = payloadOf(FORMS.newsletter, { email: "wait@example.com" }, { labels: site.labels });
      expect(
        (await page.request.post(`${server.origin}/api/lead`, { data: JSON.stringify(newsletter) })).status(),
      ).toBe(200);

      // the company's terminal, while the server runs: both wait, each with its error
      const failed = await server.leads("list", "--status", "failed");
      expect(failed.code).toBe(0);
      expect(failed.out).toContain("kept@example.com");
      expect(failed.out).toContain("wait@example.com");
      const id = /^([0-9a-f]{8})\s.*kept@example\.com/m.exec(failed.out)![1];
      const shown = await server.leads("show", id);
      expect(shown.out).toContain("delivery to webhook: failed, 1 attempt, last error: webhook answered 500");
      expect(shown.out).toMatch(/delivery to email: failed, 1 attempt, last error: .*Mailbox unavailable/);
      expect(hook.requests).toHaveLength(2);
      expect(smtp.mails).toHaveLength(0);

      webhookStatus = 200;
      smtpRefuses = false;
      const replay = await server.leads("replay");
      expect(replay).toMatchObject({ code: 0 });
      // the webhook and sales' mail of each, and the subscriber's confirmation
      expect(replay.out).toContain("Delivered 5; 0 still failing.");
      expect(hook.requests).toHaveLength(4);
      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual([site.emails.sales, site.emails.sales, "wait@example.com"]);
      // sales' mail as received quotes what the visitor typed: its lines cannot pass for the mail's own
      const sales = smtp.mails.find((m) => m.text.includes("> Do not lose me"))!;
      expect(sales.text).toContain("> email: attacker@evil.test");
      expect(sales.text.split(/\r?\n/).filter((line) => line.startsWith("email:"))).toEqual([
        "email: kept@example.com",
      ]);
      expect((await server.leads("replay")).out).toContain("Delivered 0; 0 still failing.");
      expect((await server.leads("list", "--status", "delivered")).out).toContain("kept@example.com");
      expect(new Set(hook.requests.slice(2).map((r) => r.headers["idempotency-key"])).size).toBe(2);
    } finally {
      await server.stop();
      await hook.close();
      await smtp.close();
    }
  });
});

test("when the store cannot be reached, the endpoint answers 503 naming it and the visitor keeps the form", async ({
  page,
}) => {
  const server = await startServer(TEST_SERVER_PORTS.storeUnreachable, {
    DATABASE_URL: "postgres://tidewell@127.0.0.1:1/nowhere",
  });
  try {
    const response = await page.request.post(`${server.origin}/api/lead`, {
      data: JSON.stringify(validBody("contact", { info: "x", email: "a@example.com", phone: "", name: "A" })),
    });
    expect(response.status()).toBe(503);
    expect(await response.json()).toMatchObject({ field: "store" });

    const alerts = collectAlerts(page);
    const dialog = await sendContactForm(page, server.origin, {
      name: "Kept",
      email: "kept@example.com",
      message: "Keep my words",
    });
    await expect.poll(() => alerts).toEqual(["Some thing went wrong"]);
    await expect(dialog.getByLabel("Message")).toHaveValue("Keep my words");
    await expect(dialog.getByLabel("Email")).toHaveValue("kept@example.com");
  } finally {
    await server.stop();
  }
});
