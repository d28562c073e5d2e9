// Serves the production build as Netlify would: pretty URLs (/about → about.html), the headers of
// netlify.toml and public/_headers, the 404 page, and the Gatsby Functions under /api/, which keep what visitors
// send in the submissions store: PostgreSQL at DATABASE_URL when it is set, else the embedded store under .data/,
// which this server has open while it runs (src/server/store/open-store.ts), and applicants' CVs in a local Netlify
// Blobs server that it runs for its functions (src/server/store/cv-files.ts).
// `gatsby serve` cannot do this: with gatsby-adapter-netlify and trailingSlash "never" the build writes
// about.html, which gatsby serve does not look for.
// The files are served by sirv (a file map made at start, so no request can reach outside public/) with
// compression's gzip, as Netlify compresses; this file adds the pretty-URL rules, the headers, the 404 page, the
// functions, and clear answers to a malformed path (400) and an oversized body (413).
// Usage: node --import tsx scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--root DIR] [--with-parent]
import { existsSync, readFileSync } from "fs";
import { createServer } from "http";
import { createRequire } from "module";
import path from "path";
import { parseArgs } from "util";
import compression from "compression";
import sirv from "sirv";
import { parseAllHeaders } from "@netlify/headers-parser";

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
const publicDir = path.join(root, "public");
const port = Number(options.port);
const host = options.host;
/** The largest request body a function is given (Netlify's own limit is larger; the endpoint's is 32 KB). */
const MAX_REQUEST_BYTES = 1024 * 1024;

if (!existsSync(path.join(publicDir, "404.html"))) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

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

// This server's own addresses are the site's here: the functions accept a page of them (a comment's address) and
// build moderation links on them, as on Netlify they do with the site's configured URL (never a request's Host).
process.env.ALLOWED_ORIGINS = [process.env.ALLOWED_ORIGINS, `http://127.0.0.1:${port}`, `http://localhost:${port}`]
  .filter(Boolean)
  .join(",");

// The store is TypeScript, loaded through tsx (`node --import tsx`, as the npm scripts start this server). Without
// DATABASE_URL this server has the embedded store open while it runs, for its functions and `npm run leads`.
const { openStore } = await import("../src/server/store/open-store.ts");
let store;
try {
  store = await openStore(process.env, "server");
} catch (error) {
  console.error(`The submissions store could not be opened: ${error.message}`);
  process.exit(1);
}
console.log(`Submissions are kept in ${store.where}: \`npm run leads\` reads them.`);

// Applicants' CVs: @netlify/blobs' own local server over the embedded store's folder, given to the functions as
// Netlify gives them its Blobs (NETLIFY_BLOBS_CONTEXT), unless this process was given a Blobs context already.
const { localBlobsDir } = await import("../src/server/store/cv-files.ts");
const { serveBlobsToFunctions } = await import("../src/server/store/local-blobs.ts");
const { MAX_UPLOAD_BYTES } = await import("../src/server/multipart.ts");
const blobs = process.env.NETLIFY_BLOBS_CONTEXT ? null : await serveBlobsToFunctions(localBlobsDir(process.env));
/** The form endpoint also takes an application's CV: its bodies may be larger (src/server/multipart.ts). */
const maxBodyOf = (route) => (route === "lead" ? MAX_UPLOAD_BYTES : MAX_REQUEST_BYTES);

const require = createRequire(import.meta.url);
// The functions as Gatsby compiled them, listed in its functions manifest (a file of Gatsby's, not a public API):
// the browser tests then run the bundle that Netlify deploys, not the source, and so see what bundling changes
// (it is how the database password written into the bundle at build showed: src/server/secret-env.ts).
function loadFunctions() {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, ".cache", "functions", "manifest.json"), "utf8"));
    return new Map(manifest.map((fn) => [fn.functionRoute, fn.absoluteCompiledFilePath]));
  } catch {
    return new Map();
  }
}
const functions = loadFunctions();

/** The body, or a 413 error once it passes `limit` (the rest is read and dropped, so the answer arrives). */
function readRequestBody(req, limit) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      return reject(Object.assign(new Error("too large"), { status: 413 }));
    }
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () =>
      size > limit
        ? reject(Object.assign(new Error("too large"), { status: 413 }))
        : // the bytes as they came: the function refuses what is not UTF-8 rather than reading it as U+FFFD
          resolve(Buffer.concat(chunks)),
    );
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
    raw = await readRequestBody(req, maxBodyOf(route));
  } catch (error) {
    res.statusCode = error.status ?? 400;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Connection", "close");
    res.end(JSON.stringify({ error: `The body is larger than ${maxBodyOf(route)} bytes`, field: "body" }));
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

const gzip = compression();
const notFoundPage = readFileSync(path.join(publicDir, "404.html"));
const files = sirv(publicDir, {
  extensions: ["html"],
  etag: true,
  // served from a map of public/ made at start: a path outside it, encoded or not, is simply not in the map
  dev: false,
  onNoMatch(req, res) {
    res.removeHeader("Cache-Control");
    res.statusCode = 404;
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(req.method === "HEAD" ? undefined : notFoundPage);
  },
});

/** Answers with a plain-text status: a path or body the server cannot take. */
function refuse(res, status, message) {
  applyHeaders(res, "/");
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(`${message}\n`);
}

const server = createServer(async (req, res) => {
  let url;
  try {
    url = new URL(req.url ?? "/", `http://${req.headers.host ?? host}`);
    decodeURIComponent(url.pathname);
  } catch {
    return refuse(res, 400, "Bad request: the path is not a valid address");
  }
  const pathname = url.pathname;
  try {
    // as on Netlify, a function's answer carries the headers it sets itself, not netlify.toml's or _headers'
    const fn = /^\/api\/(.+?)\/?$/.exec(pathname);
    if (fn && (await runFunction(req, res, fn[1]))) return;
    applyHeaders(res, pathname);
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
    gzip(req, res, () => files(req, res));
  } catch (error) {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  }
});

// a port taken already (EADDRINUSE) ends this process at once, its blob server too, whose child would otherwise keep
// it, and the output the tests read for "exited at start", alive (__tests__/e2e/servers.spec.ts)
server.on("error", (error) => {
  console.error(`The server could not start: ${error.message}`);
  Promise.all([store.close(), blobs?.close()]).finally(() => process.exit(1));
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
  Promise.all([store.close(), blobs?.close()]).finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// --with-parent: stop when the process that started this one goes away (its end of stdin closes), so that a
// test run that is killed leaves no server holding its port (__tests__/e2e/servers.ts)
if (options["with-parent"]) process.stdin.on("end", stop).resume();
