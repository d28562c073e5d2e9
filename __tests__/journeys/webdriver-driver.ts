import { spawn, type ChildProcess } from "child_process";
import { mkdirSync, openSync, writeFileSync } from "fs";
import path from "path";
import { AFTER_SCROLL, ElementDriver, settled, until, type Box, type Key } from "./driver";
import type { EngineRunner } from "./engines";

// WebKitGTK: its MiniBrowser, started by WebKitWebDriver (WebDriver classic, spoken here over plain HTTP) on an X
// display of its own (Xvfb: MiniBrowser has no headless mode). A session per journey: a fresh MiniBrowser, its
// cookies and storage empty. What WebKitGTK cannot do here, and the ways around it, are in docs/browsers.md.

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
// WebDriver's code points for the keys (https://www.w3.org/TR/webdriver2/#keyboard-actions)
const KEYS: Record<string, string> = {
  Escape: "\uE00C",
  Enter: "\uE007",
  Tab: "\uE004",
  Space: "\uE00D",
  Backspace: "\uE003",
  ArrowDown: "\uE015",
  ArrowUp: "\uE013",
  ArrowLeft: "\uE012",
  ArrowRight: "\uE014",
  Home: "\uE011",
  End: "\uE010",
  Shift: "\uE008",
  Control: "\uE009",
  Alt: "\uE00A",
  Meta: "\uE03D",
};
// MiniBrowser's toolbar keeps its window at least 447 px wide; this stylesheet shrinks it, so 390 px fits
const GTK_CSS =
  "toolbar, toolbar *, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border-width: 0; }\n";

type Id = string;
/** The longest one WebDriver command may take, starting MiniBrowser included. */
const COMMAND_MS = 60_000;

/** One call of the WebDriver protocol; its errors thrown with their name (`element click intercepted: …`). */
async function call(base: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    // a command that hangs fails, naming itself (a journey's own waits are far shorter)
    signal: AbortSignal.timeout(COMMAND_MS),
  }).catch((error: Error) => {
    throw new Error(`${method} ${route.replace(/^\/session\/[^/]+/, "")}: ${error.message}`);
  });
  const { value } = (await response.json()) as { value: { error?: string; message?: string } | unknown };
  if (!response.ok) {
    const { error, message } = value as { error?: string; message?: string };
    throw new Error(`${error}: ${message} (${method} ${route.replace(/^\/session\/[^/]+/, "")})`);
  }
  return value;
}

class WebKitDriver extends ElementDriver<Id> {
  readonly engine = "webkit" as const;
  private readonly session: string;
  /** the viewport's size, as the journey last set it */
  private size = { width: 1024, height: 768 };

  constructor(
    private readonly base: string,
    sessionId: string,
    script: boolean,
    private readonly origin: string,
    private readonly toolbarHeight: number,
    /** navigation returns at once (pageLoadStrategy "none"): goto waits for the HTML to be parsed itself */
    private readonly duringLoad: boolean,
  ) {
    super(script);
    this.session = `/session/${sessionId}`;
  }

  private send(method: string, route: string, body?: unknown) {
    return call(this.base, method, `${this.session}${route}`, body);
  }
  private actions(source: object) {
    return this.send("POST", "/actions", { actions: [source] });
  }

  async goto(path: string) {
    const url = `${this.origin}${path}`;
    await this.send("POST", "/url", { url });
    if (!this.duringLoad) return;
    await until(`${path} is parsed`, async () => {
      if ((await this.send("GET", "/url")) !== url) return false;
      return (
        (await this.send("POST", "/execute/sync", { script: "return document.readyState", args: [] })) !== "loading"
      );
    });
  }
  async path() {
    const url = new URL((await this.send("GET", "/url")) as string);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  async viewport(width: number, height: number) {
    await this.send("POST", "/window/rect", { width, height: height + this.toolbarHeight });
    this.size = { width, height };
  }
  async clickAt(x: number, y: number) {
    await this.actions({
      type: "pointer",
      id: "mouse",
      parameters: { pointerType: "mouse" },
      actions: [
        { type: "pointerMove", origin: "viewport", x, y },
        { type: "pointerDown", button: 0 },
        { type: "pointerUp", button: 0 },
      ],
    });
  }
  async key(chord: Key) {
    const keys = chord.split("+").map((k) => KEYS[k] ?? k);
    await this.actions({
      type: "key",
      id: "keyboard",
      actions: [
        ...keys.map((value) => ({ type: "keyDown", value })),
        ...[...keys].reverse().map((value) => ({ type: "keyUp", value })),
      ],
    });
  }
  async setCookie({ name, value }: { name: string; value: string }) {
    // WebDriver sets a cookie for the page shown: first a blank page of the site
    if (!((await this.send("GET", "/url")) as string).startsWith(this.origin)) await this.goto("/__journeys/blank");
    await this.send("POST", "/cookie", { cookie: { name, value, path: "/", sameSite: "Lax" } });
  }
  async screenshot() {
    return Buffer.from((await this.send("GET", "/screenshot")) as string, "base64");
  }
  async close() {
    await call(this.base, "DELETE", this.session);
  }
  protected async run(body: string) {
    const script = `var done = arguments[arguments.length - 1];
      Promise.resolve().then(function () { ${body} }).then(
        function (value) { done({ value: value === undefined ? null : value }); },
        function (error) { done({ error: String((error && error.stack) || error) }); });`;
    const result = (await this.send("POST", "/execute/async", { script, args: [] })) as {
      value?: unknown;
      error?: string;
    };
    if (result.error) throw new Error(result.error);
    return result.value;
  }
  protected async all(css: string) {
    const found = (await this.send("POST", "/elements", { using: "css selector", value: css })) as Record<string, Id>[];
    return found.map((ref) => ref[ELEMENT]);
  }
  protected async textOf(id: Id) {
    return ((await this.send("GET", `/element/${id}/property/textContent`)) as string | null) ?? "";
  }
  protected async isShown(id: Id) {
    // WebDriver's "displayed" counts what a closed <details> holds as shown (WebKitGTK lays it out, hidden by
    // content-visibility): with script the page says (checkVisibility); without, "displayed" is all there is
    if (!this.script) return (await this.send("GET", `/element/${id}/displayed`)) as boolean;
    return (await this.send("POST", "/execute/sync", {
      script: "return arguments[0].checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })",
      args: [{ [ELEMENT]: id }],
    })) as boolean;
  }
  protected async attributeOf(id: Id, name: string) {
    return (await this.send("GET", `/element/${id}/attribute/${name}`)) as string | null;
  }
  protected async fieldValueOf(id: Id) {
    return ((await this.send("GET", `/element/${id}/property/value`)) as string | null) ?? "";
  }
  protected async clickOn(id: Id) {
    await this.inView(id);
    await this.send("POST", `/element/${id}/click`, {});
  }
  protected async hoverOn(id: Id) {
    await this.inView(id);
    await this.actions({
      type: "pointer",
      id: "mouse",
      parameters: { pointerType: "mouse" },
      actions: [{ type: "pointerMove", origin: { [ELEMENT]: id }, x: 0, y: 0 }],
    });
  }
  protected async typeIn(id: Id, text: string) {
    await this.clickOn(id);
    await this.send("POST", `/element/${id}/value`, { text: `${KEYS.End}${text}` });
  }
  protected async focusOn(id: Id) {
    await this.send("POST", "/execute/sync", { script: "arguments[0].focus()", args: [{ [ELEMENT]: id }] });
  }
  protected async isActive(id: Id) {
    const active = (await this.send("GET", "/element/active").catch(() => null)) as Record<string, Id> | null;
    return active?.[ELEMENT] === id;
  }

  /**
   * Brings an element into view, once it stays put there. Element Click does not scroll to an element just below the
   * viewport ("element not interactable"), so the mouse wheel does, with or without script; but WebKitGTK 2.50's
   * wheel action scrolls *to* its delta rather than by it. So the wheel goes to 0 first (the top, or nowhere where
   * the delta is relative), and then by as much as the element is off the viewport's middle, which is right either
   * way. WebKitGTK's Get Element Rect is relative to the viewport.
   */
  private async inView(id: Id) {
    const read = async () => (await this.send("GET", `/element/${id}/rect`)) as Box;
    const { width, height } = this.size;
    const inside = (b: Box) => b.y >= 0 && b.y + b.height <= height && b.x >= 0 && b.x + b.width <= width;
    const wheel = (deltaY: number) =>
      this.actions({
        type: "wheel",
        id: "wheel",
        actions: [
          {
            type: "scroll",
            origin: "viewport",
            x: Math.round(width / 2),
            y: Math.round(height / 2),
            deltaX: 0,
            deltaY,
          },
        ],
      });
    let box = await settled(read);
    for (let tries = 0; !inside(box); tries += 1) {
      if (tries === 5) throw new Error(`the element stays out of view at ${JSON.stringify(box)}`);
      await wheel(0);
      box = await settled(read, AFTER_SCROLL);
      await wheel(Math.round(box.y + box.height / 2 - height / 2));
      box = await settled(read, AFTER_SCROLL);
    }
  }
}

/** Starts a child process and ends it with the harness. */
function child(command: string, args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const started = spawn(command, args, options);
  started.on("error", () => undefined);
  return started;
}

/** Xvfb on a free display (it writes the number it took), then WebKitWebDriver on it. */
export async function startWebKit(
  webDriver: string,
  { origin, proxyPort, port, dataDir }: { origin: string; proxyPort: number; port: number; dataDir: string },
): Promise<EngineRunner> {
  const xvfb = child("Xvfb", ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.once("data", (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  const config = path.join(dataDir, "xdg");
  mkdirSync(path.join(config, "gtk-3.0"), { recursive: true });
  writeFileSync(path.join(config, "gtk-3.0", "gtk.css"), GTK_CSS);
  const proxy = `http://127.0.0.1:${proxyPort}`;
  // what WebKitWebDriver and MiniBrowser say, kept for a failure's reading
  const log = openSync(path.join(dataDir, "webdriver.log"), "w");
  // one session at a time: a new one replaces one left behind (a MiniBrowser that came up late)
  const driver = child(webDriver, [`--port=${port}`, "--replace-on-new-session"], {
    stdio: ["ignore", log, log],
    // WebKitGTK takes its proxy from the environment (libproxy); the proxy capability sends HTTPS to a proxy over TLS
    env: {
      ...process.env,
      DISPLAY: display,
      XDG_CONFIG_HOME: config,
      http_proxy: proxy,
      https_proxy: proxy,
      no_proxy: "127.0.0.1,localhost",
    },
  });
  const stop = async () => {
    driver.kill("SIGTERM");
    xvfb.kill("SIGTERM");
  };
  // a harness that ends early (an error, Ctrl+C: run.ts) leaves no display and no driver behind
  process.once("exit", () => void stop());
  const base = `http://127.0.0.1:${port}`;
  try {
    await until(
      "WebKitWebDriver is ready",
      () => call(base, "GET", "/status"),
      (s) => Boolean((s as { ready?: boolean }).ready),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const newSession = async (script: boolean, duringLoad = false) => {
    const request = {
      capabilities: {
        alwaysMatch: {
          browserName: "MiniBrowser",
          acceptInsecureCerts: true,
          // "eager" would be the other engines' goto, but in WebKitGTK 2.50 the command after it then waits for the
          // load event anyway, until the page load timeout; "none" is for a page whose scripts are held
          pageLoadStrategy: duringLoad ? "none" : "normal",
          // the script timeout is a timer of the page's, longer than those page-hook.js lets the journey run
          timeouts: { script: 90_000, pageLoad: 30_000, implicit: 0 },
          "webkitgtk:browserOptions": { args: ["--automation", ...(script ? [] : ["--enable-javascript=false"])] },
        },
      },
    };
    // MiniBrowser, once in a while, does not come up: a second one is started (the journey has not begun)
    const started = (await call(base, "POST", "/session", request).catch(() =>
      call(base, "POST", "/session", request),
    )) as { sessionId: string; capabilities: { browserVersion: string } };
    return { sessionId: started.sessionId, version: started.capabilities.browserVersion };
  };
  // the toolbar's height, measured once: without script a session cannot measure it
  const probe = await newSession(true);
  await call(base, "POST", `/session/${probe.sessionId}/window/rect`, { width: 1440, height: 900 });
  const inner = (await call(base, "POST", `/session/${probe.sessionId}/execute/sync`, {
    script: "return innerHeight",
    args: [],
  })) as number;
  await call(base, "DELETE", `/session/${probe.sessionId}`);
  return {
    version: async () => `MiniBrowser (WebKitGTK ${probe.version})`,
    open: async (script: boolean, duringLoad: boolean) => {
      const { sessionId } = await newSession(script, duringLoad);
      return new WebKitDriver(base, sessionId, script, origin, 900 - inner, duringLoad);
    },
    close: stop,
  };
}
