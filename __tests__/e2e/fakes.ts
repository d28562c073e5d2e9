import type { Locator, Page, Request } from "@playwright/test";
import site from "../../content/site.json";

// Small fakes of the third-party services, and a lead endpoint whose answer each test chooses.

export const RECAPTCHA = /^https:\/\/www\.google\.com\/recaptcha\/api\.js/;
export const CALENDLY = /^https:\/\/assets\.calendly\.com\/assets\/external\/widget\.(js|css)/;
export const ANALYTICS = /^https:\/\/www\.googletagmanager\.com\/gtag\/js/;
export const WEB_TO_LEAD = /^https:\/\/webto\.salesforce\.com\//;
export const THIRD_PARTY = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;

const fakeRecaptcha = `
  window.grecaptcha = {
    render: function (el, params) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = "I'm not a robot";
      b.onclick = function () { b.textContent = "Verified"; params.callback("fake-token"); };
      el.appendChild(b);
      return 0;
    },
    reset: function () {}, getResponse: function () { return ""; }, execute: function () {}
  };
  (function () {
    var script = document.currentScript;
    var callbackName = new URL(script.src).searchParams.get("onload");
    // like Google's script, call back once the widget code is ready, after this script's load event
    script.addEventListener("load", function () {
      setTimeout(function () { if (callbackName && window[callbackName]) window[callbackName](); }, 0);
    });
  })();
`;

const fakeCalendly = `
  window.Calendly = { initPopupWidget: function (o) {
    var d = document.createElement("div"); d.className = "calendly-overlay"; d.dataset.url = o.url;
    d.textContent = "Scheduling popup"; document.body.appendChild(d);
  } };
`;

export async function fakeRecaptchaScript(page: Page, { fail = false } = {}) {
  await page.route(RECAPTCHA, (route) =>
    fail ? route.abort() : route.fulfill({ contentType: "application/javascript", body: fakeRecaptcha }),
  );
}

/** Solves the fake captcha of one form (the contact, newsletter and webinar forms ask for it). */
export async function solveCaptcha(form: Locator) {
  await form.getByRole("button", { name: "I'm not a robot" }).click();
  await form.getByRole("button", { name: "Verified" }).waitFor();
}

export async function fakeCalendlyScripts(page: Page, { fail = false } = {}) {
  await page.route(CALENDLY, (route) => {
    if (fail) return route.abort();
    const css = route.request().url().endsWith(".css");
    return route.fulfill({
      contentType: css ? "text/css" : "application/javascript",
      body: css ? ".calendly-overlay{}" : fakeCalendly,
    });
  });
}

// Stands in for gtag.js as far as consent goes: it reads the commands queued in dataLayer and those pushed later,
// keeps Consent Mode's state, and sets the _ga cookie on `config` (or on a later grant) only while
// analytics_storage is granted, as Google's tag does. window.__gtagCalls lists every command it saw, in order.
const fakeGtag = `
  (function () {
    var granted = false, configured = false;
    window.__gtagLoaded = true;
    window.__gtagCalls = [];
    function store() { if (granted && configured) document.cookie = "_ga=GA1.1.123.456; path=/; max-age=63072000"; }
    function run(args) {
      var call = Array.prototype.slice.call(args);
      window.__gtagCalls.push(call);
      if (call[0] === "consent" && call[2] && call[2].analytics_storage) granted = call[2].analytics_storage === "granted";
      if (call[0] === "config") configured = true;
      store();
    }
    var layer = window.dataLayer = window.dataLayer || [];
    layer.forEach(run);
    var push = layer.push;
    layer.push = function (args) { run(args); return push.apply(layer, arguments); };
  })();
`;

export async function fakeAnalytics(page: Page) {
  await page.route(ANALYTICS, (route) => route.fulfill({ contentType: "application/javascript", body: fakeGtag }));
}

/** Answers Web-to-Lead posts: into the hidden iframe a page, and a redirect to retURL when the page leaves. */
export async function fakeWebToLead(page: Page) {
  const posts: URLSearchParams[] = [];
  await page.route(WEB_TO_LEAD, (route) => {
    const fields = new URLSearchParams(route.request().postData() ?? "");
    posts.push(fields);
    if (route.request().frame() === page.mainFrame())
      return route.fulfill({ status: 303, headers: { location: fields.get("retURL") ?? "/" } });
    return route.fulfill({ contentType: "text/html", body: "<p>ok</p>" });
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

export { site };
