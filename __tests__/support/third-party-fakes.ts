// The third parties of the site, as every browser test sees them: which addresses are theirs, and the small fakes
// that answer for them. Driver-neutral: Playwright's routes (__tests__/e2e/fakes.ts) and the cross-engine journeys'
// proxy (__tests__/journeys/site-front.ts) serve these same fakes.

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

const fakeCalendlyCss = ".calendly-overlay{}";

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

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const script = (body: string): FakeAnswer => ({
  status: 200,
  headers: { "Content-Type": "application/javascript" },
  body,
});

/**
 * What a Web-to-Lead post is answered with: into the hidden iframe a page; when the page itself leaves with it
 * (the newsletter), a redirect to its retURL, as Salesforce does.
 */
export function webToLeadAnswer(fields: URLSearchParams, fromThePage: boolean): FakeAnswer {
  if (fromThePage) return { status: 303, headers: { Location: fields.get("retURL") ?? "/" }, body: "" };
  return { status: 200, headers: { "Content-Type": "text/html" }, body: "<p>ok</p>" };
}

/** The fake that answers a third party's GET `url`, or null: then the request fails, as offline. */
export function fakeFor(url: string): FakeAnswer | null {
  if (RECAPTCHA.test(url)) return script(fakeRecaptcha);
  if (ANALYTICS.test(url)) return script(fakeGtag);
  const calendly = CALENDLY.exec(url);
  if (calendly)
    return calendly[1] === "css"
      ? { status: 200, headers: { "Content-Type": "text/css" }, body: fakeCalendlyCss }
      : script(fakeCalendly);
  return null;
}
