import { expect, scrolledTo, test, visit, ORIGIN } from "./fixtures";
import { collectAlerts, fakeLeadEndpoint, fakeRecaptchaScript, fakeWebToLead, site, solveCaptcha } from "./fakes";

const form = (page: import("@playwright/test").Page) =>
  page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });

test("an empty email says 'Enter your mail id', a bad one 'Invalid email address', and editing clears it", async ({
  page,
}) => {
  await fakeRecaptchaScript(page);
  const lead = await fakeLeadEndpoint(page, 200);
  await visit(page, "/pricing");
  const newsletter = await scrolledTo(form(page));
  await expect(newsletter.getByLabel("Email address")).toHaveAttribute("placeholder", "you@company.com");
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(newsletter.getByRole("alert")).toHaveText("Enter your mail id");
  await newsletter.getByLabel("Email address").fill("someone@example");
  await expect(newsletter.getByRole("alert")).toHaveText("");
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(newsletter.getByRole("alert")).toHaveText("Invalid email address");
  await expect(newsletter.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await newsletter.getByLabel("Email address").press("End");
  await newsletter.getByLabel("Email address").pressSequentially(".com");
  await expect(newsletter.getByRole("alert")).toHaveText("");
  // a valid address with the captcha unsolved: the spec's captcha message, and still nothing sent
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(newsletter.getByText("Please verify reCAPTCHA")).toBeVisible();
  expect(lead.requests).toHaveLength(0);
});

test("a 200 sends the newsletter body, then Web-to-Lead with the email as first name, and comes back to /success-email", async ({
  page,
}) => {
  await fakeRecaptchaScript(page);
  const lead = await fakeLeadEndpoint(page, 200);
  const webToLead = await fakeWebToLead(page);
  await visit(page, "/pricing");
  await form(page).getByLabel("Email address").fill("reader@example.com");
  await solveCaptcha(form(page));
  await form(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/success-email$/);
  expect(lead.bodies()).toEqual([
    {
      type: site.labels.newsletter,
      email: "reader@example.com",
      phone: "null",
      info: site.labels.newsletter,
      name: "null",
      captcha: "fake-token",
      elapsed: expect.any(Number),
      attribution: { landing_page: "/pricing", page: "/pricing", referrer: "" },
    },
  ]);
  expect(Object.fromEntries(webToLead[0])).toMatchObject({
    first_name: "reader@example.com",
    email: "reader@example.com",
    retURL: `${ORIGIN}/success-email`,
    oid: site.webToLead.oid,
    // a visit with no referrer and no campaign: the Direct channel (content/channels.json)
    lead_source: "Direct",
    Landing_Page__c: "/pricing",
    Form_Page__c: "/pricing",
  });
  await expect(page.locator("h1")).toBeVisible();
});

for (const answer of [500, "network-error"] as const) {
  test(`a ${answer} answer alerts 'Some thing went wrong' and stays`, async ({ page }) => {
    await fakeRecaptchaScript(page);
    await fakeLeadEndpoint(page, answer);
    const alerts = collectAlerts(page);
    await visit(page, "/pricing");
    await form(page).getByLabel("Email address").fill("reader@example.com");
    await solveCaptcha(form(page));
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => alerts).toEqual(["Some thing went wrong"]);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(form(page).getByLabel("Email address")).toHaveValue("reader@example.com");
  });
}
