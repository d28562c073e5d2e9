import { spawnSync } from "child_process";
import { mkdtempSync, readFileSync } from "fs";
import os from "os";
import path from "path";
import type { Page } from "@playwright/test";
import jobs from "../../content/jobs.json";
import { fakeRecaptchaScript } from "./fakes";
import { expect, test, visit } from "./fixtures";

// A job seeker applies on /careers (issue 36), with a browser that runs no JavaScript and with one that does: the
// page they reach, and what the hiring team finds: the row (`npm run leads`, as in a terminal) and the CV written
// out of the local blob store byte for byte.

const STORE = { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" };
const leads = (args: string[]) =>
  spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], { env: STORE, encoding: "utf8" });

/** The store's rows of one e-mail address, as `npm run leads list` prints them. */
const storedRows = (email: string) =>
  leads(["list", "--limit", "100000"])
    .stdout.split("\n")
    .filter((line) => line.includes(` ${email}`));

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const opening = jobs[1].title;
const pdf = (who: string) => Buffer.from(`%PDF-1.4\n% the CV of ${who}\n${"x".repeat(20_000)}\n%%EOF\n`);

/** The opening's Apply control, opened: a disclosure, so it opens without script as with it. */
async function openApplication(page: Page) {
  const job = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: opening, exact: true }) });
  await job.locator("summary", { hasText: "Apply" }).click();
  const form = page.getByRole("form", { name: `Application: ${opening}` });
  await expect(form).toBeVisible();
  return form;
}

/** The CV the hiring team gets out of the store with `npm run leads -- cv ID FILE`. */
function cvOf(row: string): Buffer {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "cv-")), "cv.pdf");
  const run = leads(["cv", row.slice(0, 8), out]);
  expect(run.status, run.stdout + run.stderr).toBe(0);
  return readFileSync(out);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an application with its CV reaches the received page and the store", async ({ page }) => {
    const email = unique("nojs-apply");
    const cv = pdf(email);
    await page.goto("/careers");
    const form = await openApplication(page);
    await form.getByLabel("Name").fill("Ravi No-Script");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9820012345");
    await form.getByLabel("LinkedIn or portfolio").fill("https://www.linkedin.com/in/ravi-example");
    await form.getByLabel("A short note").fill("Happy to relocate.");
    await form.getByLabel("Your CV").setInputFiles({ name: "Ravi CV.pdf", mimeType: "application/pdf", buffer: cv });
    await form.getByRole("button", { name: "Send application" }).click();

    await expect(page).toHaveURL(/\/application-received$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application is received");
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/\sapplication\s/);
    const shown = leads(["show", rows[0].slice(0, 8)]).stdout;
    expect(shown).toContain(`opening: ${opening}`);
    expect(shown).toContain("CV file: Ravi CV.pdf (PDF,");
    expect(shown).toContain("captcha: sent without captcha");
    expect(cvOf(rows[0]).equals(cv)).toBe(true);
  });

  test("a renamed program gets the form again, what was typed kept, and nothing stored", async ({ page }) => {
    const email = unique("nojs-program");
    await page.goto("/careers");
    const form = await openApplication(page);
    await form.getByLabel("Name").fill("Ravi Renamed");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9820012345");
    const program = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048)]);
    await form.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: program });
    await form.getByRole("button", { name: "Send application" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please choose your CV again");
    await expect(page.getByLabel("Name")).toHaveValue("Ravi Renamed");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    expect(storedRows(email)).toEqual([]);
  });
});

test.describe("with JavaScript", () => {
  const think = (page: Page) => page.clock.fastForward(5_000); // a person takes a few seconds

  test("the form sends multipart with the CV, goes on to the received page, and is stored once", async ({ page }) => {
    const email = unique("js-apply");
    const cv = pdf(email);
    await fakeRecaptchaScript(page);
    await page.clock.install();
    await visit(page, "/careers");
    const form = await openApplication(page);
    await form.getByLabel("Name").fill("Asha Script");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9820012345");
    await form.getByLabel("Your CV").setInputFiles({ name: "asha.pdf", mimeType: "application/pdf", buffer: cv });
    // the captcha first, as on the contact form
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByText("Please verify reCAPTCHA")).toBeVisible();
    await form.getByRole("button", { name: "I'm not a robot" }).click();
    await think(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/lead"));
    await form.getByRole("button", { name: "Send application" }).click();
    expect((await sent).headers()["content-type"]).toMatch(/^multipart\/form-data/);

    await expect(page).toHaveURL(/\/application-received$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application is received");
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    const shown = leads(["show", rows[0].slice(0, 8)]).stdout;
    expect(shown).toContain("CV file: asha.pdf (PDF,");
    expect(shown).not.toContain("captcha:");
    expect(cvOf(rows[0]).equals(cv)).toBe(true);
  });

  test("a file over 4 MB is refused in the form, naming the limit, and nothing is sent", async ({ page }) => {
    test.setTimeout(90_000); // 5 MB into the file field takes a while on a busy machine
    await fakeRecaptchaScript(page);
    await visit(page, "/careers");
    const form = await openApplication(page);
    let posts = 0;
    page.on("request", (r) => (r.url().endsWith("/api/lead") ? (posts += 1) : undefined));
    await form.getByLabel("Name").fill("Big File");
    await form.getByLabel("Email").fill(unique("js-big"));
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9820012345");
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5 * 1024 * 1024)]);
    await form.getByLabel("Your CV").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: big });
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "at most 4 MB" })).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Big File");
    expect(posts).toBe(0);
  });
});
