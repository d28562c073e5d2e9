import { spawnSync } from "child_process";
import type { Page } from "@playwright/test";
import site from "../../content/site.json";
import { WEB_TO_LEAD_FAKE_PORT } from "../support/ports";
import { postPaths } from "../support/spec-routes";
import { fakeRecaptchaScript, fakeWebToLead, solveCaptcha } from "./fakes";
import { expect, scrolledTo, test } from "./fixtures";

// Issue 33: every lead lands in the CRM, with where it came from (docs/store.md#where-a-lead-came-from,
// docs/store.md#salesforce). What the company finds is read as an operator reads it: `npm run leads show`.

const post = postPaths().find((p) => !p.includes("/old-posts/"))!;
const CAMPAIGN = "?utm_source=linkedin&utm_medium=social&utm_campaign=q4-agentforce";
const banner = (page: Page) => page.getByRole("dialog", { name: "Cookies and your privacy" });
const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const leads = (...args: string[]) =>
  spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], {
    env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
    encoding: "utf8",
  }).stdout;

/** `npm run leads show` of the one submission of this address. */
function shownFor(email: string): string {
  const rows = leads("list", "--limit", "100000")
    .split("\n")
    .filter((line) => line.includes(` ${email}`));
  expect(rows).toHaveLength(1);
  return leads("show", rows[0].slice(0, 8));
}

/** Lands on a post from a LinkedIn campaign post, as the visitor's browser would. */
async function landFromCampaign(page: Page) {
  await page.goto(`${post}${CAMPAIGN}`, { referer: "https://www.linkedin.com/feed/update/urn:li:activity:1/" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The contact page's own form, sent with the captcha solved. */
async function sendContact(page: Page, email: string) {
  const form = page.getByRole("main").getByRole("form", { name: "Contact" });
  await form.getByLabel("Name").fill("Asha Rao");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("We saw your Agentforce post.");
  await form.getByRole("button", { name: "I'm not a robot" }).click();
  await form.getByRole("button", { name: "Send message" }).click();
  // the endpoint answers once the lead is stored and its deliveries tried (up to LEAD_DELIVERY_WAIT_MS)
  await expect(form.getByText("Your message is sent.", { exact: false })).toBeVisible();
}

test.describe("a visitor from a campaign", () => {
  test.use({ consent: null });
  // journeys over several pages, each page waiting for the store
  test.slow();

  test("who accepts analytics and writes from another page is stored with the campaign, landing page and channel", async ({
    page,
  }) => {
    await fakeRecaptchaScript(page);
    const webToLead = await fakeWebToLead(page);
    // the welcome popup (30 s after the first page) would come between this journey's clicks: shown already
    await page.addInitScript(() => sessionStorage.setItem("popupShown", "true"));
    const email = unique("campaign-accept");
    await landFromCampaign(page);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("firstTouch") ?? "null"))).toMatchObject({
      landing_page: post,
      utm_campaign: "q4-agentforce",
    });
    // two pages later, the second a new document: the first touch is still this tab's
    await page.getByRole("banner").getByRole("link", { name: "Pricing" }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto("/contact");
    await sendContact(page, email);

    const shown = shownFor(email);
    expect(shown).toContain("  channel: Social, sent by the site's script");
    expect(shown).toContain(`  landing_page: ${post}`);
    expect(shown).toContain("  page: /contact");
    expect(shown).toContain("  referrer: https://www.linkedin.com");
    expect(shown).toContain("  utm_campaign: q4-agentforce");
    expect(shown).toContain("  utm_source: linkedin");
    // the browser's Web-to-Lead post carries it to Salesforce
    await expect.poll(() => webToLead.length).toBe(1);
    expect(Object.fromEntries(webToLead[0])).toMatchObject({
      lead_source: "Social",
      UTM_Campaign__c: "q4-agentforce",
      Landing_Page__c: post,
      Form_Page__c: "/contact",
      Referrer__c: "https://www.linkedin.com",
    });

    // withdrawing consent deletes it
    await (await scrolledTo(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }))).click();
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await settings.getByRole("button", { name: "Reject all" }).click();
    await expect(settings).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("firstTouch"))).toBeNull();
  });

  test("who rejects analytics and writes after moving on is stored with none of the campaign", async ({ page }) => {
    await fakeRecaptchaScript(page);
    const email = unique("campaign-reject");
    await landFromCampaign(page);
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("firstTouch"))).toBeNull();
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await sendContact(page, email);

    const shown = shownFor(email);
    expect(shown).toContain("  page: /contact");
    expect(shown).not.toMatch(/utm_|landing_page|gclid/);
    // nothing of the visit is kept on the device (Gatsby's own scroll positions and the popup's flag say nothing of it)
    const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(kept).not.toMatch(/firstTouch|q4-agentforce|linkedin|utm_/);
  });

  test("who writes on the landing page keeps its campaign without any consent", async ({ page }) => {
    await fakeWebToLead(page);
    await fakeRecaptchaScript(page);
    const email = unique("campaign-landing");
    await landFromCampaign(page);
    const footer = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
    await (await scrolledTo(footer.getByLabel("Email address"))).fill(email);
    await solveCaptcha(footer);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);
    const shown = shownFor(email);
    expect(shown).toContain("  utm_campaign: q4-agentforce");
    expect(shown).toContain(`  landing_page: ${post}`);
    expect(shown).toContain("  channel: Social, sent by the site's script");
  });
});

test.describe("Salesforce Web-to-Lead", () => {
  test.slow();
  /** What the local Web-to-Lead stand-in (playwright.config.ts) received for this address. */
  const postedFor = async (email: string) => {
    const posts = (await (await fetch(`http://127.0.0.1:${WEB_TO_LEAD_FAKE_PORT}/posts`)).json()) as Record<
      string,
      string
    >[];
    return posts.filter((fields) => fields.email === email);
  };

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a lead reaches Salesforce exactly once, from the server, with the page it came from", async ({ page }) => {
      const email = unique("nojs-w2l");
      await page.goto(`/contact${CAMPAIGN}`);
      const form = page.getByRole("main").getByRole("form", { name: "Contact" });
      await form.getByLabel("Name").fill("Noor");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Message").fill("No script here.");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(page).toHaveURL(/\/contact-received$/);
      await expect.poll(async () => (await postedFor(email)).length).toBe(1);
      expect((await postedFor(email))[0]).toMatchObject({
        oid: site.webToLead.oid,
        lead_source: "Social",
        first_name: "Noor",
        Form_Page__c: "/contact",
        UTM_Campaign__c: "q4-agentforce",
      });
      const shown = shownFor(email);
      expect(shown).toMatch(
        / {2}delivery to salesforce: delivered, 1 attempt, delivered .+ \(Web-to-Lead answered 200\)/,
      );
      expect(shown).toContain("  channel: Social, sent without script (a form post)");
      // a while later, still once: no retry, no second poster
      await page.waitForTimeout(1_000);
      expect(await postedFor(email)).toHaveLength(1);
    });
  });

  test("with script, the browser posts the lead once and the server never does, in the default mode", async ({
    page,
  }) => {
    const browserPosts = await fakeWebToLead(page);
    await fakeRecaptchaScript(page);
    const email = unique("js-w2l");
    await page.goto("/pricing");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const footer = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
    await (await scrolledTo(footer.getByLabel("Email address"))).fill(email);
    await solveCaptcha(footer);
    // a person takes a few seconds; a form sent under 2 s after it was shown is stored as spam (src/server/spam.ts)
    await page.waitForTimeout(2_500);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);
    expect(browserPosts.filter((fields) => fields.get("email") === email)).toHaveLength(1);
    await page.waitForTimeout(1_500);
    expect(await postedFor(email)).toEqual([]);
    expect(shownFor(email)).toContain("Salesforce: posted by the visitor's browser");
  });
});
