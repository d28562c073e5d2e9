import { expect, test, visit, ORIGIN } from "./fixtures";
import { collectAlerts, fakeLeadEndpoint, fakeRecaptchaScript, fakeWebToLead, site, solveCaptcha } from "./fakes";
import { webinarPaths } from "../support/spec-routes";

const path = webinarPaths()[0];

test("a webinar registration sends the webinar label and title, then returns to /webinar-Success-email", async ({
  page,
}) => {
  await fakeRecaptchaScript(page);
  const lead = await fakeLeadEndpoint(page, 200);
  const webToLead = await fakeWebToLead(page);
  await visit(page, path);
  const title = (await page.locator("h1").textContent())!;
  const form = page.getByRole("form", { name: "Webinar registration" });
  await form.getByRole("button", { name: "Register free" }).click();
  await expect(form.getByText("This field is required")).toHaveCount(2);
  await form.getByLabel("Name").fill("Meera Shah");
  await form.getByLabel("Work email").fill("meera@example.com");
  await form.getByRole("textbox", { name: "Phone (optional)" }).fill("+1 (512) 555-0101");
  const country = form.getByRole("combobox", { name: "Country code" });
  await country.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await solveCaptcha(form);
  await form.getByRole("button", { name: "Register free" }).click();
  await expect(page).toHaveURL(/\/webinar-Success-email$/);
  expect(lead.bodies()).toEqual([
    {
      type: site.labels.webinar,
      info: title,
      email: "meera@example.com",
      phone: "115125550101",
      name: "Meera Shah",
      captcha: "fake-token",
      elapsed: expect.any(Number),
      attribution: expect.objectContaining({ page: expect.stringMatching(/^\/webinar\//) }),
    },
  ]);
  expect(webToLead[0].get("retURL")).toBe(`${ORIGIN}/webinar-Success-email`);
});

test("a failed registration alerts and keeps the details", async ({ page }) => {
  await fakeRecaptchaScript(page);
  await fakeLeadEndpoint(page, 502);
  const alerts = collectAlerts(page);
  await visit(page, path);
  const form = page.getByRole("form", { name: "Webinar registration" });
  await form.getByLabel("Name").fill("Meera Shah");
  await form.getByLabel("Work email").fill("meera@example.com");
  await solveCaptcha(form);
  await form.getByRole("button", { name: "Register free" }).click();
  await expect.poll(() => alerts).toEqual(["Some thing went wrong"]);
  await expect(form.getByLabel("Name")).toHaveValue("Meera Shah");
});
