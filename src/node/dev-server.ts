import type { GatsbyNode } from "gatsby";
import type { IncomingMessage, ServerResponse } from "http";
import { EDITOR_LOCAL_BACKEND } from "../lib/editor-address";
import { editorBackend } from "../server/editor-backend";
import { openStore } from "../server/store/open-store";

// `gatsby develop`: the embedded submissions store, which it keeps open for the functions and for `npm run leads`,
// and the functions under /api/ through Netlify's local emulation, as `npm start` serves them
// (src/server/netlify-emulation.ts), and the editor's local backend on the files of content/ here
// (src/server/editor-backend.ts). This process's environment holds no secret (src/server/secret-env.ts): the
// embedded store, no e-mail, no webhook, no captcha check.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app, reporter }) => {
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
  const editor = await editorBackend();
  app.post(EDITOR_LOCAL_BACKEND, (req: IncomingMessage, res: ServerResponse) => editor(req, res));
  app.use("/api", (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    req.url = req.originalUrl ?? req.url;
    void emulation.handle(req, res);
  });
};
