import { runInTasks } from "../../src/browser/run-in-tasks";
import { CLASS_NAME } from "../../src/node/webpack-config";
import { runOnCreateWebpackConfig } from "../support/webpack-config";

describe("runInTasks", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs the first step at once and each next one in a later task, in order", () => {
    const ran: string[] = [];
    runInTasks([() => ran.push("a"), () => ran.push("b"), () => ran.push("c")]);
    expect(ran).toEqual(["a"]);
    jest.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b"]);
    jest.advanceTimersToNextTimer();
    expect(ran).toEqual(["a", "b", "c"]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("does nothing without steps", () => {
    expect(() => runInTasks([])).not.toThrow();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe("the browser's entry", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.resetModules();
  });

  it("evaluates React DOM, the layout and then Gatsby's entry, each in its own task", () => {
    const evaluated: string[] = [];
    jest.doMock("react-dom/client", () => evaluated.push("react-dom"));
    jest.doMock("../../src/root", () => evaluated.push("layout"));
    jest.doMock("gatsby-production-app", () => evaluated.push("gatsby"), { virtual: true });
    jest.isolateModules(() => require("../../src/browser/start"));
    expect(evaluated).toEqual(["react-dom"]);
    jest.advanceTimersToNextTimer();
    expect(evaluated).toEqual(["react-dom", "layout"]);
    jest.advanceTimersToNextTimer();
    expect(evaluated).toEqual(["react-dom", "layout", "gatsby"]);
  });
});

describe("onCreateWebpackConfig", () => {
  const cssModules = () => ({
    loader: "/site/node_modules/css-loader/dist/cjs.js",
    options: { modules: { localIdentName: "[name]--[local]--[hash:hex:5]" } },
  });
  const makeConfig = (app: unknown) => ({
    entry: { app },
    resolve: { alias: { react: "/site/node_modules/react" } },
    module: { rules: [{ oneOf: [{ test: /\.module\.css$/, use: [{ loader: "mini-css-extract" }, cssModules()] }] }] },
    plugins: [],
    cache: { type: "filesystem", name: "stage", cacheLocation: "/site/.cache/webpack/stage" } as object | false,
  });
  const run = (stage: string, app: unknown = "/site/.cache/production-app") => {
    const config = makeConfig(app);
    return { ...runOnCreateWebpackConfig(stage, config), config };
  };
  const classNames = (config: ReturnType<typeof makeConfig>) =>
    (config.module.rules[0].oneOf[0].use[1] as ReturnType<typeof cssModules>).options.modules.localIdentName;

  it("makes src/browser/start.ts the browser's entry, with Gatsby's own entry reachable from it", () => {
    const { replaceWebpackConfig, config } = run("build-javascript");
    expect(replaceWebpackConfig).toHaveBeenCalledWith(config);
    expect(config.entry).toEqual({ app: "/site/src/browser/start.ts" });
    expect(config.resolve.alias).toEqual({
      react: "/site/node_modules/react",
      "gatsby-production-app$": "/site/.cache/production-app",
    });
  });

  it("gives CSS modules short class names in both production bundles, the same in each", () => {
    expect(CLASS_NAME).toBe("[hash:base62:6]");
    expect(classNames(run("build-javascript").config)).toBe(CLASS_NAME);
    const html = run("build-html");
    expect(html.replaceWebpackConfig).toHaveBeenCalledWith(html.config);
    expect(classNames(html.config)).toBe(CLASS_NAME);
    expect(html.config.entry.app).toBe("/site/.cache/production-app");
  });

  it("writes no webpack cache in the production build, which always starts cold", () => {
    expect(run("build-javascript").config.cache).toBe(false);
    expect(run("build-html").config.cache).toBe(false);
  });

  it("says so when Gatsby's entry is no longer one file", () => {
    expect(() => run("build-javascript", ["/site/.cache/production-app"])).toThrow(/entry changed shape/);
  });

  it("leaves the development server's configuration alone", () => {
    const develop = run("develop");
    expect(develop.replaceWebpackConfig).not.toHaveBeenCalled();
    expect(classNames(develop.config)).toBe("[name]--[local]--[hash:hex:5]");
    expect(develop.config.cache).toMatchObject({ type: "filesystem" });
  });
});
