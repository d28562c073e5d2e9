import { spawnSync } from "child_process";
import type { Page } from "@playwright/test";
import { postPaths, webinarPaths } from "../support/spec-routes";
import { fakeRecaptchaScript, fakeWebToLead, solveCaptcha } from "./fakes";
import { expect, scrolledTo, test, visit } from "./fixtures";

// Every form, sent by a visitor whose browser runs no JavaScript and by one whose browser does: the page they
// reach, and what the company finds in the store (the server's own, read with `npm run leads` as in a terminal).

const post = postPaths().find((p) => !p.includes("/old-posts/"))!;
const webinar = webinarPaths()[0];

/** The store's rows of one e-mail address, as `npm run leads list` prints them. */
function storedRows(email: string): string[] {
  const { stdout } = spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", "list", "--limit", "100000"], {
    env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
    encoding: "utf8",
  });
  return stdout.split("\n").filter((line) => line.includes(` ${email}`));
}

/** One submission's fields and deliveries, as `npm run leads show` prints them. */
function shown(row: string): string {
  return spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", "show", row.slice(0, 8)], {
    env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
    encoding: "utf8",
  }).stdout;
}

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Every address the tab asked for or showed: none may hold what the visitor typed. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => seen.push(request.url()));
  page.on("framenavigated", (frame) => seen.push(frame.url()));
  return seen;
}

const withoutTyped = (addresses: string[], email: string) => {
  const local = email.split("@")[0];
  expect(addresses.filter((url) => url.includes(local) || decodeURIComponent(url).includes(email))).toEqual([]);
};

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact page's form reaches the company, once, marked sent without captcha", async ({ page }) => {
    const email = unique("nojs-contact");
    const addresses = addressesOf(page);
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Noor Script-Free");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("textbox", { name: "Phone (optional)" }).fill("98200 12345");
    await form.getByLabel("Message").fill("We need help with Service Cloud.");
    await form.getByRole("button", { name: "Send message" }).click();

    await expect(page).toHaveURL(/\/contact-received$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your message is sent");
    await expect(page.getByRole("banner")).toBeVisible(); // in the site's layout
    withoutTyped(addresses, email);
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    // stored, then delivered to Salesforce by the server (a local stand-in here): no script, no browser post
    expect(rows[0]).toMatch(/\scontact\s+delivered\s+Website\s+Noor Script-Free/);
    const fields = shown(rows[0]);
    expect(fields).toContain("phone: 919820012345");
    expect(fields).toContain("captcha: sent without captcha");
  });

  test("a bad field gets a page naming it, with everything typed kept, that sends once fixed", async ({ page }) => {
    const email = unique("nojs-fix");
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Ola <b>Bold</b>");
    await form.getByLabel("Email").fill(email.replace("@", " at "));
    await form.getByLabel("Message").fill("Line one\nLine <script>two</script>");
    await form.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your email address");
    await expect(page.getByText("should look like name@company.com")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByLabel("Name")).toHaveValue("Ola <b>Bold</b>");
    await expect(page.getByLabel("Message")).toHaveValue("Line one\nLine <script>two</script>");
    const bad = page.getByLabel("Email");
    await expect(bad).toHaveValue(email.replace("@", " at "));
    await expect(bad).toHaveAttribute("aria-invalid", "true");
    await expect(bad).toBeFocused();
    expect(storedRows(email)).toEqual([]);

    await bad.fill(email);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact-received$/);
    expect(storedRows(email)).toHaveLength(1);
  });

  test("the footer's newsletter subscribes with a post, the address in no URL, and shows /success-email", async ({
    page,
  }) => {
    const email = unique("nojs-news");
    const addresses = addressesOf(page);
    await page.goto("/pricing");
    // no script: no frames to wait on for the layout to settle (scrolledTo), and nothing moves it
    const form = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox to confirm");
    withoutTyped(addresses, email);
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/\snewsletter\s+delivered/);
  });

  test("a comment on a post is stored once for that post, awaiting moderation", async ({ page }) => {
    const email = unique("nojs-comment");
    await page.goto(post);
    const form = page.getByRole("form", { name: "Comment" });
    await form.getByLabel("Name", { exact: true }).fill("Ines");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Comment", { exact: true }).fill("Read without script, and useful.");
    await form.getByRole("button", { name: "Post comment" }).click();
    await expect(page).toHaveURL(/\/comment-received$/);
    await expect(page.getByText("once a moderator approves it")).toBeVisible();
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    expect(shown(rows[0])).toMatch(new RegExp(`url: http://127\\.0\\.0\\.1:\\d+${post}\\n`));
  });

  test("a webinar registration is stored once with its title and shows /webinar-Success-email", async ({ page }) => {
    const email = unique("nojs-webinar");
    await page.goto(webinar);
    const title = (await page.locator("h1").textContent())!;
    const form = page.getByRole("form", { name: "Webinar registration" });
    await form.getByLabel("Name").fill("Wen");
    await form.getByLabel("Work email").fill(email);
    await form.getByRole("textbox", { name: "Phone (optional)" }).fill("+1 512 555 0101");
    await form.getByRole("button", { name: "Register free" }).click();
    await expect(page).toHaveURL(/\/webinar-Success-email$/);
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    const fields = shown(rows[0]);
    expect(fields).toContain(`info: ${title}`);
    expect(fields).toContain("phone: 15125550101");
  });
});

test.describe("with JavaScript, the same forms", () => {
  /** React's hydration errors in the console: the forms' markup must be the same before and after. */
  function hydrationErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|did not match|#41[89]|#42[35]/i.test(m.text())) errors.push(m.text());
    });
    return errors;
  }
  const think = (page: Page) => page.clock.fastForward(5_000); // a person takes a few seconds

  test("the contact page's form sends JSON as before, thanks in place, and is stored once", async ({ page }) => {
    const email = unique("js-contact");
    const errors = hydrationErrors(page);
    await fakeRecaptchaScript(page);
    await fakeWebToLead(page);
    await page.clock.install();
    await visit(page, "/contact");
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Jo Script");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill("Sent with script.");
    await form.getByRole("button", { name: "I'm not a robot" }).click();
    await think(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/lead"));
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await sent).headers()["content-type"]).toMatch(/^text\/plain/);
    await expect(form.getByText("Your message is sent.", { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    const rows = storedRows(email);
    expect(rows).toHaveLength(1);
    expect(shown(rows[0])).not.toContain("captcha:");
    expect(errors).toEqual([]);
  });

  test("the newsletter, a comment and a webinar registration reach their pages and are stored once", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await fakeWebToLead(page);
    await fakeRecaptchaScript(page);
    await page.clock.install();
    const [news, comment, registration] = [unique("js-news"), unique("js-comment"), unique("js-webinar")];

    await visit(page, "/pricing");
    const newsletter = await scrolledTo(page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" }));
    await newsletter.getByLabel("Email address").fill(news);
    await solveCaptcha(newsletter);
    await think(page);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);
    expect(page.url()).not.toContain(news.split("@")[0]);

    await visit(page, post);
    const commentForm = page.getByRole("form", { name: "Comment" });
    await commentForm.getByLabel("Name", { exact: true }).fill("Kai");
    await commentForm.getByLabel("Email", { exact: true }).fill(comment);
    await commentForm.getByLabel("Comment", { exact: true }).fill("Posted with script.");
    await think(page);
    await commentForm.getByRole("button", { name: "Post comment" }).click();
    await expect(commentForm.getByText("Comment posted successfully!")).toBeVisible();

    await visit(page, webinar);
    const form = page.getByRole("form", { name: "Webinar registration" });
    await form.getByLabel("Name").fill("Lee");
    await form.getByLabel("Work email").fill(registration);
    await solveCaptcha(form);
    await think(page);
    await form.getByRole("button", { name: "Register free" }).click();
    await expect(page).toHaveURL(/\/webinar-Success-email$/);

    for (const [email, kind] of [
      [news, "newsletter"],
      [comment, "comment"],
      [registration, "webinar"],
    ]) {
      const rows = storedRows(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(new RegExp(`\\s${kind}\\s+received`));
    }
    expect(errors).toEqual([]);
  });
});
