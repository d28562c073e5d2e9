import { until, type Driver, type Target } from "./driver";
import type { SiteFront } from "./site-front";

// The words journeys.ts is written in: what a visitor does and what they see, each a wait for it to come true.

/** What a journey has beside its page: the site's front (held scripts, third parties, posts) and the store. */
export interface Visit {
  d: Driver;
  front: SiteFront;
  /** The store's rows of one e-mail address, as `npm run leads list` prints them. */
  leads(email: string): Promise<string[]>;
  /** An e-mail address no other journey, engine or run uses. */
  email(who: string): string;
}

/** One journey, run by every engine (journeys.ts lists them all). */
export interface Journey {
  name: string;
  /** run with the page's JavaScript, without it, or once each way */
  script: readonly boolean[];
  /** a first visit, with no consent answered; every other journey is a visitor who rejected analytics earlier */
  firstVisit?: boolean;
  /** it holds the site's scripts back (front.holdScripts()), so its pages load without firing their load event */
  duringLoad?: boolean;
  run(visit: Visit): Promise<void>;
}

export const DESKTOP = [1440, 900] as const;
export const PHONE = [390, 844] as const;

/** Opens a page; with script, waits until React has hydrated it (`<html data-hydrated>`, src/browser/hydrated.ts). */
export async function visit(d: Driver, path: string) {
  await d.goto(path);
  if (d.script) await hydrated(d);
}

export const hydrated = (d: Driver) =>
  until(
    "the page is hydrated",
    () => d.count("html[data-hydrated]"),
    (n) => n > 0,
  );

export const shows = (d: Driver, target: Target, what: string) => until(`${what} shows`, () => d.visible(target));

export const hides = (d: Driver, target: Target, what: string) =>
  until(
    `${what} is hidden`,
    () => d.visible(target),
    (shown) => !shown,
  );

export const reaches = (d: Driver, path: string) =>
  until(
    `the visitor reaches ${path}`,
    () => d.path(),
    (at) => at === path,
  );

export const hasFocus = (d: Driver, target: Target, what: string) =>
  until(`${what} has focus`, () => d.focused(target));

/** Waits until `read` gives `expected`. */
export const becomes = <T>(what: string, read: () => Promise<T>, expected: T) =>
  until(`${what} is ${JSON.stringify(expected)}`, read, (value) => value === expected);

/** Replaces a field's text, as a visitor selecting it all and typing would. */
export async function retype(d: Driver, field: Target, text: string) {
  await d.click(field);
  await d.key("Control+a");
  await d.key("Backspace");
  await d.type(field, text);
}

/** Moves the page's clock on (page-hook.js): timers of a second or more run only so. */
export const advance = (d: Driver, ms: number) =>
  d.evaluate(
    (by: number) => (window as unknown as { __journeys: { advance(ms: number): void } }).__journeys.advance(by),
    ms,
  );

/** Fails unless `ok`, naming what was expected and what was found. */
export function expect(ok: boolean, what: string, found?: unknown) {
  if (!ok) throw new Error(found === undefined ? what : `${what} (found: ${JSON.stringify(found)})`);
}
