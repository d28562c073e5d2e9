// Decap's local backend (decap-server's own middleware) for the editor at /admin/, on the local servers only
// (scripts/serve.mjs, and `gatsby develop` through src/node/dev-server.ts), never deployed: the editor there reads
// and writes the files of content/ in this folder, with no account (docs/publishing.md#the-editor). It answers at
// EDITOR_LOCAL_BACKEND on the site's own origin, which the editor's policy already allows. The folder is decap-server's
// own GIT_REPO_DIRECTORY (default: the folder the server runs in); the browser tests give it a scratch copy.
// decap-server itself checks only that a path stays inside that folder, and answers any page that can reach it; so
// every request passes editor-guard.ts first, before decap-server reads a byte of it: a JSON post of a page of this
// server, from this machine, for what the editor edits (docs/security.md#the-editors-local-backend).
import type { IncomingMessage, ServerResponse } from "http";
import path from "path";
import { EDITOR_LOCAL_BACKEND } from "../lib/editor-address";
import { editorPlaces } from "../lib/editor-places";
import { backendOff, pathRefusal, requestRefusal } from "./editor-guard";
import { SECURITY_HEADERS } from "./security-headers";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** decap-server's own limit of a request's body (its express.json). */
const BODY_LIMIT = 50 * 1024 * 1024;

export interface EditorBackend {
  /** why the backend is off, in the words /admin/ shows instead of the editor; null when it answers */
  off: string | null;
  /** the handler of requests to EDITOR_LOCAL_BACKEND */
  handle: Handler;
}

export interface EditorBackendOptions {
  /** the folder whose content/ the editor edits */
  folder?: string;
  /** the address the server listens on (serve.mjs's --host, gatsby develop's -H) */
  listening: string;
  env?: Record<string, string | undefined>;
}

/** The backend's own answer: JSON, with the security headers every answer of the local server carries. */
const answer = (res: ServerResponse, status: number, error: string) =>
  res
    .writeHead(status, { ...SECURITY_HEADERS, "Content-Type": "application/json; charset=utf-8" })
    .end(JSON.stringify({ error }));

/** The body, as text, or null past BODY_LIMIT (read to its end all the same, so the client hears the answer). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on("end", () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const parsed = (text: string): { body: unknown } | null => {
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
};

/** The backend for the files of `folder`, on a server listening on `listening`. */
export async function editorBackend({
  folder = process.env.GIT_REPO_DIRECTORY || process.cwd(),
  listening,
  env = process.env,
}: EditorBackendOptions): Promise<EditorBackend> {
  const off = backendOff(listening, env);
  // off, decap-server is never loaded: nothing of the folder is read
  if (off) return { off, handle: (_req, res) => answer(res, 403, off) };

  const { default: express } = await import("express");
  // decap-server reads the folder from its variable when it registers
  process.env.GIT_REPO_DIRECTORY = path.resolve(folder);
  const { registerLocalFs } = await import("decap-server/dist/middlewares");
  const app = express();
  await registerLocalFs(app, { logLevel: "warn" });
  const places = editorPlaces();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = requestRefusal({
      method: req.method,
      host: req.headers.host,
      origin: req.headers.origin,
      contentType: req.headers["content-type"],
      remoteAddress: req.socket.remoteAddress,
      port: req.socket.localPort,
    });
    if (refusal) return void answer(res, 403, refusal);
    const text = await readBody(req);
    if (text === null) return void answer(res, 413, `The editor's backend takes at most ${BODY_LIMIT} bytes`);
    const json = parsed(text);
    if (!json) return void answer(res, 403, "The editor's backend takes only a JSON post, and this body is not JSON");
    const outside = pathRefusal(json.body, places);
    if (outside) return void answer(res, 403, outside);
    // decap-server's express.json (body-parser 1.x) leaves a body it finds read already (its own flag, req._body)
    // in req.body: what was checked is exactly what decap-server acts on, and is not read twice
    Object.assign(req, { body: json.body, _body: true });
    // the middleware answers at its own path, /api/v1
    req.url = (req.url ?? "").replace(EDITOR_LOCAL_BACKEND, "/api/v1");
    app(req as never, res as never);
  };
  return {
    off: null,
    handle: (req, res) => {
      handle(req, res).catch((error: Error) => {
        console.error(`the editor's backend failed: ${error.message}`);
        if (!res.headersSent) answer(res, 500, "The editor's backend could not answer this request");
        else res.end();
      });
    },
  };
}
