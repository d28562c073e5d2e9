import { mkdirSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import {
  SCRIPTS_SLICE,
  afterFirstPaintLoader,
  loadScriptsAfterFirstPaint,
  scriptsAfterFirstPaint,
} from "../../src/node/scripts-after-paint";
import { tempDir } from "../support/temp-dir";
import { runOnCreateWebpackConfig } from "../support/webpack-config";

// The slice as gatsby-webpack-stats-extractor writes it (Gatsby 5.16), cut to its shape.
const chunkMapping = `
          <script
            id="gatsby-chunk-mapping"
          >
            window.___chunkMapping="{\\"app\\":[\\"/app-1.js\\"]}";
          </script>
        `;
const hash = `<script>window.___webpackCompilationHash="90906dd4";</script>`;
const slice =
  chunkMapping +
  hash +
  `<script src="/webpack-runtime-1.js" async></script><script src="/framework-1.js" async></script>` +
  `<script src="/app-1.js" async></script>`;

describe("loadScriptsAfterFirstPaint", () => {
  it("replaces Gatsby's async script tags by the loader of the same files, in the same order", () => {
    const out = loadScriptsAfterFirstPaint(slice);
    expect(out).not.toMatch(/<script src=/);
    expect(out).toBe(
      chunkMapping + hash + afterFirstPaintLoader(["/webpack-runtime-1.js", "/framework-1.js", "/app-1.js"]),
    );
    expect(out).toContain(`(["/webpack-runtime-1.js","/framework-1.js","/app-1.js"])</script>`);
  });

  it("keeps scripts that are not async (Gatsby's nomodule polyfill)", () => {
    const polyfill = `<script src="/polyfill-1.js" nomodule></script>`;
    expect(loadScriptsAfterFirstPaint(polyfill + slice)).toContain(polyfill);
  });

  it("says so when Gatsby's slice no longer has async script tags", () => {
    expect(() => loadScriptsAfterFirstPaint(chunkMapping + hash)).toThrow(/changed shape/);
  });
});

describe("the loader in the page", () => {
  type Callback = (
    list: { getEntriesByName: (name: string) => unknown[] },
    observer: { disconnect: () => void },
  ) => void;
  const observers: { callback: Callback; options: unknown; disconnect: jest.Mock }[] = [];
  const scriptsAdded = () => [...document.body.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));
  const run = (sources: string[]) => {
    const code = afterFirstPaintLoader(sources).replace(/^<script>|<\/script>$/g, "");
    new Function(code)();
  };
  const paint = (name: string) => {
    const { callback, disconnect } = observers[0];
    callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect });
  };
  const fakeObserver = (supportedEntryTypes: string[]) => {
    const Observer = jest.fn(function (this: object, callback: Callback) {
      const entry = { callback, options: undefined as unknown, disconnect: jest.fn() };
      observers.push(entry);
      Object.assign(this, { observe: (options: unknown) => (entry.options = options) });
    });
    Object.assign(Observer, { supportedEntryTypes });
    Object.assign(window, { PerformanceObserver: Observer });
  };

  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = "<main>Page</main>";
    observers.length = 0;
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it("adds the scripts, in order, in the task after the first contentful paint, and only once", () => {
    fakeObserver(["paint", "resource"]);
    run(["/webpack-runtime-1.js", "/app-1.js"]);
    expect(observers).toHaveLength(1);
    expect(observers[0].options).toEqual({ type: "paint", buffered: true });
    paint("first-paint");
    jest.runAllTimers();
    expect(scriptsAdded()).toEqual([]);
    paint("first-contentful-paint");
    expect(observers[0].disconnect).toHaveBeenCalled();
    expect(scriptsAdded()).toEqual([]);
    jest.runAllTimers();
    expect(scriptsAdded()).toEqual(["/webpack-runtime-1.js", "/app-1.js"]);
    paint("first-contentful-paint");
    jest.runAllTimers();
    expect(scriptsAdded()).toHaveLength(2);
  });

  it("adds the scripts at once where the browser cannot report paints", () => {
    fakeObserver(["resource"]);
    run(["/app-1.js"]);
    expect(scriptsAdded()).toEqual(["/app-1.js"]);
    expect(observers).toHaveLength(0);
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    document.body.innerHTML = "";
    run(["/app-1.js"]);
    expect(scriptsAdded()).toEqual(["/app-1.js"]);
  });
});

describe("the webpack plugin", () => {
  it("rewrites the slice Gatsby wrote when the browser's bundle is done", async () => {
    const directory = tempDir("slice-");
    mkdirSync(path.dirname(path.join(directory, SCRIPTS_SLICE)), { recursive: true });
    writeFileSync(path.join(directory, SCRIPTS_SLICE), slice);
    let done: (() => Promise<void>) | undefined;
    scriptsAfterFirstPaint(directory).apply({
      hooks: { done: { tapPromise: (_name, callback) => (done = callback) } },
    });
    await done?.();
    expect(readFileSync(path.join(directory, SCRIPTS_SLICE), "utf8")).toBe(loadScriptsAfterFirstPaint(slice));
  });

  it("is added to the browser's bundle only", () => {
    const config = () => ({ entry: { app: "/site/.cache/production-app" }, resolve: { alias: {} }, plugins: [] });
    const names = (stage: string) => {
      const built = config();
      runOnCreateWebpackConfig(stage, built);
      return (built.plugins as { name?: string }[]).filter((plugin) => plugin.name === "scripts-after-first-paint");
    };
    expect(names("build-javascript")).toHaveLength(1);
    expect(names("build-html")).toHaveLength(0);
    expect(names("develop")).toHaveLength(0);
  });
});
