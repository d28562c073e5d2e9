// Serves the production build through Netlify's own local emulation (src/server/netlify-emulation.ts): the files of
// public/ with the headers and redirects of netlify.toml and public/_headers, the 404 page, and the functions of
// netlify/functions bundled and invoked as Netlify does, with its Blobs for applicants' CVs. What visitors send is
// kept in the submissions store: PostgreSQL at DATABASE_URL when it is set, else the embedded store under .data/,
// which this server has open while it runs (src/server/store/open-store.ts), so `npm run leads` reads it.
// This file adds what a server in front of Netlify's runtime adds: Netlify's CDN (src/server/edge-cache.ts: a static
// file answered from memory, compressed once, brotli or gzip), a 400 for a path that is not an address, a 301 from a
// trailing slash (trailingSlash "never"; always to a path of this host, never `//other.host`), and Decap's local
// backend for the editor at /admin/, on the files of content/ here (src/server/editor-backend.ts; GIT_REPO_DIRECTORY
// names another folder), off when it listens on an address others reach, and then /admin/ says so
// (src/server/editor-off-page.tsx). Its own answers (the 400, the 301, a 500) carry the security headers every answer
// carries (`ownAnswer`, src/server/security-headers.ts).
// Usage: node --import tsx scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--root DIR] [--with-parent]
import { existsSync } from "fs";
import { createServer } from "http";
import { networkInterfaces } from "os";
import path from "path";
import { parseArgs } from "util";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT || "9000" },
    host: { type: "string", default: process.env.HOST || "127.0.0.1" },
    // --root serves another checkout's build (the benchmark's --compare)
    root: { type: "string", default: path.join(path.dirname(new URL(import.meta.url).pathname), "..") },
    "with-parent": { type: "boolean", default: false },
  },
});
const root = path.resolve(options.root);
const port = Number(options.port);
const host = options.host;

if (!existsSync(path.join(root, "public", "404.html"))) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

// This server's own addresses are the site's here: the functions accept a post from a page of them, a comment's
// address on them, and build moderation links on them, as on Netlify they do with the site's configured URL (never
// a request's Host, which whoever sends the request chooses): loopback, and the address it listens on (each of the
// machine's for 0.0.0.0 or ::). Another name for it (a proxy's, a tunnel's) is added with ALLOWED_ORIGINS.
const listenedOn =
  host === "0.0.0.0" || host === "::"
    ? Object.values(networkInterfaces())
        .flat()
        .map((i) => i.address)
    : [host];
process.env.ALLOWED_ORIGINS = [
  process.env.ALLOWED_ORIGINS,
  ...["127.0.0.1", "localhost", ...listenedOn].map((h) => `http://${h.includes(":") ? `[${h}]` : h}:${port}`),
]
  .filter(Boolean)
  .join(",");
// the functions run with the project's folder as theirs (--root): the store is named absolutely
process.env.LEADS_STORE_DIR = path.resolve(process.env.LEADS_STORE_DIR || ".data/store");

// The store is TypeScript, loaded through tsx (`node --import tsx`, as the npm scripts start this server).
const { openStore } = await import("../src/server/store/open-store.ts");
const { send, startEmulation } = await import("../src/server/netlify-emulation.ts");
const { ownAnswer } = await import("../src/server/security-headers.ts");
const { edgeCache } = await import("../src/server/edge-cache.ts");
const { editorBackend } = await import("../src/server/editor-backend.ts");
const { EDITOR_PAGES, editorOffPage } = await import("../src/server/editor-off-page.tsx");
const { EDITOR_LOCAL_BACKEND } = await import("../src/lib/editor-address.ts");
let store;
try {
  store = await openStore(process.env, "server");
} catch (error) {
  console.error(`The submissions store could not be opened: ${error.message}`);
  process.exit(1);
}
console.log(`Submissions are kept in ${store.where}: \`npm run leads\` reads them.`);
process.chdir(root);
const emulation = await startEmulation({ root });
const editor = await editorBackend({ folder: process.env.GIT_REPO_DIRECTORY || root, listening: host });
if (editor.off) console.log(editor.off);

const edge = edgeCache(path.join(root, "public"));
const server = createServer(async (req, res) => {
  let url;
  try {
    // the request's path read as a path: `//evil.test/x` resolved against a base would be a host and `/x`
    const target = req.url ?? "/";
    url = new URL(target.startsWith("/") ? `http://localhost${target}` : target);
    decodeURIComponent(url.pathname);
  } catch {
    return send(res, ownAnswer(400, "Bad request: the path is not a valid address\n"));
  }
  if (url.pathname === EDITOR_LOCAL_BACKEND) return editor.handle(req, res);
  if (editor.off && EDITOR_PAGES.includes(url.pathname)) return send(res, editorOffPage(editor.off));
  // the editor's page is a folder's index, served at /admin/ as at /admin (Netlify serves both; src/cms/cms.tsx)
  if (
    url.pathname.length > 1 &&
    url.pathname.endsWith("/") &&
    !url.pathname.startsWith("/api/") &&
    url.pathname !== "/admin/"
  ) {
    // to a path of this host, whatever the path began with: a Location of `//host` or `/\host` is another site's
    return send(res, ownAnswer(301, null, { Location: `/${url.pathname.replace(/^[/\\]+|\/+$/g, "")}${url.search}` }));
  }
  try {
    if (url.pathname.startsWith("/api/")) await emulation.handle(req, res);
    else await edge.serve(req, res, () => emulation.respond(req));
  } catch (error) {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) return send(res, ownAnswer(500, "The server could not answer this request\n"));
    res.end();
  }
});

const stopAll = () => Promise.all([store.close(), emulation.stop()]);
// a port taken already (EADDRINUSE) ends this process at once, and says so (__tests__/e2e/servers.spec.ts)
server.on("error", (error) => {
  console.error(`The server could not start: ${error.message}`);
  stopAll().finally(() => process.exit(1));
});
server.listen(port, host, () =>
  console.log(`Serving the production build at http://${host === "127.0.0.1" ? "localhost" : host}:${port}`),
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  stopAll().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// --with-parent: stop when the process that started this one goes away (its end of stdin closes), so that a
// test run that is killed leaves no server holding its port (__tests__/e2e/servers.ts)
if (options["with-parent"]) process.stdin.on("end", stop).resume();
