import type { GatsbyNode } from "gatsby";
import type { IncomingMessage, ServerResponse } from "http";
import { EDITOR_LOCAL_BACKEND } from "../lib/editor-address";
import { editorBackend } from "../server/editor-backend";
import { openStore } from "../server/store/open-store";

// `gatsby develop`: the embedded submissions store, which it keeps open for the functions and for `npm run leads`,
// and the functions under /api/ through Netlify's local emulation, as `npm start` serves them
// (src/server/netlify-emulation.ts), and the editor's local backend on the files of content/ here
// (src/server/editor-backend.ts), off when `-H` names an address others reach. This process's environment holds no
// secret (src/server/secret-env.ts): the embedded store, no e-mail, no webhook, no captcha check.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app, reporter, store: gatsbyState }) => {
  // the development server's address is the site's here, never a request's Host: its port is Gatsby's default or
  // PORT (gatsby-cli's own default); a port given as `-p`, which this process is not told, goes in ALLOWED_ORIGINS
  const port = process.env.PORT || "8000";
  process.env.ALLOWED_ORIGINS = [process.env.ALLOWED_ORIGINS, `http://localhost:${port}`, `http://127.0.0.1:${port}`]
    .filter(Boolean)
    .join(",");
  const store = await openStore(process.env, "server");
  reporter.info(`submissions store: ${store.where} (npm run leads reads it)`);
  // imported here only: the build never loads the emulation (an ES module graph Gatsby's compiled hooks cannot require)
  const { startEmulation } = await import("../server/netlify-emulation");
  const emulation = await startEmulation();
  // the address it listens on (`-H`, default localhost) is known only to Gatsby's own state, which its plugins read
  // too (gatsby-plugin-page-creator reads program.extensions); `gatsby develop -H 0.0.0.0` gives "0.0.0.0" here
  const { host } = (gatsbyState.getState() as { program: { host: string } }).program;
  const editor = await editorBackend({ listening: host });
  if (editor.off) reporter.warn(editor.off);
  // every method: the backend itself refuses all but a JSON post, in words (src/server/editor-guard.ts)
  app.all(EDITOR_LOCAL_BACKEND, (req: IncomingMessage, res: ServerResponse) => editor.handle(req, res));
  app.use("/api", (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    req.url = req.originalUrl ?? req.url;
    void emulation.handle(req, res);
  });
};
