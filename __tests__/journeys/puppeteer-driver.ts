import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from "puppeteer-core";
import chromium from "../../scripts/chromium.json";
import { AFTER_SCROLL, ElementDriver, settled, type Box, type Key } from "./driver";
import type { EngineRunner } from "./engines";

// Chromium over CDP and Firefox ESR over WebDriver BiDi, both through puppeteer-core, with Debian's own browsers.
// Each journey gets a browser context of its own (cookies, storage and cache start empty).

const KEYS: Record<string, KeyInput> = { Space: " " };

class PuppeteerDriver extends ElementDriver<ElementHandle<Element>> {
  constructor(
    readonly engine: "chromium" | "firefox",
    private readonly page: Page,
    script: boolean,
    private readonly origin: string,
    private readonly onClose: () => Promise<void>,
  ) {
    super(script);
  }

  async goto(path: string) {
    await this.page.goto(`${this.origin}${path}`, { waitUntil: "domcontentloaded" });
  }
  async path() {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}${url.hash}`;
  }
  viewport(width: number, height: number) {
    return this.page.setViewport({ width, height });
  }
  clickAt(x: number, y: number) {
    return this.page.mouse.click(x, y);
  }
  async key(chord: Key) {
    const keys = chord.split("+").map((k) => KEYS[k] ?? (k as KeyInput));
    const last = keys.pop()!;
    for (const modifier of keys) await this.page.keyboard.down(modifier);
    await this.page.keyboard.press(last);
    for (const modifier of keys.reverse()) await this.page.keyboard.up(modifier);
  }
  setCookie({ name, value }: { name: string; value: string }) {
    return this.page.browserContext().setCookie({ name, value, domain: "127.0.0.1", path: "/", sameSite: "Lax" });
  }
  screenshot() {
    return this.page.screenshot();
  }
  close() {
    return this.onClose();
  }
  protected run(body: string) {
    return this.page.evaluate(new Function(body) as () => unknown);
  }
  protected async all(css: string) {
    // not page.$$(), nor the handles' click() or hover(): in Firefox with javascript.enabled off they never answer
    const list = await this.page.evaluateHandle((selector) => [...document.querySelectorAll(selector)], css);
    const elements = [...(await list.getProperties()).values()].map((h) => h.asElement() as ElementHandle<Element>);
    await list.dispose();
    return elements.filter(Boolean);
  }
  protected textOf(element: ElementHandle<Element>) {
    return element.evaluate((el) => el.textContent ?? "");
  }
  protected isShown(element: ElementHandle<Element>) {
    // not isVisible(), which counts what a closed <details> holds (laid out, but content-visibility: hidden)
    return element.evaluate((el) => el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }));
  }
  protected attributeOf(element: ElementHandle<Element>, name: string) {
    return element.evaluate((el, n) => el.getAttribute(n), name);
  }
  protected fieldValueOf(element: ElementHandle<Element>) {
    return element.evaluate((el) => (el as HTMLInputElement).value ?? "");
  }
  protected async clickOn(element: ElementHandle<Element>) {
    const { x, y } = await this.inView(element);
    await this.page.mouse.click(x, y);
  }
  protected async hoverOn(element: ElementHandle<Element>) {
    const { x, y } = await this.inView(element);
    await this.page.mouse.move(x, y);
  }
  protected async typeIn(element: ElementHandle<Element>, text: string) {
    await this.clickOn(element);
    await this.page.keyboard.press("End");
    await this.page.keyboard.type(text);
  }
  protected focusOn(element: ElementHandle<Element>) {
    return element.evaluate((el) => (el as HTMLElement).focus());
  }
  protected isActive(element: ElementHandle<Element>) {
    return element.evaluate((el) => el === document.activeElement);
  }

  /** Brings an element into view, once it stays put there, and returns its centre. */
  private async inView(element: ElementHandle<Element>) {
    const read = async () => {
      const box = await element.boundingBox();
      if (!box) throw new Error("the element is not visible");
      return box;
    };
    const { width, height } = this.page.viewport() ?? { width: 0, height: 0 };
    const inside = (b: Box) => b.y >= 0 && b.y + b.height <= height && b.x >= 0 && b.x + b.width <= width;
    let box = await settled(read);
    for (let tries = 0; !inside(box); tries += 1) {
      if (tries === 3) throw new Error(`the element is out of view at ${JSON.stringify(box)}`);
      await element.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      box = await settled(read, AFTER_SCROLL);
    }
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
}

/** Chromium (CDP) or Firefox ESR (BiDi), its third parties through `proxy`; a browser without script is apart. */
export async function startPuppeteer(
  engine: "chromium" | "firefox",
  executablePath: string,
  { origin, proxyPort, alerts }: { origin: string; proxyPort: number; alerts: string[] },
): Promise<EngineRunner> {
  const launch = (script: boolean): Promise<Browser> =>
    engine === "chromium"
      ? puppeteer.launch({
          executablePath,
          headless: true,
          acceptInsecureCerts: true,
          args: [...chromium.args, `--proxy-server=http://127.0.0.1:${proxyPort}`],
        })
      : // BiDi in Firefox ESR has no emulation.setScriptingEnabled: a session without script is a browser whose
        // javascript.enabled preference is off (docs/browsers.md)
        puppeteer.launch({
          browser: "firefox",
          executablePath,
          headless: true,
          acceptInsecureCerts: true,
          extraPrefsFirefox: {
            "network.proxy.type": 1,
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": proxyPort,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": proxyPort,
            "javascript.enabled": script,
          },
        });
  const browsers = new Map<boolean, Promise<Browser>>();
  const browserFor = (script: boolean) => {
    // Chromium turns script off per page; Firefox needs a second browser for that
    const key = engine === "chromium" ? true : script;
    if (!browsers.has(key)) browsers.set(key, launch(key));
    return browsers.get(key)!;
  };
  await browserFor(true);
  return {
    version: async () => (await browserFor(true)).version(),
    // goto returns once the HTML is parsed, whether the page's load event comes or not
    open: async (script: boolean) => {
      const context = await (await browserFor(script)).createBrowserContext();
      const page = await context.newPage();
      if (!script && engine === "chromium") await page.setJavaScriptEnabled(false);
      page.on("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      return new PuppeteerDriver(engine, page, script, origin, () => context.close());
    },
    close: async () => {
      for (const browser of browsers.values()) await (await browser).close();
    },
  };
}
