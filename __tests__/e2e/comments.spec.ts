import { expect, test, visit, ORIGIN } from "./fixtures";
import { collectAlerts, fakeLeadEndpoint, site } from "./fakes";
import { postPaths } from "../support/spec-routes";

const current = postPaths().find((p) => !p.includes("/old-posts/"))!;
const old = postPaths().find((p) => p.includes("/old-posts/"))!;
const commentForm = (page: import("@playwright/test").Page) => page.getByRole("form", { name: "Comment" });

test("posts show the comment form; posts under /blog/old-posts/ do not", async ({ page }) => {
  await visit(page, current);
  await expect(commentForm(page)).toBeVisible();
  await expect(
    commentForm(page).getByLabel("Save my name and email in this browser for the next time I comment"),
  ).toBeVisible();
  await visit(page, old);
  await expect(commentForm(page)).toHaveCount(0);
});

test("blank fields, after trimming, say which is required", async ({ page }) => {
  const lead = await fakeLeadEndpoint(page, 200);
  await visit(page, current);
  await commentForm(page).getByLabel("Name", { exact: true }).fill("   ");
  await commentForm(page).getByRole("button", { name: "Post comment" }).click();
  for (const message of ["Name is required.", "Email is required.", "Comment is required."])
    await expect(commentForm(page).getByText(message)).toBeVisible();
  expect(lead.requests).toHaveLength(0);
});

test("an ok answer sends the body, clears the fields, thanks for 5 s and remembers the details when asked", async ({
  page,
}) => {
  await page.clock.install();
  const lead = await fakeLeadEndpoint(page, 201);
  await visit(page, current);
  const f = commentForm(page);
  await f.getByLabel("Name", { exact: true }).fill(" Ravi ");
  await f.getByLabel("Email", { exact: true }).fill("ravi@example.com");
  await f.getByLabel("Comment", { exact: true }).fill("Useful checklist.");
  await f.getByLabel(/Save my name/).check();
  // the page's clock stands still from the press on: the message's 5 s are the test's alone to count, however long
  // the checks below take (time that ran on by itself hid the message early on a busy machine)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await f.getByRole("button", { name: "Post comment" }).click();
  await expect(f.getByText("Comment posted successfully!")).toBeVisible();
  // beside the spec's message, the visitor reads that comments are moderated
  await expect(f.getByRole("status")).toHaveText(
    "Comment posted successfully! It will appear here once a moderator approves it.",
  );
  expect(lead.bodies()).toEqual([
    {
      name: "Ravi",
      email: "ravi@example.com",
      comment: "Useful checklist.",
      url: `${ORIGIN}${current}`,
      type: site.labels.comment,
      elapsed: expect.any(Number),
      // where the visit came from: this page, which it was loaded at, and no referrer (docs/store.md)
      attribution: { landing_page: current, page: current, referrer: "" },
    },
  ]);
  await expect(f.getByLabel("Comment", { exact: true })).toHaveValue("");
  await expect(f.getByLabel("Name", { exact: true })).toHaveValue("");
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({
    saveDetails: "true",
    name: "Ravi",
    email: "ravi@example.com",
  });
  await page.clock.runFor(4_500);
  await expect(f.getByText("Comment posted successfully!")).toBeVisible();
  await page.clock.runFor(600);
  await expect(f.getByText("Comment posted successfully!")).toBeHidden();
  await page.clock.resume();

  await visit(page, current);
  await expect(f.getByLabel("Name", { exact: true })).toHaveValue("Ravi");
  await expect(f.getByLabel("Email", { exact: true })).toHaveValue("ravi@example.com");
  await expect(f.getByLabel(/Save my name/)).toBeChecked();

  await f.getByLabel(/Save my name/).uncheck();
  await f.getByLabel("Comment", { exact: true }).fill("Second thought.");
  await f.getByRole("button", { name: "Post comment" }).click();
  await expect(f.getByText("Comment posted successfully!")).toBeVisible();
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
});

test("a failed answer alerts 'Failed to post comment. Please try again.' and keeps the comment", async ({ page }) => {
  await fakeLeadEndpoint(page, 500);
  const alerts = collectAlerts(page);
  await visit(page, current);
  const f = commentForm(page);
  await f.getByLabel("Name", { exact: true }).fill("Ravi");
  await f.getByLabel("Email", { exact: true }).fill("ravi@example.com");
  await f.getByLabel("Comment", { exact: true }).fill("Keep this.");
  await f.getByRole("button", { name: "Post comment" }).click();
  await expect.poll(() => alerts).toEqual(["Failed to post comment. Please try again."]);
  await expect(f.getByLabel("Comment", { exact: true })).toHaveValue("Keep this.");
});

test("blocked storage never breaks the form", async ({ page }) => {
  await page.addInitScript(() => {
    const blocked = {
      get: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    Object.defineProperty(window, "localStorage", blocked);
    Object.defineProperty(window, "sessionStorage", blocked);
  });
  await fakeLeadEndpoint(page, 200);
  await visit(page, current);
  const f = commentForm(page);
  await f.getByLabel("Name", { exact: true }).fill("Ravi");
  await f.getByLabel("Email", { exact: true }).fill("ravi@example.com");
  await f.getByLabel("Comment", { exact: true }).fill("Private mode.");
  await f.getByLabel(/Save my name/).check();
  await f.getByRole("button", { name: "Post comment" }).click();
  await expect(f.getByText("Comment posted successfully!")).toBeVisible();
});
