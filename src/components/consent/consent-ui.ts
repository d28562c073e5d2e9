// The consent banner and its settings: vanilla-cookieconsent v3 (a well-kept library, accessible, 10 KB gzip),
// loaded only when a visitor has to answer or asks for the settings, never with the page's first scripts.
import * as CookieConsent from "vanilla-cookieconsent";
import {
  ANALYTICS,
  CONSENT_COOKIE,
  CONSENT_DAYS,
  CONSENT_EVENT,
  CONSENT_REVISION,
  CONSENT_STYLESHEET,
} from "../../lib/consent";
import { loadStylesheet } from "../../lib/script-loader";
import { setConsentOnScreen } from "./consent-banner-state";

const STORAGE =
  "saveDetails, name and email (the comment form, when you ask it to remember you), and for this tab only popupShown (the welcome popup) and how far down the pages you visited you had scrolled";
const VISIT =
  "With it, this tab also keeps firstTouch until you close it: the first page of your visit, the site that sent you and the campaign of the link you followed, sent with a form you fill in so that we know what brought you.";

const texts = {
  consentModal: {
    title: "Cookies and your privacy",
    description:
      'With your consent, Google Analytics counts which pages help visitors, and this tab remembers how your visit began, so a message you send tells us what brought you. Nothing else tracks you. <a href="/privacy-policy">Privacy policy</a>',
    acceptAllBtn: "Accept all",
    acceptNecessaryBtn: "Reject all",
    showPreferencesBtn: "Settings",
  },
  preferencesModal: {
    title: "Cookie settings",
    acceptAllBtn: "Accept all",
    acceptNecessaryBtn: "Reject all",
    savePreferencesBtn: "Save settings",
    closeIconLabel: "Close",
    sections: [
      {
        description:
          "Choose what this site may keep in your browser. You can change it at any time: Cookie settings is at the bottom of every page.",
      },
      {
        title: "Strictly necessary",
        description: `Always on, and none of it tracks you: the cookie that keeps this choice (${CONSENT_COOKIE}, 12 months); the contact form's spam check (Google reCAPTCHA), loaded only when you open the form; the scheduling widget (Calendly), loaded only when you ask to book a call; and what the site keeps for you in your browser: ${STORAGE}.`,
        linkedCategory: "necessary",
      },
      {
        title: "Analytics",
        description: `Google Analytics 4 counts visits and the pages viewed, without storing your IP address, so that we know what helps visitors. Until you allow it, Google's script is not even loaded. ${VISIT}`,
        linkedCategory: ANALYTICS,
        cookieTable: {
          headers: { name: "Cookie", duration: "Lasts", description: "What for" },
          body: [
            { name: "_ga", duration: "2 years", description: "Tells one visitor's visits apart" },
            { name: "_ga_<id>", duration: "2 years", description: "Keeps the state of a visit" },
            { name: "firstTouch", duration: "This tab", description: "How this visit began (session storage)" },
          ],
        },
      },
      {
        title: "More information",
        description: 'Every cookie and storage key, and your rights: <a href="/privacy-policy">privacy policy</a>.',
      },
    ],
  },
};

/** Each answer, to what acts on it (src/components/layout/analytics.tsx). */
const announce = (cookie: { categories: string[] }) =>
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: cookie.categories.includes(ANALYTICS) }));

/**
 * While the banner shows, what is fixed to the screen's bottom (the chat button, `data-above-consent`) rises above
 * it with `translate`, which moves without laying anything out, and the page keeps the banner's height free below
 * its end and as scroll padding (global.css says why). Its height comes from a ResizeObserver, which measures after
 * the browser's own layout: reading offsetHeight here forced a layout of its own (175–230 ms at 4× CPU). Each value
 * is set on the one element it is for: a custom property on the root was inherited by every element, and each
 * change restyled the whole page (100–150 ms at 4×).
 */
let resized: ResizeObserver | null = null;
function place(height: number) {
  const px = height ? `${height}px` : "";
  const root = document.documentElement;
  root.style.scrollPaddingBottom = px;
  document.body.style.paddingBottom = px;
  document.querySelectorAll<HTMLElement>("[data-above-consent]").forEach((element) => {
    element.style.translate = height ? `0 -${px}` : "";
  });
}
function lift(modal: HTMLElement | null) {
  resized?.disconnect();
  resized = null;
  if (!modal || typeof ResizeObserver !== "function") return place(0);
  resized = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1];
    const box = entry.borderBoxSize?.[0];
    place(Math.round(box ? box.blockSize : entry.contentRect.height));
  });
  resized.observe(modal);
}

let started: Promise<void> | null = null;

function start(showBanner: boolean): Promise<void> {
  started ??= loadStylesheet(CONSENT_STYLESHEET).then(() =>
    CookieConsent.run({
      revision: CONSENT_REVISION,
      autoShow: showBanner,
      // the banner is for people, and Lighthouse and the tests are headless browsers that must see it too
      hideFromBots: false,
      disablePageInteraction: false,
      cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_DAYS },
      guiOptions: {
        consentModal: { layout: "bar inline", position: "bottom", equalWeightButtons: true, flipButtons: false },
        preferencesModal: { layout: "box", equalWeightButtons: true, flipButtons: false },
      },
      categories: {
        necessary: { enabled: true, readOnly: true },
        [ANALYTICS]: { autoClear: { cookies: [{ name: /^_ga/ }] } },
      },
      language: { default: "en", translations: { en: texts } },
      onFirstConsent: ({ cookie }) => announce(cookie),
      onChange: ({ cookie }) => announce(cookie),
      // the banner leaves the page usable, so it is not a modal dialog for assistive technology either
      onModalReady: ({ modalName, modal }) => {
        if (modalName === "consentModal") modal.setAttribute("aria-modal", "false");
      },
      onModalShow: ({ modalName }) => {
        setConsentOnScreen(true);
        if (modalName !== "consentModal") return;
        lift(document.querySelector<HTMLElement>("#cc-main .cm"));
        // first in the page's order, so that a keyboard reaches it in two Tabs rather than after every link
        const root = document.getElementById("cc-main");
        if (root && document.body.firstElementChild !== root) document.body.prepend(root);
      },
      onModalHide: ({ modalName }) => {
        if (modalName === "consentModal") lift(null);
        // the banner may still be waiting behind the settings
        if (!document.documentElement.classList.contains("show--consent")) setConsentOnScreen(false);
      },
    }),
  );
  return started;
}

/** Shows the banner (a first visit) or the settings (the footer's Cookie settings). */
export async function showConsent(what: "banner" | "settings"): Promise<void> {
  await start(what === "banner");
  if (what === "settings") CookieConsent.showPreferences();
}
