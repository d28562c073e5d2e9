import type { Locator, Page, Request } from "@playwright/test";
import site from "../../content/site.json";
import {
  ANALYTICS,
  CALENDLY,
  fakeFor,
  RECAPTCHA,
  THIRD_PARTY,
  WEB_TO_LEAD,
  webToLeadAnswer,
} from "../support/third-party-fakes";

// The third parties' fakes (../support/third-party-fakes.ts) routed into a Playwright page, and a lead endpoint whose
// answer each test chooses.

export async function fakeRecaptchaScript(page: Page, { fail = false } = {}) {
  await page.route(RECAPTCHA, (route) => (fail ? route.abort() : route.fulfill(fakeFor(route.request().url())!)));
}

/** Solves the fake captcha of one form (the contact, newsletter and webinar forms ask for it). */
export async function solveCaptcha(form: Locator) {
  await form.getByRole("button", { name: "I'm not a robot" }).click();
  await form.getByRole("button", { name: "Verified" }).waitFor();
}

export async function fakeCalendlyScripts(page: Page, { fail = false } = {}) {
  await page.route(CALENDLY, (route) => {
    return fail ? route.abort() : route.fulfill(fakeFor(route.request().url())!);
  });
}

export async function fakeAnalytics(page: Page) {
  await page.route(ANALYTICS, (route) => route.fulfill(fakeFor(route.request().url())!));
}

/** Answers Web-to-Lead posts: into the hidden iframe a page, and a redirect to retURL when the page leaves. */
export async function fakeWebToLead(page: Page) {
  const posts: URLSearchParams[] = [];
  await page.route(WEB_TO_LEAD, (route) => {
    const fields = new URLSearchParams(route.request().postData() ?? "");
    posts.push(fields);
    return route.fulfill(webToLeadAnswer(fields, route.request().frame() === page.mainFrame()));
  });
  return posts;
}

export type LeadAnswer = number | "network-error";

/** Routes the lead endpoint to a chosen answer and records what the browser sent. */
export async function fakeLeadEndpoint(page: Page, answer: LeadAnswer = 200) {
  const requests: Request[] = [];
  await page.route("**/api/lead", (route) => {
    requests.push(route.request());
    if (answer === "network-error") return route.abort("failed");
    return route.fulfill({
      status: answer,
      contentType: "application/json",
      body: JSON.stringify({ ok: answer < 300 }),
    });
  });
  return {
    requests,
    bodies: () => requests.map((r) => JSON.parse(r.postData() ?? "null")),
  };
}

/** Every browser alert, answered at once. */
export function collectAlerts(page: Page) {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
}

/** Third-party URLs the page asked for. */
export function thirdPartyRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (THIRD_PARTY.test(request.url())) urls.push(request.url());
  });
  return urls;
}

export { ANALYTICS, CALENDLY, RECAPTCHA, site, THIRD_PARTY, WEB_TO_LEAD };
