// A Markdown body as the build renders it, for the editor's previews and a campaign's text blocks: the same parser, plugins and HTML writer that
// gatsby-transformer-remark runs with this site's options (gfm and footnotes on, no remark plugins: gatsby-config.ts),
// then the build's one change to the HTML (src/node/markdown-html.ts). The editor's browser test holds a preview's
// HTML to the built page's (__tests__/e2e/editor.spec.ts).
import remark from "remark";
import remarkGfm from "remark-gfm";
import remarkFootnotes from "remark-footnotes";
import toHast from "mdast-util-to-hast";
import toHtml from "hast-util-to-html";
import { focusableTables } from "./html";

// remark 13's plugins are typed against a later unified than remark 13's own: the chain is typed by hand
type Plugin = (this: unknown, options?: unknown) => void;
const parser = (remark() as unknown as { use(plugin: Plugin, options?: object): ReturnType<typeof remark> })
  .use(remarkGfm as unknown as Plugin)
  .use(remarkFootnotes as unknown as Plugin, { inlineNotes: true }) as unknown as ReturnType<typeof remark>;

export function markdownHtml(markdown: string): string {
  const tree = parser.runSync(parser.parse(markdown));
  const hast = toHast(tree as Parameters<typeof toHast>[0], { allowDangerousHtml: true });
  return focusableTables(toHtml(hast as Parameters<typeof toHtml>[0], { allowDangerousHtml: true }));
}
