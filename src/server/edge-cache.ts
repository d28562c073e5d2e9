// What Netlify's CDN does in front of the site, for the local servers: `npm start` and the browser tests
// (scripts/serve.mjs) and the benchmark's peer (scripts/bench/static-server.mjs). A static file's answer is kept in
// memory with its headers and answered again from there, compressed once: brotli for a browser that takes it, as
// Netlify's edge serves it (at brotli's best quality: Netlify does not publish its own), else gzip; `Cache-Status`
// says which answer came from memory, as Netlify's does.
// Why: without it, every request went through the emulation (finding the file, its header rules and redirects) and
// was gzipped as it streamed, 5 to 10 ms of CPU a request on a two-core machine, taken from the browser being
// measured beside it; a visitor's phone never pays for the CDN's work (docs/performance.md, "The server beside the
// browser"). What is not a static file's 200 (a redirect, the 404 page, a 405) is compressed as it goes and kept
// nowhere; the functions (/api/) do not come here. The memory is emptied when public/ is built again.
import { statSync } from "fs";
import type { IncomingMessage, ServerResponse } from "http";
import { promisify } from "util";
import { brotliCompress, constants, gzipSync } from "zlib";

/** What the site answers a request with, and whether that answer is a static file's, the same every time. */
export interface OriginAnswer {
  response: Response;
  cacheable: boolean;
}

type Encoding = "br" | "gzip";

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  compressible: boolean;
  encoded: Map<Encoding, Promise<Buffer>>;
}

const CDN = '"Netlify Edge"';
// text the CDN compresses (HTML, CSS, scripts, JSON, XML, SVG, the manifest); pictures and fonts are compressed already
const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/(javascript|json|xml|manifest\+json|[\w.-]+\+(json|xml)))/;
// below this, compression saves nothing worth a header
const MIN_BYTES = 1024;
// the largest file kept in memory (the build's largest picture is well under it)
const MAX_BYTES = 4 * 1024 * 1024;
const brotli = promisify(brotliCompress);

/** The encodings the request takes, best first: brotli, then gzip (RFC 9110: a q=0 refuses it). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const taken = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) taken.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const star = taken.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((e) => (taken.get(e) ?? star) > 0);
}

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return Promise.resolve(gzipSync(body, { level: 9 }));
  // the best brotli, as for a file served many times; in zlib's threads, so other requests are answered meanwhile
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * The CDN in front of the files of `publicDir`: `serve` answers a request from memory, or asks `origin` and keeps
 * a cacheable answer.
 */
export function edgeCache(publicDir: string) {
  const entries = new Map<string, Entry>();
  let build = "";
  // a new build replaces public/ (scripts/clean.mjs removes it first): what was kept is another build's
  const sameBuild = () => {
    let now = "";
    try {
      const stat = statSync(publicDir);
      now = `${stat.ino}:${stat.mtimeMs}`;
    } catch {
      // no build at all: nothing is kept
    }
    if (now !== build) entries.clear();
    build = now;
    return now !== "";
  };

  async function answer(req: IncomingMessage, origin: () => Promise<OriginAnswer>) {
    const cacheable = (req.method === "GET" || req.method === "HEAD") && !req.headers.range && sameBuild();
    const key = req.url ?? "/";
    const kept = cacheable ? entries.get(key) : undefined;
    if (kept) return { entry: kept, stored: true, cacheStatus: `${CDN}; hit` };
    const { response, cacheable: staticFile } = await origin();
    const body = Buffer.from(await response.arrayBuffer());
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers.entries()].filter(([name]) => !["content-length", "vary"].includes(name)),
      body,
      compressible: COMPRESSIBLE.test(response.headers.get("content-type") ?? "") && body.length >= MIN_BYTES,
      encoded: new Map(),
    };
    const stored = cacheable && staticFile && req.method === "GET" && entry.status === 200 && body.length <= MAX_BYTES;
    if (stored) entries.set(key, entry);
    return { entry, stored, cacheStatus: `${CDN}; fwd=miss${stored ? "; stored" : ""}` };
  }

  async function serve(req: IncomingMessage, res: ServerResponse, origin: () => Promise<OriginAnswer>) {
    const { entry, stored, cacheStatus } = await answer(req, origin);
    // what is kept is compressed once, the best way the browser takes; what is not, with gzip as it goes
    const encoding = entry.compressible
      ? acceptedEncodings(req.headers["accept-encoding"]).find((e) => stored || e === "gzip")
      : undefined;
    let encoded = encoding && entry.encoded.get(encoding);
    if (encoding && !encoded) {
      encoded = encode(entry.body, encoding);
      if (stored) entry.encoded.set(encoding, encoded);
    }
    const body = encoded ? await encoded : entry.body;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Cache-Status", cacheStatus);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return { serve };
}
