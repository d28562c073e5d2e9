import {
  ANALYTICS,
  ANALYTICS_COOKIES,
  CONSENT_EVENT,
  consentCookie,
  expiredCookies,
  readConsent,
} from "../../lib/consent";

/**
 * What of consent is on screen (the banner, the settings) or coming (the banner, until the page is idle), for the
 * components that draw them (consent-gate.tsx) and for the welcome popup, which waits until they are answered so the two
 * never overlap or fight for focus; and the answer, stored.
 */
export interface ConsentShown {
  banner: boolean;
  settings: boolean;
}

let shown: ConsentShown = { banner: false, settings: false };
let coming = false;
const listeners = new Set<() => void>();
const waiting = new Set<() => void>();

const set = (next: Partial<ConsentShown>) => {
  shown = { ...shown, ...next };
  listeners.forEach((listener) => listener());
  if (consentOnScreen()) return;
  const callbacks = [...waiting];
  waiting.clear();
  callbacks.forEach((callback) => callback());
};

export const subscribeConsent = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const consentShown = (): ConsentShown => shown;

export const consentOnScreen = (): boolean => coming || shown.banner || shown.settings;

/** The banner will show once the page is idle: what waits for it waits from now. */
export function consentComing(value: boolean): void {
  coming = value;
  set({});
}

/** Shows the banner (a first visit) or the settings (Cookie settings, the banner's Settings). */
export function showConsent(what: keyof ConsentShown): void {
  coming = false;
  set({ [what]: true });
}

/** The settings closed without an answer: the banner, if it was showing, still waits for one. */
export const hideConsentSettings = () => set({ settings: false });

/** Runs `callback` now, or once the banner and the settings are answered; returns a function that cancels it. */
export function whenConsentAnswered(callback: () => void): () => void {
  if (!consentOnScreen()) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** An answer's id: random, and made where randomUUID is missing too (a page served over plain HTTP). */
const newId = () =>
  crypto.randomUUID?.() ??
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Stores the visitor's answer, `categories` allowed: withdrawn analytics takes Google's cookies with it, and what
 * acts on consent (analytics.tsx) hears of a first answer and of a changed one. The banner and the settings go.
 */
export function answerConsent(categories: string[]): void {
  const previous = readConsent(document.cookie);
  document.cookie = consentCookie(categories, { previous, now: Date.now(), newId });
  const granted = categories.includes(ANALYTICS);
  if (!granted)
    for (const expired of expiredCookies(document.cookie, ANALYTICS_COOKIES, location.hostname))
      document.cookie = expired;
  if (!previous || previous.categories.includes(ANALYTICS) !== granted)
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: granted }));
  coming = false;
  set({ banner: false, settings: false });
}
