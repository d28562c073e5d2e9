// What a journey can do and read in a page, the same in every engine (journeys.ts uses only this); each engine's
// driver (bidi-driver.ts, webkit-driver.ts) provides the few element operations below it. Every action waits
// for its element to be shown, as a visitor would look for it; every check waits for what it expects, up to a
// bound that only says when to give up (nothing here measures speed).

import { Key as KEYS } from "webdriverio";
import type { EngineId as Engine } from "../../scripts/browsers.mjs";

/** An element: a CSS selector, and where it matters the text it holds (spaces collapsed; a string is found in it). */
export type Target = string | { css: string; text: string | RegExp };

/** Keys by the names Playwright and the DOM's KeyboardEvent.key use; a chord joins them with "+" ("Shift+Tab"). */
export type Key = "Escape" | "Enter" | "Tab" | "Space" | "ArrowDown" | "ArrowUp" | "Home" | "End" | string;

export interface Driver {
  readonly engine: Engine;
  /** whether the page's JavaScript runs in this session */
  readonly script: boolean;
  /** Opens a path of the site; returns once its HTML is parsed, not waiting for its scripts. */
  goto(path: string): Promise<void>;
  /** The page's path, search and hash. */
  path(): Promise<string>;
  viewport(width: number, height: number): Promise<void>;
  click(target: Target): Promise<void>;
  /** A click at a point of the viewport (a tap outside a dialog). */
  clickAt(x: number, y: number): Promise<void>;
  hover(target: Target): Promise<void>;
  /** Clicks into a field and types at the end of its text, key by key. */
  type(target: Target, text: string): Promise<void>;
  key(chord: Key): Promise<void>;
  /** Focuses an element as Tab would reach it (needs script). */
  focus(target: Target): Promise<void>;
  /** How many elements `target` has, shown or not. */
  count(target: Target): Promise<number>;
  /** How many of them are shown. */
  countShown(target: Target): Promise<number>;
  /** Whether an element of `target` is shown now (false when there is none). */
  visible(target: Target): Promise<boolean>;
  focused(target: Target): Promise<boolean>;
  text(target: Target): Promise<string>;
  /** An attribute's value, or null; a boolean attribute's value differs by engine (WebDriver says "true"). */
  attribute(target: Target, name: string): Promise<string | null>;
  /** A field's current value. */
  value(target: Target): Promise<string>;
  /** Where the first shown element of `target` is, relative to the viewport, once it stays put. */
  box(target: Target): Promise<Box>;
  /** Runs `fn` in the page (needs script); its arguments and result go as JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>>;
  setCookie(cookie: { name: string; value: string }): Promise<void>;
  /** What the viewport shows, as a PNG: kept when a journey fails. */
  screenshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** How long a wait lasts before the journey fails; a bound on a busy 2-core machine, not a speed. */
const WAIT_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `ok` holds, then returns what was read; fails naming `what` and the last value read. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean = Boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (ok(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message.split("\n")[0] : error;
    }
    if (Date.now() > deadline) throw new Error(`${what} (last seen: ${JSON.stringify(last)})`);
    await pause(50);
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Reads an element's box until it stays put for `reads` reads `gapMs` apart, and returns it: a panel that slides in,
 * or, after a scroll, the blocks laid out as they near the viewport (content-visibility) moving what is below them a
 * frame or more later, on a busy machine later still. What a pointer aims at must be where the visitor sees it.
 */
export async function settled(read: () => Promise<Box>, { reads = 2, gapMs = 20 } = {}): Promise<Box> {
  const deadline = Date.now() + WAIT_MS;
  let last = await read();
  let same = 1;
  for (;;) {
    await pause(gapMs);
    const box = await read();
    const still = box.x === last.x && box.y === last.y && box.width === last.width && box.height === last.height;
    same = still ? same + 1 : 1;
    if (same >= reads) return box;
    if (Date.now() > deadline) throw new Error(`the element kept moving (last at ${JSON.stringify(box)})`);
    last = box;
  }
}

/** After a scroll: still for 150 ms. */
export const AFTER_SCROLL = { reads: 4, gapMs: 50 };

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const describe = (target: Target) => (typeof target === "string" ? target : `${target.css} "${target.text}"`);

/** Errors of a click or a key that did not happen (the element moved, was covered or went): it is tried again. */
const NOT_DONE = /intercepted|not interactable|stale|detached|not clickable|not visible|no such (element|node)|moved/i;

/** A driver from an engine's element operations; E is its handle of an element. */
export abstract class ElementDriver<E> implements Driver {
  abstract readonly engine: Engine;
  constructor(readonly script: boolean) {}

  abstract goto(path: string): Promise<void>;
  abstract path(): Promise<string>;
  abstract viewport(width: number, height: number): Promise<void>;
  abstract clickAt(x: number, y: number): Promise<void>;
  abstract key(chord: Key): Promise<void>;
  abstract setCookie(cookie: { name: string; value: string }): Promise<void>;
  abstract screenshot(): Promise<Uint8Array>;
  abstract close(): Promise<void>;
  /** Runs a function body in the page and returns its (awaited) result. */
  protected abstract run(body: string): Promise<unknown>;
  protected abstract all(css: string): Promise<E[]>;
  protected abstract textOf(element: E): Promise<string>;
  protected abstract isShown(element: E): Promise<boolean>;
  protected abstract boxOf(element: E): Promise<Box>;
  protected abstract attributeOf(element: E, name: string): Promise<string | null>;
  protected abstract fieldValueOf(element: E): Promise<string>;
  protected abstract clickOn(element: E): Promise<void>;
  protected abstract hoverOn(element: E): Promise<void>;
  protected abstract typeIn(element: E, text: string): Promise<void>;
  protected abstract focusOn(element: E): Promise<void>;
  protected abstract isActive(element: E): Promise<boolean>;

  private async matching(target: Target): Promise<E[]> {
    if (typeof target === "string") return this.all(target);
    const { css, text } = target;
    const found: E[] = [];
    for (const element of await this.all(css)) {
      const own = collapse(await this.textOf(element));
      if (typeof text === "string" ? own.includes(text) : text.test(own)) found.push(element);
    }
    return found;
  }

  private async firstShown(target: Target): Promise<E | undefined> {
    for (const element of await this.matching(target)) if (await this.isShown(element)) return element;
    return undefined;
  }

  /** The first shown element of `target`, waited for. */
  private shown(target: Target): Promise<E> {
    return until(`${describe(target)} is shown`, () => this.firstShown(target)) as Promise<E>;
  }

  /** Does `act` to the shown element of `target`, again if it did not happen (the element moved or went). */
  private async act(target: Target, act: (element: E) => Promise<void>) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const element = await this.shown(target);
      try {
        return await act(element);
      } catch (error) {
        if (!NOT_DONE.test(String(error)) || Date.now() > deadline) throw error;
        await pause(100);
      }
    }
  }

  click(target: Target) {
    return this.act(target, (element) => this.clickOn(element));
  }
  hover(target: Target) {
    return this.act(target, (element) => this.hoverOn(element));
  }
  type(target: Target, text: string) {
    return this.act(target, (element) => this.typeIn(element, text));
  }
  focus(target: Target) {
    return this.act(target, (element) => this.focusOn(element));
  }
  async count(target: Target) {
    return (await this.matching(target)).length;
  }
  async countShown(target: Target) {
    let shown = 0;
    for (const element of await this.matching(target)) if (await this.isShown(element)) shown += 1;
    return shown;
  }
  async visible(target: Target) {
    return (await this.firstShown(target)) !== undefined;
  }
  async focused(target: Target) {
    for (const element of await this.matching(target)) if (await this.isActive(element)) return true;
    return false;
  }
  async text(target: Target) {
    return collapse(await this.textOf(await this.one(target)));
  }
  async attribute(target: Target, name: string) {
    return this.attributeOf(await this.one(target), name);
  }
  async value(target: Target) {
    return this.fieldValueOf(await this.one(target));
  }
  async box(target: Target) {
    const element = await this.shown(target);
    return settled(() => this.boxOf(element));
  }

  /** The first element of `target`, shown or not. */
  private async one(target: Target): Promise<E> {
    const [first] = await this.matching(target);
    if (first === undefined) throw new Error(`no element ${describe(target)}`);
    return first;
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>> {
    if (!this.script) throw new Error("evaluate() needs script, and this session runs none");
    // tsx compiles the journeys with esbuild's keepNames, whose __name() calls the page does not have
    const body = `var __name = function (f) { return f; }; return (${fn.toString()}).apply(null, ${JSON.stringify(args)});`;
    return (await this.run(body)) as Awaited<T>;
  }
}

// WebDriver's input actions, the same in classic WebDriver and in BiDi.

/** A chord ("Shift+Tab"), or one key of a text: its keys pressed in order and let go in reverse. */
export function keyActions(chord: Key) {
  const keys = (chord.length === 1 ? [chord] : chord.split("+")).map((k) => KEYS[k as keyof typeof KEYS] ?? k);
  return {
    type: "key" as const,
    id: "keyboard",
    actions: [
      ...keys.map((value) => ({ type: "keyDown" as const, value })),
      ...[...keys].reverse().map((value) => ({ type: "keyUp" as const, value })),
    ],
  };
}

/** The mouse, moved to a point of the viewport, and pressed there unless `hover`. */
export function mouseActions(x: number, y: number, hover = false) {
  const move = { type: "pointerMove" as const, x: Math.round(x), y: Math.round(y), origin: "viewport" as const };
  return {
    type: "pointer" as const,
    id: "mouse",
    parameters: { pointerType: "mouse" as const },
    actions: [
      move,
      ...(hover
        ? []
        : [
            { type: "pointerDown" as const, button: 0 },
            { type: "pointerUp" as const, button: 0 },
          ]),
    ],
  };
}
