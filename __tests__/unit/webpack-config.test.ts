import { CLASS_NAME } from "../../src/node/webpack-config";
import { runOnCreateWebpackConfig } from "../support/webpack-config";

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

  it("gives CSS modules short class names in both production bundles, the same in each", () => {
    expect(CLASS_NAME).toBe("[hash:base62:6]");
    expect(classNames(run("build-javascript").config)).toBe(CLASS_NAME);
    const html = run("build-html");
    expect(html.replaceWebpackConfig).toHaveBeenCalledWith(html.config);
    expect(classNames(html.config)).toBe(CLASS_NAME);
    const javascript = run("build-javascript");
    expect(javascript.config.entry.app).toBe("/site/.cache/production-app");
    expect(javascript.config.plugins).toEqual([]);
  });

  it("writes no webpack cache in the production build, which always starts cold", () => {
    expect(run("build-javascript").config.cache).toBe(false);
    expect(run("build-html").config.cache).toBe(false);
  });

  it("leaves the development server's configuration alone", () => {
    const develop = run("develop");
    expect(develop.replaceWebpackConfig).not.toHaveBeenCalled();
    expect(classNames(develop.config)).toBe("[name]--[local]--[hash:hex:5]");
    expect(develop.config.cache).toMatchObject({ type: "filesystem" });
  });
});
