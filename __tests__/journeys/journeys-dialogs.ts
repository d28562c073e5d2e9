import { until } from "./driver";
import {
  CONSENT_BANNER,
  CONSENT_SETTINGS,
  CONTACT,
  contactOpen,
  button,
  h1,
  SEARCH,
  SEARCH_BOX,
  OPTIONS,
  WELCOME,
} from "./page-parts";
import { DESKTOP, advance, becomes, expect, hasFocus, hides, shows, visit, type Journey } from "./steps";

// What opens over a page: the search, the consent banner and its settings, the welcome popup.

export const DIALOGS: Journey[] = [
  {
    name: "search: Ctrl+K opens it, results for what is typed, arrows and Enter open one; Escape closes",
    script: [true],
    async run({ d }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/pricing");
      await d.key("Control+k");
      await hasFocus(d, SEARCH_BOX, "the search field");
      await d.type(SEARCH_BOX, "Agentforce");
      await until(
        "two results or more",
        () => d.countShown(OPTIONS),
        (n) => n >= 2,
      );
      await becomes("the first result, selected", () => d.attribute(OPTIONS, "aria-selected"), "true");
      await d.key("ArrowDown");
      await becomes("the first result, after ArrowDown", () => d.attribute(OPTIONS, "aria-selected"), "false");
      await d.key("ArrowUp");
      await becomes("the first result, after ArrowUp", () => d.attribute(OPTIONS, "aria-selected"), "true");
      const title = await d.text(`${OPTIONS} span:nth-child(2)`);
      await d.key("Enter");
      await hides(d, SEARCH, "the search");
      await becomes("the page's heading", () => h1(d), title);
      await d.click({ css: "header button[aria-keyshortcuts]", text: "Search" });
      await shows(d, SEARCH, "the search, from its button");
      await d.key("Escape");
      await hides(d, SEARCH, "the search, after Escape");
    },
  },
  {
    name: "consent banner: a first visit is asked; Reject all loads no tag; Accept all, from the footer, does",
    script: [true],
    firstVisit: true,
    async run({ d, front }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/");
      const banner = { css: CONSENT_BANNER, text: "Cookies and your privacy" };
      const tag = () => front.thirdParty.filter((r) => r.url.startsWith("https://www.googletagmanager.com/"));
      await shows(d, banner, "the consent banner");
      await d.click(button(CONSENT_BANNER, /^Reject all$/));
      await hides(d, banner, "the banner, once answered");
      const cookie = () => d.evaluate(() => decodeURIComponent(document.cookie));
      await until("the answer is kept", cookie, (c) => c.includes('"categories":["necessary"]'));
      await visit(d, "/about");
      expect(tag().length === 0, "no analytics tag requested after Reject all", tag());
      await d.click({ css: "footer button", text: "Cookie settings" });
      const settings = { css: CONSENT_SETTINGS, text: "Cookie settings" };
      await shows(d, settings, "the cookie settings");
      await d.click(button(CONSENT_SETTINGS, /^Accept all$/));
      await hides(d, settings, "the cookie settings, once answered");
      await until("the (fake) analytics tag is requested", async () => tag().length > 0);
      await until("the _ga cookie is set", cookie, (c) => /(^|; )_ga=/.test(c));
    },
  },
  {
    name: "welcome popup: after its 30 s, once a session; Escape closes; Our Services opens the contact modal",
    script: [true],
    async run({ d }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/");
      await advance(d, 29_000);
      expect(!(await d.visible(WELCOME)), "no popup before 30 s");
      await advance(d, 2_000);
      await shows(d, WELCOME, "the welcome popup");
      await becomes("popupShown", () => d.evaluate(() => sessionStorage.getItem("popupShown")), "true");
      await d.key("Escape");
      await hides(d, WELCOME, "the popup, after Escape");
      await d.evaluate(() => sessionStorage.clear()); // a new session
      await visit(d, "/pricing");
      await advance(d, 31_000);
      await d.click(button("dialog", "Our Services"));
      await hides(d, WELCOME, "the popup, after a choice");
      await until("the contact modal is open", () => contactOpen(d));
      await shows(d, button(CONTACT, "I'm not a robot"), "the contact form's captcha");
    },
  },
];
