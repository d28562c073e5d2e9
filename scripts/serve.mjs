// Serves the production build as Netlify would: pretty URLs (/about → about.html), the headers of
// netlify.toml and public/_headers, the 404 page, and the Gatsby Functions under /api/, which keep what visitors
// send in the submissions store: PostgreSQL at DATABASE_URL when it is set, else the embedded store under .data/,
// which this server owns while it runs (src/server/store/local-store.ts).
// `gatsby serve` cannot do this: with gatsby-adapter-netlify and trailingSlash "never" the build writes
// about.html, which gatsby serve does not look for.
// Usage: node --import tsx scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--root DIR] [--with-parent]
import { createReadStream, existsSync, readFileSync, statSync } from "fs";
import { createServer } from "http";
import { createRequire } from "module";
import path from "path";
import { gzipSync } from "zlib";
import { parseAllHeaders } from "@netlify/headers-parser";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
// --root serves another checkout's build (the benchmark's --compare)
const root = path.resolve(flag("root", path.join(path.dirname(new URL(import.meta.url).pathname), "..")));
const publicDir = path.join(root, "public");
const port = Number(flag("port", process.env.PORT || 9000));
const host = flag("host", process.env.HOST || "127.0.0.1");
const MAX_REQUEST_BYTES = 1024 * 1024;

if (!existsSync(path.join(publicDir, "404.html"))) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};
const compressible = /^(text\/|application\/(javascript|json|xml|manifest)|image\/svg)/;

const { headers: headerRules, errors } = await parseAllHeaders({
  headersFiles: [path.join(publicDir, "_headers")],
  netlifyConfigPath: path.join(root, "netlify.toml"),
  minimal: false,
});
if (errors.length) console.warn(`header rules: ${errors.map((e) => e.message).join("; ")}`);

function applyHeaders(res, pathname) {
  for (const rule of headerRules) {
    if (!rule.forRegExp.test(pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) res.setHeader(name, value);
  }
}

// The store is TypeScript, loaded through tsx (`node --import tsx`, as the npm scripts start this server).
const { openStore } = await import("../src/server/store/open-store.ts");
const { connectionString, provideLocalStore } = await import("../src/server/store/function-store.ts");
let store;
if (!connectionString(process.env)) {
  try {
    store = await openStore(process.env, "server");
  } catch (error) {
    console.error(`The submissions store could not be opened: ${error.message}`);
    process.exit(1);
  }
  provideLocalStore(store);
  console.log(`Submissions are kept in ${store.where}: \`npm run leads\` reads them.`);
}

const require = createRequire(import.meta.url);
function loadFunctions() {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, ".cache", "functions", "manifest.json"), "utf8"));
    return new Map(manifest.map((fn) => [fn.functionRoute, fn.absoluteCompiledFilePath]));
  } catch {
    return new Map();
  }
}
const functions = loadFunctions();

function readRequestBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(Object.assign(new Error("too large"), { status: 413 }));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The Express-like request and response a Gatsby Function expects. */
function functionResponse(res) {
  res.status = (code) => ((res.statusCode = code), res);
  res.set = (name, value) => (res.setHeader(name, value), res);
  res.json = (body) => {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify(body));
    return res;
  };
  res.send = (body) => {
    if (typeof body === "object" && !Buffer.isBuffer(body)) return res.json(body);
    res.end(body);
    return res;
  };
  return res;
}

async function runFunction(req, res, route) {
  const file = functions.get(route);
  if (!file) return false;
  let raw;
  try {
    raw = await readRequestBody(req);
  } catch (error) {
    res.statusCode = error.status ?? 400;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ error: "The body is too large", field: "body" }));
    return true;
  }
  const url = new URL(req.url, `http://${req.headers.host}`);
  req.query = Object.fromEntries(url.searchParams);
  req.body = raw;
  req.ip = req.socket.remoteAddress;
  const mod = require(file);
  const handler = mod.default?.default ?? mod.default ?? mod;
  try {
    await handler(req, functionResponse(res));
  } catch (error) {
    console.error(`function ${route} failed: ${error.message}`);
    if (!res.headersSent) functionResponse(res).status(500).json({ error: "Internal error" });
  }
  return true;
}

function resolveFile(pathname) {
  const decoded = decodeURIComponent(pathname);
  const target = path.normalize(path.join(publicDir, decoded));
  if (!target.startsWith(publicDir)) return null;
  const candidates = decoded.endsWith("/")
    ? [path.join(target, "index.html")]
    : [target, `${target}.html`, path.join(target, "index.html")];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function sendFile(req, res, file, status = 200) {
  const type = types[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Vary", "Accept-Encoding");
  if (compressible.test(type) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    const body = gzipSync(readFileSync(file));
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    return res.end(req.method === "HEAD" ? undefined : body);
  }
  res.setHeader("Content-Length", statSync(file).size);
  if (req.method === "HEAD") return res.end();
  createReadStream(file).pipe(res);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? host}`);
  const pathname = url.pathname;
  applyHeaders(res, pathname);
  try {
    const fn = /^\/api\/(.+?)\/?$/.exec(pathname);
    if (fn && (await runFunction(req, res, fn[1]))) return;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.statusCode = 405;
      res.setHeader("Allow", "GET, HEAD");
      return res.end();
    }
    if (pathname.length > 1 && pathname.endsWith("/")) {
      res.statusCode = 301;
      res.setHeader("Location", pathname.replace(/\/+$/, "") + url.search);
      return res.end();
    }
    const file = resolveFile(pathname);
    if (file) return sendFile(req, res, file);
    res.removeHeader("Cache-Control");
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    return sendFile(req, res, path.join(publicDir, "404.html"), 404);
  } catch (error) {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  }
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
  Promise.resolve(store?.close()).finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// --with-parent: stop when the process that started this one goes away (its end of stdin closes), so that a
// test run that is killed leaves no server holding its port (__tests__/e2e/servers.ts)
if (args.includes("--with-parent")) process.stdin.on("end", stop).resume();
