/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync } from "fs";
import { createServer, get, type IncomingHttpHeaders, type Server } from "http";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import { brotliDecompressSync, gunzipSync } from "zlib";
import { acceptedEncodings, edgeCache, type OriginAnswer } from "../../src/server/edge-cache";

const PAGE = `<!DOCTYPE html><html><body>${"<p>A paragraph of the page.</p>".repeat(200)}</body></html>`;

/** The local CDN in front of an origin that counts what it is asked, on a loopback port. */
function cdnBefore(answer: (url: string) => OriginAnswer) {
  const publicDir = mkdtempSync(path.join(os.tmpdir(), "edge-cache-"));
  const asked: string[] = [];
  const edge = edgeCache(publicDir);
  const server: Server = createServer((req, res) => {
    void edge.serve(req, res, async () => {
      asked.push(req.url ?? "");
      return answer(req.url ?? "");
    });
  });
  const ready = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const request = async (url: string, headers: Record<string, string> = {}) => {
    await ready;
    const { port } = server.address() as AddressInfo;
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
      get({ host: "127.0.0.1", port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      }).on("error", reject),
    );
  };
  const close = () => {
    server.close();
    rmSync(publicDir, { recursive: true, force: true });
  };
  return { request, asked, publicDir, close };
}

const staticFile = (body: string, type = "text/html; charset=utf-8"): OriginAnswer => ({
  response: new Response(body, { headers: { "content-type": type, "x-frame-options": "DENY" } }),
  cacheable: true,
});

describe("the local CDN in front of the site (src/server/edge-cache.ts)", () => {
  it("asks the site for a static file once and answers it from memory after, with the same headers", async () => {
    const cdn = cdnBefore(() => staticFile(PAGE));
    try {
      const first = await cdn.request("/about");
      const second = await cdn.request("/about");
      expect(cdn.asked).toEqual(["/about"]);
      expect(first.headers["cache-status"]).toBe('"Netlify Edge"; fwd=miss; stored');
      expect(second.headers["cache-status"]).toBe('"Netlify Edge"; hit');
      expect(second.headers["x-frame-options"]).toBe("DENY");
      expect(second.body.toString()).toBe(PAGE);
    } finally {
      cdn.close();
    }
  });

  it("answers brotli to a browser that takes it, gzip to one that takes only gzip, and the bytes to one that takes neither", async () => {
    const cdn = cdnBefore(() => staticFile(PAGE));
    try {
      const br = await cdn.request("/", { "accept-encoding": "gzip, deflate, br, zstd" });
      const gzip = await cdn.request("/", { "accept-encoding": "gzip" });
      const none = await cdn.request("/", { "accept-encoding": "identity" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
      expect(none.headers["content-encoding"]).toBeUndefined();
      expect(none.body.toString()).toBe(PAGE);
      for (const answer of [br, gzip, none]) {
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      }
      expect(cdn.asked).toHaveLength(1);
    } finally {
      cdn.close();
    }
  });

  it("keeps no answer that is not a static file's 200, and asks the site again each time", async () => {
    const cdn = cdnBefore((url) =>
      url === "/missing"
        ? { response: new Response(PAGE, { status: 404, headers: { "content-type": "text/html" } }), cacheable: false }
        : { response: new Response(PAGE, { headers: { "content-type": "text/html" } }), cacheable: false },
    );
    try {
      for (const url of ["/missing", "/missing", "/dynamic", "/dynamic"]) {
        const answer = await cdn.request(url, { "accept-encoding": "br, gzip" });
        expect(answer.headers["cache-status"]).toBe('"Netlify Edge"; fwd=miss');
        // compressed as it goes, with gzip, as the local server always did
        expect(gunzipSync(answer.body).toString()).toBe(PAGE);
      }
      expect(cdn.asked).toEqual(["/missing", "/missing", "/dynamic", "/dynamic"]);
    } finally {
      cdn.close();
    }
  });

  it("sends a picture as it is: it is compressed already", async () => {
    const png = "\x89PNG" + "x".repeat(4000);
    const cdn = cdnBefore(() => staticFile(png, "image/png"));
    try {
      const answer = await cdn.request("/icon.png", { "accept-encoding": "br, gzip" });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(answer.body.length).toBe(Buffer.byteLength(png));
    } finally {
      cdn.close();
    }
  });

  it("forgets what it kept when public/ is built again", async () => {
    let build = "first build";
    const cdn = cdnBefore(() => staticFile(build));
    try {
      expect((await cdn.request("/")).body.toString()).toBe("first build");
      rmSync(cdn.publicDir, { recursive: true });
      mkdirSync(cdn.publicDir);
      build = "second build";
      expect((await cdn.request("/")).body.toString()).toBe("second build");
      expect(cdn.asked).toEqual(["/", "/"]);
    } finally {
      cdn.close();
    }
  });
});

describe("the encodings a request takes (Accept-Encoding)", () => {
  it.each([
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["gzip", ["gzip"]],
    ["br;q=0, gzip;q=0.5", ["gzip"]],
    ["*", ["br", "gzip"]],
    ["*, br;q=0", ["gzip"]],
    ["identity", []],
    [undefined, []],
  ])("%s → %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
