import { spawnSync } from "child_process";
import type { Page } from "@playwright/test";
import { WEB_TO_LEAD_FAKE_PORT } from "../support/ports";
import { fakeRecaptchaScript, fakeWebToLead, site, solveCaptcha } from "./fakes";
import { expect, hydrationErrors, ORIGIN, test, visit } from "./fixtures";

// Issue 61: a campaign page (content/campaigns/org-health-check.md), made of the site's sections, whose form asks
// the campaign's own questions; sent with and without script, at a phone's width and a desktop's, it is stored
// once with its answers, and Salesforce's lead joins the campaign.

const CAMPAIGN = "/offers/org-health-check";
const CLOUDS = "Which Salesforce clouds do you use?";
const USERS = "How many Salesforce users do you have?";
const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** `npm run leads show` of the one submission of this address, as in a terminal. */
function shownFor(email: string): string {
  const run = (args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], {
      env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
      encoding: "utf8",
    }).stdout;
  const rows = run(["list", "--limit", "100000"])
    .split("\n")
    .filter((line) => line.includes(` ${email}`));
  expect(rows).toHaveLength(1);
  return run(["show", rows[0].slice(0, 8)]);
}

/** What the server's Web-to-Lead stand-in (playwright.config.ts) received for this address. */
const postedFor = async (email: string) =>
  ((await (await fetch(`http://127.0.0.1:${WEB_TO_LEAD_FAKE_PORT}/posts`)).json()) as Record<string, string>[]).filter(
    (fields) => fields.email === email,
  );

async function expectSections(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Know what is wrong with your Salesforce org in two weeks",
  );
  for (const heading of [
    "What we review",
    "Two weeks, four steps",
    "What a health check finds",
    "Book your org health check",
  ])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await expect(page.getByText("Steven K.")).toBeVisible();
  // the header keeps its logo and contact actions, without its menus
  await expect(page.getByRole("banner").getByRole("link", { name: "Services" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" })).toBeVisible();
}

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the sections show, a missing answer is asked again with the answers kept, then it is stored once", async ({
    page,
  }) => {
    test.slow();
    const email = unique("campaign-nojs");
    await page.goto(CAMPAIGN);
    await expectSections(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Noor Campaign");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill("Our org is seven years old.");
    await form
      .getByRole("group", { name: `${USERS} (optional)` })
      .getByLabel("50 to 250")
      .check();
    await form.getByRole("button", { name: "Request my health check" }).click();

    // the required question was left unanswered: the form again, with everything chosen and typed
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please answer the question");
    const again = page.locator("form");
    await expect(again.getByLabel("50 to 250")).toBeChecked();
    await expect(again.getByLabel("Email")).toHaveValue(email);
    const clouds = again.getByRole("group", { name: CLOUDS });
    await clouds.getByLabel("Sales Cloud").check();
    await clouds.getByLabel("Data Cloud").check();
    await again.getByRole("button", { name: "Request my health check" }).click();

    await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}/received$`));
    await expect(page.getByText("A certified architect will reply within one business day")).toBeVisible();
    const shown = shownFor(email);
    expect(shown).toContain(`  campaign: ${CAMPAIGN}`);
    expect(shown).toContain(`    ${CLOUDS} Sales Cloud, Data Cloud`);
    expect(shown).toContain(`    ${USERS} 50 to 250`);
    // the server posted it to Web-to-Lead (no script ran to), into the campaign, the answers in the description
    await expect.poll(async () => (await postedFor(email)).length).toBe(1);
    expect((await postedFor(email))[0]).toMatchObject({
      Campaign_ID: "701Hs00000OrgHC",
      member_status: "Responded",
      description: `${CLOUDS} Sales Cloud, Data Cloud\n${USERS} 50 to 250`,
    });
  });
});

test.describe("with JavaScript, on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the form asks the questions, says a missing answer, and sends them with the captcha", async ({ page }) => {
    test.slow();
    const email = unique("campaign-js");
    const errors = hydrationErrors(page);
    await fakeRecaptchaScript(page);
    const salesforce = await fakeWebToLead(page);
    await page.clock.install();
    await visit(page, CAMPAIGN);
    await expectSections(page);
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Jo Campaign");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill("Two orgs after an acquisition.");
    await solveCaptcha(form);
    await page.clock.fastForward(5_000); // a person takes a few seconds
    await form.getByRole("button", { name: "Request my health check" }).click();
    await expect(form.getByRole("group", { name: CLOUDS }).getByText("This field is required")).toBeVisible();

    await form.getByRole("group", { name: CLOUDS }).getByLabel("Service Cloud").check();
    await form.getByRole("group", { name: CLOUDS }).getByLabel("Revenue Cloud or CPQ").check();
    await form.getByRole("button", { name: "Request my health check" }).click();
    await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}/received$`));
    await expect(page.getByText("A certified architect will reply within one business day")).toBeVisible();

    const shown = shownFor(email);
    expect(shown).toContain(`    ${CLOUDS} Service Cloud, Revenue Cloud or CPQ`);
    expect(shown).toContain(`    ${USERS} (no answer)`);
    // the browser posted Web-to-Lead itself, into the campaign
    const posted = salesforce.find((fields) => fields.get("email") === email);
    expect(posted?.get("Campaign_ID")).toBe("701Hs00000OrgHC");
    // a form's post writes a line break as CR LF, as Salesforce reads it
    expect(posted?.get("description")?.replace(/\r\n/g, "\n")).toBe(
      `${CLOUDS} Service Cloud, Revenue Cloud or CPQ\n${USERS} (no answer)`,
    );
    expect(errors).toEqual([]);
  });
});

test("the endpoint refuses a choice not offered and a missing required answer with 400, storing nothing", async ({
  request,
}) => {
  const email = unique("campaign-400");
  const body = (answers: Record<string, string>) => ({
    type: site.labels.contact,
    name: "Refused",
    email,
    phone: "",
    info: "Checking the rules.",
    campaign: CAMPAIGN,
    ...answers,
  });
  const send = (answers: Record<string, string>) =>
    request.post("/api/lead", {
      data: JSON.stringify(body(answers)),
      headers: { "content-type": "text/plain;charset=UTF-8", origin: ORIGIN },
    });
  for (const [answers, field] of [
    [{ q1: "Quantum Cloud" }, "q1"],
    [{ q1: "" }, "q1"],
    [{ q1: "Sales Cloud", q2: "Ten thousand" }, "q2"],
  ] as const) {
    const answer = await send(answers);
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { field: string }).field).toBe(field);
  }
  const { stdout } = spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", "list", "--limit", "100000"], {
    env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
    encoding: "utf8",
  });
  expect(stdout).not.toContain(email);
});
