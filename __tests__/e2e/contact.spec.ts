import { expect, test, visit, ORIGIN } from "./fixtures";
import {
  collectAlerts,
  fakeLeadEndpoint,
  fakeRecaptchaScript,
  fakeWebToLead,
  RECAPTCHA,
  site,
  thirdPartyRequests,
} from "./fakes";
import type { Page } from "@playwright/test";
import { FORMS, salesforceNames, visibleFields } from "../../src/lib/forms";
import { validBody } from "../support/valid-body";

const openModal = async (page: Page) => {
  await page.getByRole("banner").getByRole("button", { name: "Contact Us" }).click();
  const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
  await expect(dialog).toBeVisible();
  // its code has come: the country list answers
  await expect(dialog.locator("[data-island][data-hydrated]")).toBeAttached();
  return dialog;
};

/** The fields these tests name; any other the form has is filled as a valid body has it. */
const NAMED = ["name", "email", "phone", "info"];

const fill = async (page: Page, values: { name?: string; email?: string; phone?: string; message?: string }) => {
  const dialog = page.getByRole("dialog");
  const valid: Record<string, string> = validBody("contact");
  for (const field of visibleFields(FORMS.contact))
    if (!NAMED.includes(field.name) && field.label) await dialog.getByLabel(field.label).fill(valid[field.name]);
  if (values.name !== undefined) await dialog.getByLabel("Name").fill(values.name);
  if (values.email !== undefined) await dialog.getByLabel("Email").fill(values.email);
  if (values.phone !== undefined) await dialog.getByRole("textbox", { name: "Phone (optional)" }).fill(values.phone);
  if (values.message !== undefined) await dialog.getByLabel("Message").fill(values.message);
};

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("the captcha script is not requested before the contact modal opens, and is after", async ({ page }) => {
  await fakeRecaptchaScript(page);
  const requested = thirdPartyRequests(page);
  await visit(page, "/");
  await page.waitForLoadState("networkidle");
  expect(requested.filter((u) => RECAPTCHA.test(u))).toEqual([]);
  const dialog = await openModal(page);
  await expect(dialog.getByRole("button", { name: "I'm not a robot" })).toBeVisible();
  expect(requested.filter((u) => RECAPTCHA.test(u))).toHaveLength(1);
});

test("the modal has two columns on desktop and one on a phone, and closes with Escape and its close button", async ({
  page,
}) => {
  await fakeRecaptchaScript(page);
  await visit(page, "/services/agentforce");
  let dialog = await openModal(page);
  const form = await dialog.getByRole("form", { name: "Contact" }).boundingBox();
  const aside = await dialog.getByRole("complementary", { name: "What clients say" }).boundingBox();
  expect(aside!.x).toBeGreaterThan(form!.x + form!.width - 1);
  await expect(dialog.getByRole("link", { name: "Read more client reviews" })).toHaveAttribute("href", site.reviewsUrl);
  await expect(dialog.getByRole("img", { name: "Salesforce Consulting Partner" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Contact Us" }).last().click();
  dialog = page.getByRole("dialog", { name: "Tell us about your project" });
  const formBox = await dialog.getByRole("form", { name: "Contact" }).boundingBox();
  const asideBox = await dialog.getByRole("complementary", { name: "What clients say" }).boundingBox();
  expect(asideBox!.y).toBeGreaterThan(formBox!.y + formBox!.height - 1);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("fields are checked on each change with the spec's messages; phone keeps only digits", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await visit(page, "/");
  const dialog = await openModal(page);
  await fill(page, { name: "A", email: "not-an-email", phone: "98a7-6 5", message: "x" });
  await expect(dialog.getByText("Enter a valid email address")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address");
  await fill(page, { name: "", message: "" });
  await expect(dialog.getByText("This field is required")).toHaveCount(2);
  await fill(page, { email: "" });
  await expect(dialog.getByText("This field is required")).toHaveCount(3);
  await expect(dialog.getByRole("textbox", { name: "Phone (optional)" })).toHaveValue("98765");
});

test("an unsolved captcha shows 'Please verify reCAPTCHA' and sends nothing; solving it clears the error", async ({
  page,
}) => {
  await fakeRecaptchaScript(page);
  const lead = await fakeLeadEndpoint(page, 200);
  await visit(page, "/");
  const dialog = await openModal(page);
  await fill(page, { name: "Asha Rao", email: "asha@example.com", message: "We need CPQ help." });
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByText("Please verify reCAPTCHA")).toBeVisible();
  expect(lead.requests).toHaveLength(0);
  await dialog.getByRole("button", { name: "I'm not a robot" }).click();
  await expect(dialog.getByText("Please verify reCAPTCHA")).toBeHidden();
});

test("a 200 sends the spec's body and the Web-to-Lead fields, clears the form, thanks, and closes after 2 s", async ({
  page,
}) => {
  await page.clock.install();
  await fakeRecaptchaScript(page);
  const lead = await fakeLeadEndpoint(page, 200);
  const webToLead = await fakeWebToLead(page);
  await visit(page, "/");
  const dialog = await openModal(page);
  await fill(page, { name: "Asha Rao", email: "asha@example.com", phone: "9820012345", message: "We need CPQ help." });
  await dialog.getByRole("button", { name: "I'm not a robot" }).click();
  // from here the page's clock moves only when the test moves it, so that what is checked below, however long it
  // takes on a busy machine, does not count towards the 2 s after which the modal closes
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByText("Your message is sent. We'll get back to you at the earliest.")).toBeVisible();
  const sent: Record<string, string> = validBody("contact", { info: "We need CPQ help.", phone: "919820012345" });
  expect(lead.bodies()).toEqual([
    {
      ...sent,
      // besides the spec's fields, the spam checks' signals: the captcha's token and how long the form was shown
      captcha: "fake-token",
      elapsed: expect.any(Number),
      // and where the visit came from (docs/store.md#where-a-lead-came-from)
      attribution: { landing_page: "/", page: "/", referrer: "" },
    },
  ]);
  const headers = await lead.requests[0].allHeaders();
  expect(headers["content-type"]).toBe("text/plain;charset=UTF-8");
  expect(Object.keys(headers).filter((h) => h.startsWith("x-"))).toEqual([]);
  await expect.poll(() => webToLead.length).toBe(1);
  const posted = Object.fromEntries(webToLead[0]);
  expect(posted).toEqual({
    oid: site.webToLead.oid,
    retURL: `${ORIGIN}/`,
    lead_source: "Direct",
    // every Web-to-Lead field a lead has (one another kind fills and this one does not is sent empty), and each
    // field of the form under each of its Salesforce names (src/lib/forms.ts) with what was typed
    ...Object.fromEntries(salesforceNames().map((name) => [name, ""])),
    ...Object.fromEntries(
      FORMS.contact.fields.flatMap((field) => (field.salesforce ?? []).map((name) => [name, sent[field.name]])),
    ),
    Landing_Page__c: "/",
    Form_Page__c: "/",
  });
  // spec §3's names for the enquiry's own fields
  expect(posted).toMatchObject({ first_name: "Asha Rao", email: "asha@example.com", Note__c: "We need CPQ help." });
  await expect(dialog.getByLabel("Name")).toHaveValue("");
  await expect(dialog.getByLabel("Message")).toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Country code" })).toContainText("+91");
  await page.clock.runFor(1_500);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(500);
  await expect(dialog).toBeHidden();
});

for (const answer of [201, 500, "network-error"] as const) {
  test(`a ${answer} answer alerts 'Some thing went wrong' and keeps what was typed`, async ({ page }) => {
    await fakeRecaptchaScript(page);
    await fakeLeadEndpoint(page, answer);
    const alerts = collectAlerts(page);
    await visit(page, "/");
    const dialog = await openModal(page);
    await fill(page, { name: "Asha Rao", email: "asha@example.com", message: "Keep me." });
    await dialog.getByRole("button", { name: "I'm not a robot" }).click();
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => alerts).toEqual(["Some thing went wrong"]);
    await expect(dialog.getByLabel("Message")).toHaveValue("Keep me.");
    await expect(dialog.getByText("Your message is sent.", { exact: false })).toBeHidden();
  });
}

test("opening again resets the form, the country and the success message", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await fakeLeadEndpoint(page, 200);
  await fakeWebToLead(page);
  await visit(page, "/");
  let dialog = await openModal(page);
  const country = dialog.getByRole("combobox", { name: "Country code" });
  await country.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(country).toContainText("+1");
  await fill(page, { name: "Half typed" });
  await page.keyboard.press("Escape");
  dialog = await openModal(page);
  await expect(dialog.getByLabel("Name")).toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Country code" })).toContainText("+91");
});

test("the country selector is a listbox with arrows, Home/End, Enter, Escape and type-ahead that resets after 350 ms", async ({
  page,
}) => {
  await page.clock.install();
  await fakeRecaptchaScript(page);
  await visit(page, "/contact");
  const country = page.getByRole("combobox", { name: "Country code" });
  await expect(country).toContainText("+91");
  // from here time moves only when the test says so, however slowly the keys arrive
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await country.focus();
  // the form's code comes on that first focus (src/components/islands/island.tsx)
  await expect(page.locator("[data-island='contactForm'][data-hydrated]")).toBeAttached();
  await page.keyboard.press("ArrowDown");
  const listbox = page.getByRole("listbox", { name: "Country code" });
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole("option")).toHaveCount(229);
  await expect(listbox.getByRole("option").first()).toHaveText(/United States \(\+1\)/);
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(country).toContainText("Zimbabwe");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(country).toContainText("Zimbabwe");
  // "s", "l" typed together find Slovakia; after 350 ms a new "g" starts again
  await page.keyboard.type("sl");
  await expect(country).toHaveAttribute("aria-activedescendant", /.+/);
  await page.keyboard.press("Enter");
  await expect(country).toContainText("Slovakia");
  await page.clock.runFor(400);
  await page.keyboard.type("g");
  await page.keyboard.press("Enter");
  await expect(country).toContainText(/Gabon|Gambia|Georgia|Germany|Ghana|Gibraltar|Greece/);
  await expect(country).toContainText("Gabon");
});

test("when the captcha cannot load, the form says so and offers the sales mailbox", async ({ page }) => {
  await fakeRecaptchaScript(page, { fail: true });
  await visit(page, "/");
  const dialog = await openModal(page);
  await expect(dialog.getByRole("alert")).toContainText("could not load");
  await expect(dialog.getByRole("link", { name: site.emails.sales })).toHaveAttribute(
    "href",
    `mailto:${site.emails.sales}`,
  );
  await expect(dialog.getByRole("button", { name: "Send message" })).toBeDisabled();
});

test("Book a Demo on a product page opens the contact modal", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await visit(page, "/products/smartsell");
  await page.getByRole("button", { name: "Book a Demo" }).first().click();
  await expect(page.getByRole("dialog", { name: "Tell us about your project" })).toBeVisible();
});
