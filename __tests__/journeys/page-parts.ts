import { postPaths } from "../support/spec-routes";
import { until, type Driver } from "./driver";
import { expect, type Visit } from "./steps";

// What the journeys look for in the site's pages: its parts as CSS selectors (with the text that tells one from
// another), and the few readings more than one journey makes.

/** a post of the blog, which has the comment form (those under /blog/old-posts/ do not) */
export const post = postPaths().find((p) => !p.includes("/old-posts/"))!;

export const MENU = "header [popover]";
export const OPEN_MENU = { css: "header button[popovertarget]", text: "Open menu" };
export const CLOSE_MENU = { css: `${MENU} button[popovertarget]`, text: "Close menu" };
export const menuSection = (name: string) => ({ css: `${MENU} summary`, text: `${name} section` });
export const menuLink = (name: string) => ({ css: `${MENU} a`, text: name });

export const NAV = 'nav[aria-label="Main"]';
export const navLink = (name: string) => ({ css: `${NAV} a`, text: new RegExp(`^${name}$`) });
export const toggle = (name: string) => `${NAV} button[aria-label="${name} menu"]`;
export const expanded = (d: Driver, name: string) => d.attribute(toggle(name), "aria-expanded");

export const CONTACT = "dialog#contact-dialog";
export const contactOpen = async (d: Driver) => (await d.attribute(CONTACT, "open")) !== null;
/** the contact modal's content once its code has come and hydrated it (src/components/islands/island.tsx) */
export const CONTACT_HYDRATED = `${CONTACT} [data-island][data-hydrated]`;
export const button = (scope: string, text: string | RegExp) => ({ css: `${scope} button`, text });
export const field = (form: string, name: string) => `${form} [name="${name}"]`;
export const h1 = (d: Driver) => d.text("h1");

export const NEWSLETTER = 'footer form[aria-label="Newsletter"]';
export const COMMENT = 'form[aria-label="Comment"]';
export const SEARCH = "dialog:has(input[role=combobox])";
export const SEARCH_BOX = `${SEARCH} input[role=combobox]`;
export const OPTIONS = `${SEARCH} a[role=option]`;
export const FOOTER_SERVICES = "footer [data-testid=footer-services] li";
export const WELCOME = { css: "dialog", text: "Are you looking for?" };
/** the consent banner, a dialog that is not modal, and the settings, a modal <dialog> (src/components/consent/) */
export const CONSENT_BANNER = '[role=dialog][aria-modal="false"]';
export const CONSENT_SETTINGS = "dialog:has(input[type=checkbox])";

/** Whether the engine has Invoker Commands: the head's script marks <html data-invokers> (src/browser/invokers.ts). */
export const hasInvokers = async (d: Driver) => (await d.attribute("html", "data-invokers")) !== null;

/** The rows of an address in the store, once they are there, checked against what the form sends. */
export async function stored({ leads }: Visit, email: string, kind: RegExp) {
  const rows = await until(
    `a submission of ${email} is stored`,
    () => leads(email),
    (r) => r.length > 0,
  );
  expect(rows.length === 1 && kind.test(rows[0]), `one ${kind} row for ${email}`, rows);
}
