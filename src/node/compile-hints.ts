import type { Compiler } from "webpack";

/**
 * The scripts every page runs at once (React DOM in `framework-*.js`, Gatsby's runtime and the layout in `app-*.js`)
 * begin with V8's compile hint `//# allFunctionsCalledOnLoad`: a browser that has never seen the site compiles all
 * their functions on a background thread while the script streams in, instead of each one on the main thread the
 * first time hydration calls it. Chromium reads the comment (since 136) when it is the file's first line; other
 * engines see a comment. The page templates, the islands and the rest load later or are small, and keep V8's lazy
 * compilation: a function compiled eagerly and never called costs a phone memory for nothing.
 * https://v8.dev/blog/explicit-compile-hints
 *
 * Added after the minifier (which drops comments) by webpack-config.ts, through webpack's public plugin API.
 * Measured on a cold load (a fresh Chromium, unthrottled, the local server): the task that evaluates the first
 * scripts 12–18 ms → 7–11 ms, the rest of hydration unchanged (docs/performance.md, issue 45).
 */
export const HINT = "//# allFunctionsCalledOnLoad\n";
export const HINTED = /^(framework|app)-[0-9a-f]+\.js$/;

export const compileHints = {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("compile-hints", (compilation) =>
      compilation.hooks.processAssets.tap(
        { name: "compile-hints", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets))
            if (HINTED.test(name)) compilation.updateAsset(name, (source) => new sources.ConcatSource(HINT, source));
        },
      ),
    );
  },
};
