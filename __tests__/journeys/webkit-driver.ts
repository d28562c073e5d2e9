// WebKitGTK: its MiniBrowser, started by WebKitWebDriver on an X display of its own (Xvfb: MiniBrowser has no
// headless mode), driven by WebdriverIO's `remote()` over classic WebDriver. A session per journey: a fresh
// MiniBrowser, its cookies and storage empty. The driver sends WebdriverIO's protocol commands, not its element API,
// whose scripts a MiniBrowser without script would never run. What WebKitGTK cannot do here, and the ways around
// it, are in docs/browsers.md.
import { spawn, type ChildProcess } from "child_process";
import { mkdirSync, openSync, writeFileSync } from "fs";
import path from "path";
import { Key as KEYS, remote } from "webdriverio";
import { AFTER_SCROLL, ElementDriver, keyActions, mouseActions, settled, until, type Box, type Key } from "./driver";
import type { EngineRunner } from "./engines";

/** WebDriver's key for an element reference in a script's arguments and answers. */
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
// MiniBrowser's toolbar keeps its window at least 447 px wide; this stylesheet shrinks it, so 390 px fits
const GTK_CSS =
  "toolbar, toolbar *, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border-width: 0; }\n";

type Id = string;
/** The longest one WebDriver command may take, starting MiniBrowser included. */
const COMMAND_MS = 60_000;

class WebKitDriver extends ElementDriver<Id> {
  readonly engine = "webkit" as const;
  /** the viewport's size, as the journey last set it */
  private size = { width: 1024, height: 768 };

  constructor(
    private readonly wd: WebdriverIO.Browser,
    script: boolean,
    private readonly origin: string,
    private readonly toolbarHeight: number,
    /** navigation returns at once (pageLoadStrategy "none"): goto waits for the HTML to be parsed itself */
    private readonly duringLoad: boolean,
  ) {
    super(script);
  }

  async goto(path: string) {
    const url = `${this.origin}${path}`;
    await this.wd.navigateTo(url);
    if (!this.duringLoad) return;
    // asked of the document itself: Get Current URL gives the new address as soon as the load starts, while the last
    // page is still shown, complete. A command in flight as that page is replaced is, once in a while, never
    // answered, so each ask has a short time of its own and is sent again
    await until(`${path} is parsed`, async () => {
      const [href, state] = (await this.ask("return [location.href, document.readyState]", 3_000)) as [
        string,
        DocumentReadyState,
      ];
      return href === url && state !== "loading";
    });
  }
  /** Execute Script, sent by hand to give up after `ms`: WebdriverIO's own time is the session's, a minute. */
  private async ask(script: string, ms: number): Promise<unknown> {
    const { hostname, port } = this.wd.options;
    const response = await fetch(`http://${hostname}:${port}/session/${this.wd.sessionId}/execute/sync`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ script, args: [] }),
      signal: AbortSignal.timeout(ms),
    });
    const { value } = (await response.json()) as { value: unknown };
    if (!response.ok) throw new Error(`Execute Script: ${JSON.stringify(value)}`);
    return value;
  }
  async path() {
    // while scripts are held nothing waits for a link's navigation: the document says where it is (see goto)
    const href = this.duringLoad ? ((await this.ask("return location.href", 3_000)) as string) : await this.wd.getUrl();
    const url = new URL(href);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  async viewport(width: number, height: number) {
    await this.wd.setWindowRect(null, null, width, height + this.toolbarHeight);
    this.size = { width, height };
  }
  clickAt(x: number, y: number) {
    return this.wd.performActions([mouseActions(x, y)]);
  }
  key(chord: Key) {
    return this.wd.performActions([keyActions(chord)]);
  }
  async setCookie({ name, value }: { name: string; value: string }) {
    // WebDriver sets a cookie for the page shown: first a blank page of the site
    if (!(await this.wd.getUrl()).startsWith(this.origin)) await this.goto("/__journeys/blank");
    await this.wd.addCookie({ name, value, path: "/", sameSite: "Lax" });
  }
  async screenshot() {
    return Buffer.from(await this.wd.takeScreenshot(), "base64");
  }
  async close() {
    await this.wd.deleteSession();
  }
  protected async run(body: string) {
    const script = `var done = arguments[arguments.length - 1];
      Promise.resolve().then(function () { ${body} }).then(
        function (value) { done({ value: value === undefined ? null : value }); },
        function (error) { done({ error: String((error && error.stack) || error) }); });`;
    const result = (await this.wd.executeAsyncScript(script, [])) as { value?: unknown; error?: string };
    if (result.error) throw new Error(result.error);
    return result.value;
  }
  protected async all(css: string) {
    return (await this.wd.findElements("css selector", css)).map((ref) => ref[ELEMENT]);
  }
  protected async textOf(id: Id) {
    return ((await this.wd.getElementProperty(id, "textContent")) as string | null) ?? "";
  }
  protected async isShown(id: Id) {
    // WebDriver's "displayed" counts what a closed <details> holds as shown (WebKitGTK lays it out, hidden by
    // content-visibility): with script the page says (checkVisibility); without, "displayed" is all there is
    if (!this.script) return this.wd.isElementDisplayed(id);
    return (await this.wd.executeScript(
      "return arguments[0].checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })",
      [{ [ELEMENT]: id }],
    )) as boolean;
  }
  protected async boxOf(id: Id): Promise<Box> {
    return await this.wd.getElementRect(id);
  }
  protected attributeOf(id: Id, name: string) {
    return this.wd.getElementAttribute(id, name);
  }
  protected async fieldValueOf(id: Id) {
    return ((await this.wd.getElementProperty(id, "value")) as string | null) ?? "";
  }
  protected async clickOn(id: Id) {
    await this.inView(id);
    await this.wd.elementClick(id);
  }
  protected async hoverOn(id: Id) {
    await this.inView(id);
    await this.wd.performActions([
      {
        type: "pointer",
        id: "mouse",
        parameters: { pointerType: "mouse" },
        actions: [{ type: "pointerMove", origin: { [ELEMENT]: id }, x: 0, y: 0 }],
      },
    ]);
  }
  protected async typeIn(id: Id, text: string) {
    await this.clickOn(id);
    await this.wd.elementSendKeys(id, `${KEYS.End}${text}`);
  }
  protected async focusOn(id: Id) {
    await this.wd.executeScript("arguments[0].focus()", [{ [ELEMENT]: id }]);
  }
  protected async isActive(id: Id) {
    const active = await this.wd.getActiveElement().catch(() => null);
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
    const read = () => this.boxOf(id);
    const { width, height } = this.size;
    const inside = (b: Box) => b.y >= 0 && b.y + b.height <= height && b.x >= 0 && b.x + b.width <= width;
    const wheel = (deltaY: number) =>
      this.wd.performActions([
        {
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
        },
      ]);
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
  try {
    await until("WebKitWebDriver is ready", async () => {
      const status = await fetch(`http://127.0.0.1:${port}/status`);
      return ((await status.json()) as { value: { ready?: boolean } }).value.ready;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const newSession = (script: boolean, duringLoad = false) => {
    // MiniBrowser's own options: a vendor capability WebdriverIO's types do not list
    const webkitgtk = {
      "webkitgtk:browserOptions": { args: ["--automation", ...(script ? [] : ["--enable-javascript=false"])] },
    };
    const options: Parameters<typeof remote>[0] = {
      hostname: "127.0.0.1",
      port,
      logLevel: "silent",
      // a command that hangs fails, naming itself; none is sent twice (a click, a key)
      connectionRetryTimeout: COMMAND_MS,
      connectionRetryCount: 0,
      capabilities: {
        browserName: "MiniBrowser",
        // classic WebDriver: WebdriverIO asks for BiDi unless told not to
        "wdio:enforceWebDriverClassic": true,
        acceptInsecureCerts: true,
        // "eager" would be the other engines' goto, but in WebKitGTK 2.50 the command after it then waits for the
        // load event anyway, until the page load timeout; "none" is for a page whose scripts are held
        pageLoadStrategy: duringLoad ? "none" : "normal",
        // the script timeout is a timer of the page's, longer than those page-hook.js lets the journey run
        timeouts: { script: 90_000, pageLoad: 30_000, implicit: 0 },
        ...webkitgtk,
      },
    };
    // MiniBrowser, once in a while, does not come up: a second one is started (the journey has not begun)
    return remote(options).catch(() => remote(options));
  };
  // the toolbar's height, measured once: without script a session cannot measure it
  const probe = await newSession(true);
  await probe.setWindowRect(null, null, 1440, 900);
  const inner = (await probe.executeScript("return innerHeight", [])) as number;
  const version = probe.capabilities.browserVersion;
  await probe.deleteSession();
  return {
    version: async () => `MiniBrowser (WebKitGTK ${version})`,
    open: async (script: boolean, duringLoad: boolean) =>
      new WebKitDriver(await newSession(script, duringLoad), script, origin, 900 - inner, duringLoad),
    close: stop,
  };
}
