import type { Page } from "@playwright/test";
import { fakeRecaptchaScript, fakeWebToLead, RECAPTCHA } from "./fakes";
import { expect, holdScripts, hydrationErrors, test, visit } from "./fixtures";

// Issue 24: the contact modal is a native <dialog> in every page's HTML, opened by Invoker Commands before the
// page's script has run; without script, or where a browser has no invokers, Contact Us leads to /contact.

const modal = (page: Page) => page.getByRole("dialog", { name: "Tell us about your project" });
const headerContact = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Contact Us" });

/** The modal as spec §2 has it: the form in one column; a testimonial, reviews and badges in the other. */
async function expectWholeModal(page: Page) {
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole("form", { name: "Contact" });
  for (const field of ["Name", "Email", "Message"]) await expect(form.getByLabel(field)).toBeVisible();
  await expect(form.getByRole("button", { name: "Send message" })).toBeVisible();
  const aside = dialog.getByRole("complementary", { name: "What clients say" });
  await expect(aside.getByRole("figure")).toBeVisible();
  await expect(aside.getByRole("link", { name: "Read more client reviews" })).toHaveAttribute("href", /^https:/);
  await expect(aside.getByRole("list", { name: "Partnerships" }).getByRole("img").first()).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // without script a browser cannot say whether it has Invoker Commands, so every contact control is the link to
  // /contact, which works in every browser (src/browser/invokers.ts); the contact page's form posts without script
  test("Contact Us in the header leads to the contact page and its form", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await expect(headerContact(page)).toBeHidden();
    const link = page.getByRole("banner").getByRole("link", { name: "Contact Us" });
    await expect(link).toHaveAttribute("href", "/contact");
    await link.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("main").getByRole("form", { name: "Contact" })).toBeVisible();
  });

  test("at 390 px a page's Contact Us and a product's Book a Demo lead there too; no control does nothing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/services/agentforce");
    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).last().click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goto("/products/smartsell");
    await page.getByRole("link", { name: "Book a Demo" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goto("/");
    await expect(page.locator("button[commandfor]:visible")).toHaveCount(0);
  });

  test("the chat button is a real link: it opens the messaging app's page in a new tab", async ({ page }) => {
    await page
      .context()
      .route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: "text/html", body: "<h1>Chat</h1>" }));
    await page.goto("/pricing");
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: "Chat on WhatsApp", exact: true }).click(),
    ]);
    await expect(tab).toHaveURL(/^https:\/\/wa\.me\/\d+$/);
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe("with JavaScript", () => {
  test("Contact Us opens the modal before hydration; it stays open, as typed, and sends once the page hydrates", async ({
    page,
  }) => {
    await fakeRecaptchaScript(page);
    await fakeWebToLead(page);
    const errors = hydrationErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await headerContact(page).click();
    await expectWholeModal(page);
    await modal(page).getByLabel("Name").fill("Asha");
    await modal(page).getByLabel("Message").fill("Typed before the page's script ran.");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // the modal's own code has come and hydrated it: its form shows the captcha
    await modal(page).getByRole("button", { name: "I'm not a robot" }).click();
    await expect(modal(page)).toBeVisible();
    await modal(page).getByLabel("Email").fill(`typed-early-${Date.now()}@example.com`);
    await expect(modal(page).getByLabel("Name")).toHaveValue("Asha");
    await expect(modal(page).getByLabel("Message")).toHaveValue("Typed before the page's script ran.");
    await modal(page).getByRole("button", { name: "Send message" }).click();
    await expect(modal(page).getByText("Your message is sent.", { exact: false })).toBeVisible();
    expect(errors).toEqual([]);

    // with script, each opening has a fresh form (spec §4)
    await expect(modal(page)).toBeHidden(); // 2 s after the send
    await headerContact(page).click();
    await expect(modal(page)).toBeVisible();
    await expect(modal(page).getByLabel("Name")).toHaveValue("");
    await expect(modal(page).getByText("Your message is sent.", { exact: false })).toHaveCount(0);
  });

  test("the modal's code and the captcha load only when it first opens", async ({ page }) => {
    await fakeRecaptchaScript(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await visit(page, "/services/agentforce");
    await page.waitForTimeout(2_500); // past idle
    expect(requested.filter((url) => /contact-modal|recaptcha/.test(url))).toEqual([]);
    await page.getByRole("main").getByRole("button", { name: "Contact Us" }).last().click();
    await expectWholeModal(page);
    await expect.poll(() => requested.filter((url) => /contact-modal/.test(url)).length).toBe(1);
    await expect.poll(() => requested.some((url) => RECAPTCHA.test(url))).toBe(true);
  });

  test("hydration logs no error on pages with and without an open modal", async ({ page }) => {
    const errors = hydrationErrors(page);
    for (const path of ["/", "/contact", "/products/smartsell", "/blog/data-cloud-first-90-days"]) {
      await visit(page, path);
    }
    expect(errors).toEqual([]);
  });

  test.describe("in a browser without Invoker Commands", () => {
    test.beforeEach(async ({ page }) => {
      // before the head's script runs: as in a browser whose buttons have no commandfor
      await page.addInitScript(() => {
        delete (HTMLButtonElement.prototype as { commandForElement?: unknown }).commandForElement;
      });
    });

    test("Contact Us is a link to /contact until the page's script runs", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await holdScripts(page);
      await page.goto("/", { waitUntil: "commit" });
      await expect(headerContact(page)).toBeHidden();
      const link = page.getByRole("banner").getByRole("link", { name: "Contact Us" });
      await expect(link).toHaveAttribute("href", "/contact");
      await link.click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("main").getByRole("form", { name: "Contact" })).toBeVisible();
    });

    test("once the page is hydrated, the link opens the modal", async ({ page }) => {
      await fakeRecaptchaScript(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await visit(page, "/pricing");
      await page.getByRole("banner").getByRole("link", { name: "Contact Us" }).click();
      await expectWholeModal(page);
      await expect(page).toHaveURL(/\/pricing$/);
    });
  });
});
