// Chromium and Firefox ESR over WebDriver BiDi, through WebdriverIO, with Debian's own browsers: one driver for both,
// as both speak the same protocol. Chromium comes from WebdriverIO's `remote()` and Debian's chromedriver; Firefox from
// WebdriverIO's BiDi client (its `webdriver` package) joined to Firefox's own BiDi endpoint, there being no
// geckodriver here (docs/browsers.md). Each journey gets a user context of its own (cookies, storage, cache empty).
import { spawn } from "child_process";
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "fs";
import path from "path";
import WebDriver, { type Client, type remote as Commands } from "webdriver";
import { remote } from "webdriverio";
import chromium from "../../scripts/chromium.json";
import { AFTER_SCROLL, ElementDriver, keyActions, mouseActions, settled, until, type Box, type Key } from "./driver";
import type { EngineRunner } from "./engines";

/** BiDi's commands, which a session of WebdriverIO's `remote()` and its BiDi client both have. */
type Module = "browser" | "browsingContext" | "emulation" | "input" | "script" | "session" | "storage";
type Bidi = Pick<Client, Extract<keyof Client, `${Module}${Capitalize<string>}`>>;
type Args = Parameters<Bidi["scriptCallFunction"]>[0]["arguments"];
/** An element: BiDi's shared reference to its node. */
type Node = Commands.ScriptSharedReference;

/** The page's sandbox where the driver finds and reads elements. */
const SANDBOX = "journeys";
/** The bound on one BiDi command: a journey's own waits are far shorter. */
const COMMAND_MS = 60_000;

class BidiDriver extends ElementDriver<Node> {
  /** the viewport's size, as the journey last set it */
  private size = { width: 0, height: 0 };

  constructor(
    readonly engine: "chromium" | "firefox",
    private readonly bidi: Bidi,
    private readonly context: string,
    private readonly userContext: string,
    script: boolean,
    private readonly origin: string,
  ) {
    super(script);
  }

  /**
   * What a function returns, as BiDi gives it (a node as its shared reference). The driver's own functions read the
   * DOM from a sandbox of the page and await nothing: in a Firefox without script, a call in the page's realm, or
   * a promise, never answers. `inPage`: the journey's own function (evaluate, with script), awaited.
   */
  private async callFunction(functionDeclaration: string, args: Args, inPage = false) {
    const result = await this.bidi.scriptCallFunction({
      functionDeclaration,
      arguments: args,
      target: inPage ? { context: this.context } : { context: this.context, sandbox: SANDBOX },
      awaitPromise: inPage,
    });
    if (result.type === "exception") throw new Error(result.exceptionDetails.text);
    return (result.result as { value?: unknown }).value;
  }
  /** `fn(element, ...strings)`, its result as JSON. */
  private async on<T>(element: Node, fn: string, ...strings: string[]): Promise<T> {
    const json = `function (...args) { return JSON.stringify((${fn}).apply(null, args) ?? null); }`;
    const args = [element, ...strings.map((value) => ({ type: "string" as const, value }))];
    return JSON.parse((await this.callFunction(json, args)) as string) as T;
  }
  private async perform(source: ReturnType<typeof keyActions | typeof mouseActions>) {
    await this.bidi.inputPerformActions({ context: this.context, actions: [source] });
  }

  async goto(path: string) {
    // "interactive": once the HTML is parsed, whether the page's load event comes or not
    await this.bidi.browsingContextNavigate({
      context: this.context,
      url: `${this.origin}${path}`,
      wait: "interactive",
    });
  }
  async path() {
    const { contexts } = await this.bidi.browsingContextGetTree({ root: this.context, maxDepth: 0 });
    const url = new URL(contexts[0].url);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  async viewport(width: number, height: number) {
    await this.bidi.browsingContextSetViewport({ context: this.context, viewport: { width, height } });
    this.size = { width, height };
  }
  clickAt(x: number, y: number) {
    return this.perform(mouseActions(x, y));
  }
  key(chord: Key) {
    return this.perform(keyActions(chord));
  }
  async setCookie({ name, value }: { name: string; value: string }) {
    await this.bidi.storageSetCookie({
      cookie: { name, value: { type: "string", value }, domain: "127.0.0.1", path: "/", sameSite: "lax" },
      partition: { type: "storageKey", userContext: this.userContext },
    });
  }
  async screenshot() {
    return Buffer.from((await this.bidi.browsingContextCaptureScreenshot({ context: this.context })).data, "base64");
  }
  async close() {
    await this.bidi.browsingContextClose({ context: this.context });
    await this.bidi.browserRemoveUserContext({ userContext: this.userContext });
  }
  protected async run(body: string) {
    const json = `async function () { return JSON.stringify((await (function () { ${body} })()) ?? null); }`;
    return JSON.parse((await this.callFunction(json, [], true)) as string) as unknown;
  }
  protected async all(css: string) {
    const nodes = await this.callFunction("(css) => [...document.querySelectorAll(css)]", [
      { type: "string", value: css },
    ]);
    return (nodes as Node[]).map(({ sharedId }) => ({ sharedId }));
  }
  protected textOf(element: Node) {
    return this.on<string>(element, "(el) => el.textContent ?? ''");
  }
  protected isShown(element: Node) {
    // the page says: WebDriver's "displayed" counts what a closed <details> holds (content-visibility: hidden)
    return this.on<boolean>(
      element,
      "(el) => el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })",
    );
  }
  protected boxOf(element: Node) {
    return this.on<Box>(element, "(el) => el.getBoundingClientRect().toJSON()");
  }
  protected attributeOf(element: Node, name: string) {
    return this.on<string | null>(element, "(el, name) => el.getAttribute(name)", name);
  }
  protected fieldValueOf(element: Node) {
    return this.on<string>(element, "(el) => el.value ?? ''");
  }
  protected async clickOn(element: Node) {
    const { x, y } = await this.inView(element);
    await this.perform(mouseActions(x, y));
  }
  protected async hoverOn(element: Node) {
    const { x, y } = await this.inView(element);
    await this.perform(mouseActions(x, y, true));
  }
  protected async typeIn(element: Node, text: string) {
    await this.clickOn(element);
    await this.key("End");
    for (const char of text) await this.key(char);
  }
  protected async focusOn(element: Node) {
    await this.on(element, "(el) => el.focus()");
  }
  protected isActive(element: Node) {
    return this.on<boolean>(element, "(el) => el === document.activeElement");
  }

  /** Brings an element into view, once it stays put there, and returns its centre (BiDi's input does not scroll). */
  private async inView(element: Node) {
    const read = async () => {
      const box = await this.boxOf(element);
      if (!box.width || !box.height) throw new Error("the element is not visible");
      return box;
    };
    const { width, height } = this.size;
    const inside = (b: Box) => b.y >= 0 && b.y + b.height <= height && b.x >= 0 && b.x + b.width <= width;
    let box = await settled(read);
    for (let tries = 0; !inside(box); tries += 1) {
      if (tries === 3) throw new Error(`the element is out of view at ${JSON.stringify(box)}`);
      await this.on(element, "(el) => el.scrollIntoView({ block: 'center', behavior: 'instant' })");
      box = await settled(read, AFTER_SCROLL);
    }
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
}

interface Browser {
  bidi: Bidi;
  version: string;
  close(): Promise<void>;
}

/** The page's alerts, which no journey expects: each is noted, and dismissed. */
const dismiss =
  (bidi: Bidi, alerts: string[]) =>
  ({ context, message }: { context: string; message: string }) => {
    alerts.push(message);
    bidi.browsingContextHandleUserPrompt({ context, accept: false }).catch(() => undefined);
  };

/**
 * Chromium, through Debian's chromedriver, which WebdriverIO starts; its BiDi session is `remote()`'s default. The
 * driver leads a process group of its own, Chromium in it: a harness that ends early (Ctrl+C: run.ts) ends them both.
 */
async function startChromium(executablePath: string, chromedriver: string, proxyPort: number, alerts: string[]) {
  const inItsOwnGroup = { spawnOpts: { detached: true } };
  const browser = await remote({
    logLevel: "silent",
    connectionRetryTimeout: COMMAND_MS,
    bidiResponseTimeout: COMMAND_MS,
    capabilities: {
      browserName: "chrome",
      acceptInsecureCerts: true,
      "goog:chromeOptions": {
        binary: executablePath,
        args: ["--headless=new", ...chromium.args, `--proxy-server=http://127.0.0.1:${proxyPort}`],
      },
      "wdio:chromedriverOptions": { binary: chromedriver, ...inItsOwnGroup },
    },
  });
  const group = -(browser.capabilities as { "wdio:driverPID": number })["wdio:driverPID"];
  const stop = () => {
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", stop);
  await browser.sessionSubscribe({ events: ["browsingContext.userPromptOpened"] });
  browser.on("browsingContext.userPromptOpened", dismiss(browser, alerts));
  return {
    bidi: browser,
    version: `Chromium ${browser.capabilities.browserVersion}`,
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      stop();
      process.off("exit", stop);
    },
  } satisfies Browser;
}

/**
 * Firefox ESR on its own BiDi endpoint (`--remote-debugging-port`), joined by WebdriverIO's BiDi client, which then
 * starts a session on it (`session.new`). Its proxy and script are a profile's preferences: Firefox ESR has no
 * `emulation.setScriptingEnabled`, so the journeys without script have a Firefox of their own.
 */
async function startFirefox(executablePath: string, proxyPort: number, script: boolean, dir: string, alerts: string[]) {
  const profile = path.join(dir, script ? "profile" : "profile-without-script");
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const prefs = {
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": proxyPort,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": proxyPort,
    "javascript.enabled": script,
  };
  const userJs = Object.entries(prefs).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`);
  writeFileSync(path.join(profile, "user.js"), userJs.join(""));
  const firefox = spawn(
    executablePath,
    ["--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0", "about:blank"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  firefox.on("error", () => undefined);
  const stop = () => void firefox.kill("SIGTERM");
  // a harness that ends early (an error, Ctrl+C: run.ts) leaves no Firefox behind
  process.once("exit", stop);
  // what Firefox says, kept for a failure's reading
  const log = createWriteStream(path.join(dir, `firefox${script ? "" : "-without-script"}.log`));
  firefox.stdout.pipe(log);
  firefox.stderr.pipe(log);
  const endpoint = await new Promise<string>((resolve, reject) => {
    let said = "";
    firefox.stderr.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      const found = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(said);
      if (found) resolve(found[1]);
    });
    firefox.once("exit", (code) => reject(new Error(`Firefox exited (${code}) before its BiDi endpoint opened`)));
  });
  const client = await WebDriver.attachToSession({
    sessionId: "none yet: session.new makes it",
    // a session's answer names its endpoint here, where a request says `true`
    capabilities: { webSocketUrl: `${endpoint}/session` as unknown as boolean },
    logLevel: "silent",
    bidiResponseTimeout: COMMAND_MS,
  });
  await until("Firefox's BiDi endpoint answers", async () => client.isBidi);
  const { capabilities } = await client.sessionNew({
    capabilities: { alwaysMatch: { acceptInsecureCerts: true, unhandledPromptBehavior: { default: "ignore" } } },
  });
  await client.sessionSubscribe({ events: ["browsingContext.userPromptOpened"] });
  client.on("browsingContext.userPromptOpened", dismiss(client, alerts));
  return {
    bidi: client,
    version: `Firefox ESR ${capabilities.browserVersion}`,
    close: async () => {
      await client.sessionEnd({}).catch(() => undefined);
      stop();
      process.off("exit", stop);
    },
  } satisfies Browser;
}

/** Chromium or Firefox ESR, their third parties through the proxy at `proxyPort`. */
export async function startBidi(
  engine: "chromium" | "firefox",
  executablePath: string,
  options: { chromedriver?: string; origin: string; proxyPort: number; alerts: string[]; dataDir: string },
): Promise<EngineRunner> {
  const { origin, proxyPort, alerts, dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const browsers = new Map<boolean, Promise<Browser>>();
  const browserFor = (script: boolean) => {
    // Chromium turns script off in a user context; Firefox needs a second browser for that
    const key = engine === "chromium" ? true : script;
    if (!browsers.has(key))
      browsers.set(
        key,
        engine === "chromium"
          ? startChromium(executablePath, options.chromedriver!, proxyPort, alerts)
          : startFirefox(executablePath, proxyPort, key, dataDir, alerts),
      );
    return browsers.get(key)!;
  };
  await browserFor(true);
  return {
    version: async () => (await browserFor(true)).version,
    open: async (script: boolean) => {
      const { bidi } = await browserFor(script);
      const { userContext } = await bidi.browserCreateUserContext({});
      const { context } = await bidi.browsingContextCreate({ type: "tab", userContext });
      if (!script && engine === "chromium")
        await bidi.emulationSetScriptingEnabled({ enabled: false, userContexts: [userContext] });
      return new BidiDriver(engine, bidi, context, userContext, script, origin);
    },
    close: async () => {
      for (const browser of browsers.values()) await (await browser).close();
    },
  };
}
