import type { GatsbyNode } from "gatsby";
import { compileHints } from "./compile-hints";
import { editorAfterSite, editorBundle } from "./editor";
import { rendererBuilt } from "./renderer-built";

/**
 * Changes to Gatsby's webpack configuration for the production build, each kept because a measurement shows it pays
 * (docs/architecture.md: the rule for code that depends on Gatsby's or webpack's internals):
 * - both bundles: short class names for CSS modules, and no webpack cache on disk (below);
 * - build-javascript: CSS modules in any order (below), and V8's compile hint on the first scripts (compile-hints.ts);
 * - build-html: a plugin that says when the HTML renderer is built (renderer-built.ts).
 * The development server keeps Gatsby's configuration. Both build the authors' editor beside the site (editor.ts).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateWebpackConfig
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = async (args) => {
  const { stage, actions, getConfig } = args;
  if (stage === "develop") return editorBundle(args);
  if (stage !== "build-javascript" && stage !== "build-html") return;
  const config = getConfig();
  shortenClassNames(config.module?.rules);
  // Gatsby gives both compilations webpack's filesystem cache (.cache/webpack), for the next build to reuse. No
  // build here reuses it: `npm run build` (Netlify's command too) starts by deleting .cache. Writing it was pure
  // cost, the HTML renderer's most of all (its snapshot of every file the server bundle and its build
  // dependencies touch: 12 s → 5 s for that stage).
  config.cache = false;
  if (stage === "build-html") config.plugins = [...(config.plugins ?? []), rendererBuilt];
  if (stage === "build-javascript") {
    ignoreCssOrder(config.plugins);
    config.plugins = [...(config.plugins ?? []), compileHints];
  }
  actions.replaceWebpackConfig(config);
  // after the changes above, which the editor's bundle starts from; compiled once the site's are written (editor.ts)
  if (stage === "build-javascript") editorAfterSite(args);
};

/**
 * Gatsby names a CSS module's class `[name]--[local]--[hash:hex:5]` ("footer-module--newsletterInner--3f2a1"):
 * written in every element's class attribute, in the inlined CSS and in the scripts, that was a sixth of a page's
 * HTML. The production build uses a hash of the file and the class alone (css-loader's [hash], 6 letters and digits,
 * the same in the HTML renderer and the browser's bundle); the development server keeps the readable names.
 */
const CLASS_NAME = "[hash:base62:6]";

type Rule = { loader?: string; options?: { modules?: unknown }; use?: unknown; oneOf?: unknown; rules?: unknown };

function shortenClassNames(rules: unknown): void {
  if (!Array.isArray(rules)) return;
  for (const rule of rules as Rule[]) {
    if (!rule || typeof rule !== "object") continue;
    const modules = rule.options?.modules;
    if (rule.loader?.includes("css-loader") && modules && typeof modules === "object")
      (modules as { localIdentName: string }).localIdentName = CLASS_NAME;
    shortenClassNames(rule.use);
    shortenClassNames(rule.oneOf);
    shortenClassNames(rule.rules);
  }
}

/**
 * Gatsby gathers every stylesheet into one, which each page inlines, in an order mini-css-extract-plugin merges from
 * every chunk's imports; the islands' chunks (src/components/islands/) import theirs in orders no single list fits,
 * and the plugin warns of each conflict (and `npm test` fails a build that warns). Its output is the same with the
 * warning or without: measured on every page, the islands moved one block, the forms' fields.module.css, later in
 * the sheet, and no element takes a class of that module and of another. The plugin's option for projects whose
 * classes are scoped, as CSS modules' are, is `ignoreOrder`; the visual tests hold the look.
 * https://github.com/webpack-contrib/mini-css-extract-plugin#remove-order-warnings
 */
function ignoreCssOrder(plugins: unknown[] | undefined): void {
  for (const plugin of plugins ?? []) {
    const options = (plugin as { options?: { ignoreOrder?: boolean } } | null)?.options;
    if (plugin?.constructor?.name === "MiniCssExtractPlugin" && options) options.ignoreOrder = true;
  }
}
