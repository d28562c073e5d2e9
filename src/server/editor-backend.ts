// Decap's local backend (decap-server's own middleware) for the editor at /admin/, on the local servers only
// (scripts/serve.mjs, and `gatsby develop` through src/node/dev-server.ts), never deployed: the editor there reads
// and writes the files of content/ in this folder, with no account (docs/publishing.md#the-editor). It answers at
// EDITOR_LOCAL_BACKEND on the site's own origin, which the editor's policy already allows. The folder is decap-server's
// own GIT_REPO_DIRECTORY (default: the folder the server runs in); the browser tests give it a scratch copy.
import type { IncomingMessage, ServerResponse } from "http";
import path from "path";
import { EDITOR_LOCAL_BACKEND } from "../lib/editor-address";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The backend, as one handler for requests to EDITOR_LOCAL_BACKEND, for the files of `folder`. */
export async function editorBackend(folder = process.env.GIT_REPO_DIRECTORY || process.cwd()): Promise<Handler> {
  const { default: express } = await import("express");
  // decap-server reads the folder from its variable when it registers
  process.env.GIT_REPO_DIRECTORY = path.resolve(folder);
  const { registerLocalFs } = await import("decap-server/dist/middlewares");
  const app = express();
  await registerLocalFs(app, { logLevel: "warn" });
  return (req, res) => {
    // the middleware answers at its own path, /api/v1
    req.url = (req.url ?? "").replace(EDITOR_LOCAL_BACKEND, "/api/v1");
    app(req as never, res as never);
  };
}
