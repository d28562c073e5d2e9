/* global Response */
// A peer's static build served as ours is (scripts/serve.mjs): behind the same CDN (src/server/edge-cache.ts: each
// file answered from memory, compressed once, brotli or gzip), with the content type of each file, a folder's
// index.html, a name's .html, and the build's 404.html.
// Usage (npm run bench -- --peer DIR starts it): node --import tsx scripts/bench/static-server.mjs --port N --root DIR
import { existsSync, statSync } from "fs";
import { readFile } from "fs/promises";
import { createServer } from "http";
import path from "path";
import { parseArgs } from "util";
import { edgeCache } from "../../src/server/edge-cache.ts";

const { values: options } = parseArgs({
  options: { port: { type: "string" }, root: { type: "string" } },
});
const root = path.resolve(options.root);

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** The file for a path: itself, its folder's index.html, or its name with .html; none outside the root. */
function fileOf(pathname) {
  const file = path.join(root, decodeURIComponent(pathname));
  if (!file.startsWith(root)) return null;
  return [file, path.join(file, "index.html"), `${file}.html`].find(isFile) ?? null;
}

const edge = edgeCache(root);
createServer((req, res) => {
  let file;
  try {
    file = fileOf(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    res.statusCode = 400;
    return res.end();
  }
  const origin = async () => {
    const status = file ? 200 : 404;
    const found = file ?? path.join(root, "404.html");
    if (!isFile(found)) return { response: new Response("Not found\n", { status }), cacheable: false };
    const type = TYPES[path.extname(found).toLowerCase()] ?? "application/octet-stream";
    return {
      response: new Response(await readFile(found), { status, headers: { "content-type": type } }),
      cacheable: true,
    };
  };
  edge.serve(req, res, origin).catch((error) => {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
}).listen(Number(options.port), "127.0.0.1");
