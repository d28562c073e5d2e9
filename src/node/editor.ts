import type { CreateWebpackConfigArgs } from "gatsby";
import { readFileSync } from "fs";
import path from "path";
import webpack from "gatsby/webpack";
import { compileHints } from "./compile-hints";

/**
 * The authors' editor at /admin/ (src/cms/cms.tsx): Decap CMS, its page and bundle made by gatsby-plugin-decap-cms's
 * webpack build, with the site's own loaders, so that its previews draw the site's templates in the site's CSS.
 * The plugin's build is called from this site's onCreateWebpackConfig (webpack-config.ts) rather than listing the
 * plugin in gatsby-config.ts, and its change to the site's own bundles is not applied: both concern only Netlify
 * Identity (a gatsby-browser.js that would join every visitor page's app bundle, and a chunk rule for its widget),
 * which this site does not use. So no visitor page's scripts change (__tests__/e2e/editor.spec.ts).
 * https://github.com/decaporg/gatsby-plugin-decap-cms#options
 */
// the plugin ships CommonJS without types
const decap = require("gatsby-plugin-decap-cms/gatsby-node") as {
  onCreateWebpackConfig: (args: CreateWebpackConfigArgs, options: object) => Promise<void>;
};

/** "owner/name" of the repository the editor saves to on Netlify, from the build's REPOSITORY_URL, or "". */
export function repositoryOf(url: string | undefined): string {
  const match = /github\.com[/:]([^/]+\/[^/]+?)(\.git)?\/?$/.exec(url ?? "");
  return match ? match[1] : "";
}

/** The editor's page, which Decap fills; html-webpack-plugin adds its scripts, icon and robots meta to the head. */
const editorPage = ({ htmlWebpackPlugin }: { htmlWebpackPlugin: { options: { title: string } } }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body>
    <noscript>
      <p style="font: 1.125rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
        The editor needs JavaScript: turn it on for this page. Without it, the files of <code>content/</code> in the
        repository can be edited as <code>content/README.md</code> describes.
      </p>
    </noscript>
  </body>
</html>
`;

/** The build's arguments for the editor's bundle, kept until the site's own bundles are written. */
let afterSite: CreateWebpackConfigArgs | null = null;

/**
 * In a production build the editor is compiled after the site's bundles (buildEditorAfterSite, from onPostBuild), not
 * beside them: its configuration shares the site's plugin instances, and compiled first it moved visitor modules
 * between the shared chunks (events and webinar-list took in what they had shared; measured against a build
 * without the editor, whose visitor scripts were byte for byte those of the site before the editor).
 */
export function editorAfterSite(args: CreateWebpackConfigArgs): void {
  // this stage's configuration, as it is now: by onPostBuild, getConfig gives the HTML renderer's
  const config = args.getConfig();
  afterSite = { ...args, getConfig: () => config };
}

export async function buildEditorAfterSite(): Promise<boolean> {
  const args = afterSite;
  afterSite = null;
  if (args) await editorBundle(args);
  return Boolean(args);
}

export function editorBundle(args: CreateWebpackConfigArgs): Promise<void> {
  const site = JSON.parse(readFileSync(path.resolve("content/site.json"), "utf8")) as { title: string };
  return decap.onCreateWebpackConfig(
    { ...args, actions: { ...args.actions, setWebpackConfig: () => undefined } },
    {
      modulePath: path.resolve("src/cms/cms.tsx"),
      enableIdentityWidget: false,
      manualInit: true,
      htmlTitle: `Editor | ${site.title}`,
      htmlFavicon: path.resolve("src/images/icon.svg"),
      // robots "none": the editor is never indexed
      includeRobots: false,
      customizeWebpackConfig: (config: {
        plugins: unknown[];
        optimization: { minimizer: unknown[] };
        output: { publicPath?: string };
      }) => {
        // its files named from the site's root, so the page works at /admin as at /admin/ (Netlify serves both)
        config.output.publicPath = "/admin/";
        // its page says in English what it is, and what to do without script (the editor is all script)
        const page = config.plugins.find((p) => p?.constructor?.name === "HtmlWebpackPlugin") as
          { options: { templateContent?: unknown } } | undefined;
        if (page) page.options.templateContent = editorPage;
        // the compile hint is for the visitor pages' first scripts only
        config.plugins = config.plugins.filter((plugin) => plugin !== compileHints);
        // one script and one stylesheet: the forms' styles, which the site loads with their code, are then in the
        // sheet the preview pane links (a style loaded later would go to the editor's page, not the pane)
        config.plugins.push(new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }));
        // minifiers of its own: the site's, shared, kept state from this bundle into the site's (webpack's runtime
        // came out with other names)
        config.optimization.minimizer = [args.plugins.minifyJs(), args.plugins.minifyCss()];
        config.plugins.push(
          args.plugins.define({
            EDITOR_REPOSITORY: JSON.stringify(repositoryOf(process.env.REPOSITORY_URL)),
            // the branch pull requests go to, and which Netlify publishes (docs/publishing.md)
            EDITOR_BRANCH: JSON.stringify("main"),
          }),
        );
      },
    },
  );
}
