import type { Page } from "@playwright/test";
import { TEST_SERVER_PORTS } from "../support/ports";
import { mailServer } from "../support/recording-server";
import { SEEDED } from "../support/seeded-comments";
import { expect, layoutShifts, test, visit, watchLayoutShifts } from "./fixtures";
import { startServer } from "./servers";

// Comments readers can see: approved ones in the built page, those approved since fetched by the page, and the
// moderator's e-mail, link and confirmation in between.

const seededPost = SEEDED[0].path;
const seededOld = SEEDED[3].path;
const section = (page: Page) => page.getByRole("region", { name: /comment/i });

test("the built page holds its approved comments, with their count, as text; not the pending or rejected ones", async ({
  request,
}) => {
  const html = await (await request.get(seededPost)).text();
  expect(html).toContain(">1 comment</h2>");
  expect(html).toContain("<strong>Priya from Pune</strong>");
  expect(html).toContain(">Approved before the build.</p>");
  expect(html).toContain(">We ran the checklist with our admins. Notes at https://example.com/notes</p>");
  expect(html).not.toContain('href="https://example.com/notes"');
  expect(html).not.toContain("Waiting Reader");
  expect(html).not.toContain("Rejected Reader");
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]))
    .flat()
    .find((block) => block["@type"] === "BlogPosting");
  expect(jsonLd).toMatchObject({
    commentCount: 1,
    comment: [{ "@type": "Comment", author: { name: "Priya from Pune" }, text: SEEDED[0].text }],
  });
});

test("a post from the archive shows its approved comments and no form", async ({ page }) => {
  await visit(page, seededOld);
  await expect(section(page).getByRole("heading", { name: "1 comment" })).toBeVisible();
  await expect(section(page).getByText("An old post, still read.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Comment" })).toHaveCount(0);
});

test("a comment approved after the build appears without a rebuild: fetched only as the section nears, nothing moves", async ({
  page,
}) => {
  // approved in a terminal while the site runs: `npm run leads -- approve`, a guest of the test server's store
  const { spawnSync } = await import("child_process");
  const leads = (...args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], {
      env: { ...process.env, LEADS_STORE_DIR: ".data/e2e-store" },
      encoding: "utf8",
    }).stdout;
  const pending = /^([0-9a-f]{8})\s.*Waiting Reader/m.exec(leads("comments"));
  if (pending) expect(leads("approve", pending[1])).toContain("Approved: Waiting Reader");

  // every shift, those just after an input too: nothing on the page may move when the comments come
  await watchLayoutShifts(page, { withInput: true });
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/api/comments") && asked.push(r.url()));
  const answered = page.waitForResponse((r) => r.url().includes("/api/comments"));
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, seededPost);
  expect(asked).toEqual([]);
  await expect(section(page).getByRole("heading", { name: "1 comment" })).toBeAttached();

  // a reader scrolls down the post, a few lines at a time, until the newly approved comment is on screen
  const approvedSince = section(page).getByText("Still pending.");
  // where it is: on screen, above it (the reader scrolled past while it came), or not yet there or below
  const place = async () => {
    if ((await approvedSince.count()) === 0) return "below";
    const [bottom, height] = await approvedSince.evaluate((p) => [p.getBoundingClientRect().bottom, innerHeight]);
    return bottom < 0 ? "above" : bottom > height ? "below" : "shown";
  };
  for (let i = 0, at = await place(); i < 80 && at !== "shown"; i++, at = await place()) {
    // once asked, the reader's next lines wait for the answer: Netlify's local emulation starts a worker for each
    // invocation (about a second here, tens of ms on Netlify), and this test is of the page, not of the emulation
    if (asked.length) await answered;
    await page.mouse.wheel(0, at === "above" ? -300 : 300);
    await page.waitForTimeout(50);
  }
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]).searchParams.get("path")).toBe(seededPost);
  await expect(section(page).getByRole("heading", { level: 2 })).toHaveText("2 comments");
  await expect(approvedSince).toBeInViewport();
  expect(await layoutShifts(page)).toEqual([]);
});

test.describe("moderation by e-mail", () => {
  test("post a comment → the moderator's e-mail → Approve → confirm → the post shows it; a rejected one never", async ({
    page,
  }) => {
    const smtp = await mailServer();
    const server = await startServer(TEST_SERVER_PORTS.moderation, {
      SMTP_URL: smtp.url,
      COMMENTS_MODERATOR: "editor@tidewell.example",
    });
    const post = `${server.origin}/blog/data-cloud-first-90-days`;
    const postComment = async (name: string, text: string) => {
      await page.goto(post);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const form = page.getByRole("form", { name: "Comment" });
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByLabel("Email", { exact: true }).fill(`${name.toLowerCase()}@example.com`);
      await form.getByLabel("Comment", { exact: true }).fill(text);
      await page.clock.fastForward(4_000); // a person takes a few seconds to write
      await form.getByRole("button", { name: "Post comment" }).click();
      await expect(form.getByRole("status")).toHaveText(
        "Comment posted successfully! It will appear here once a moderator approves it.",
      );
      await expect.poll(() => smtp.mails.filter((m) => m.text.includes(text)).length).toBe(1);
      return smtp.mails.find((m) => m.text.includes(text))!;
    };
    const follow = async (mail: (typeof smtp.mails)[number], verb: "Approve" | "Reject") => {
      const link = new RegExp(`^${verb}: (\\S+)$`, "m").exec(mail.text)![1];
      expect(new URL(link).origin).toBe(server.origin);
      await page.goto(link);
      await expect(page.getByRole("heading", { name: `${verb} this comment?` })).toBeVisible();
      await page.getByRole("button", { name: `${verb} comment` }).click();
      await expect(
        page.getByRole("heading", { name: verb === "Approve" ? "Comment approved" : "Comment rejected" }),
      ).toBeVisible();
    };
    const shownComments = async () => {
      await page.goto(post);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await section(page).scrollIntoViewIfNeeded();
      return section(page);
    };
    // two comments, each through the functions' local emulation four times (post, mail, the link's page, its
    // confirmation): on a slow machine one call there takes seconds (docs/store.md), so 60 s was not always enough
    test.setTimeout(120_000);
    await page.clock.install();
    try {
      const mail = await postComment("Ravi", "The 90-day plan matched our rollout.");
      expect(mail.to).toEqual(["editor@tidewell.example"]);
      expect(mail.header("subject")).toBe("A comment to approve: /blog/data-cloud-first-90-days");
      await follow(mail, "Approve");
      let shown = await shownComments();
      await expect(shown.getByRole("heading", { name: "1 comment" })).toBeVisible();
      await expect(shown.getByText("The 90-day plan matched our rollout.")).toBeVisible();
      await expect(shown.getByText("Ravi", { exact: true })).toBeVisible();

      await follow(await postComment("Spammer", "Buy followers now."), "Reject");
      shown = await shownComments();
      await expect(shown.getByRole("heading", { name: "1 comment" })).toBeVisible();
      await expect(shown.getByText("Buy followers now.")).toHaveCount(0);

      // a mail scanner that opens the link changes nothing; a link whose signature was altered gets 403
      const approve = new URL(/^Approve: (\S+)$/m.exec(mail.text)![1]);
      approve.searchParams.set("signature", "forged");
      expect((await page.request.get(approve.toString())).status()).toBe(403);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
