import { mkdirSync, rmSync, writeFileSync } from "fs";
import http from "http";
import path from "path";
import { brotliDecompressSync, gunzipSync } from "zlib";
import { SECURITY_HEADERS } from "../../src/server/security-headers";
import { expect, ORIGIN, test } from "./fixtures";
import { ROOT } from "./servers";
import { validBody } from "../support/valid-body";

/** A raw request, the path sent exactly as written (a browser or fetch would normalise it). */
function raw(
  pathAsSent: string,
  { method = "GET", body, headers = {} }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
) {
  const { hostname, port } = new URL(ORIGIN);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathAsSent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("the local server (npm start) stays inside public/ and answers every request", () => {
  const beside = path.join(ROOT, "public-x");
  test.beforeAll(() => {
    mkdirSync(beside, { recursive: true });
    writeFileSync(path.join(beside, "secret.txt"), "NOT-FOR-VISITORS");
  });
  test.afterAll(() => rmSync(beside, { recursive: true, force: true }));

  test("an encoded path out of public/ reads nothing beside it", async () => {
    for (const attempt of ["/..%2Fpublic-x%2Fsecret.txt", "/..%2f..%2fpackage.json", "/%2e%2e/public-x/secret.txt"]) {
      const answer = await raw(attempt);
      expect(answer.status, attempt).toBe(404);
      expect(answer.body.toString()).not.toContain("NOT-FOR-VISITORS");
      expect(answer.body.toString()).not.toContain('"name": "tidewell-site"');
    }
  });

  test("a malformed escape in the path is a 400, not a 500", async () => {
    const answer = await raw("/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toContain("not a valid address");
  });

  test("the trailing-slash redirect never leaves the site: its Location is a path of this host", async () => {
    // a browser reads `//host` and `/\\host` in a Location as another host's address (issue 54)
    const attempts = ["/.//evil.test/", "/..//evil.test/", "//evil.test/", "///evil.test/", "/\\evil.test/"];
    attempts.push("/./\\evil.test/", "/.%2F/evil.test/", "/%2F%2Fevil.test/", "/%5C%5Cevil.test/", "/about//");
    for (const attempt of attempts) {
      const answer = await raw(attempt);
      expect(answer.status, attempt).toBe(301);
      const location = answer.headers.location ?? "";
      expect(location, attempt).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, ORIGIN).origin, attempt).toBe(ORIGIN);
    }
    expect((await raw("/.//evil.test/")).headers.location).toBe("/evil.test");
    expect((await raw("/about/?a=1")).headers.location).toBe("/about?a=1");
  });

  test("what the local server answers itself carries the security headers every answer does", async () => {
    const own = {
      "400 for a path that is not an address": await raw("/%E0%A4%A"),
      "301 from a trailing slash": await raw("/about/"),
      "405 for a body posted to a page": await raw("/about", { method: "POST", body: Buffer.from("x") }),
      // Netlify's 6 MB limit of a function's body, kept by the emulation (src/server/netlify-emulation.ts)
      "413 over the platform's limit": await raw("/api/lead", {
        method: "POST",
        body: Buffer.alloc(7 * 1024 * 1024, "a"),
        headers: { "Content-Type": "text/plain" },
      }),
    };
    expect(Object.values(own).map((a) => a.status)).toEqual([400, 301, 405, 413]);
    for (const [what, answer] of Object.entries(own))
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect({ what, name, value: answer.headers[name.toLowerCase()] }).toEqual({ what, name, value });
  });

  test("a body over 1 MB gets a 413 naming the body, and the connection lives to say so", async () => {
    const answer = await raw("/api/lead", {
      method: "POST",
      body: Buffer.alloc(2 * 1024 * 1024, "a"),
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ field: "body" });
  });

  test("bytes that are not UTF-8, or text PostgreSQL cannot hold, get an answer, never a 5xx", async () => {
    const contact = validBody("contact", { name: "Ann", email: "ann@example.com", phone: "", info: "Hi" });
    const json = JSON.stringify(contact);
    // a text body reaches a function as text, as Netlify passes it in its event: bytes that are not UTF-8 arrive as
    // U+FFFD (a binary body arrives whole, base64-encoded: netlify-runtime.spec.ts)
    const notUtf8 = Buffer.concat([
      Buffer.from(json.slice(0, -1) + ',"x":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const bytes = await raw("/api/lead", { method: "POST", body: notUtf8, headers: { "Content-Type": "text/plain" } });
    expect(bytes.status).toBeLessThan(500);
    const surrogate = await raw("/api/lead", {
      method: "POST",
      body: Buffer.from(json.replace('"Ann"', '"Ann \\ud800"')),
      headers: { "Content-Type": "text/plain" },
    });
    expect(surrogate.status).toBe(400);
    expect(JSON.parse(surrogate.body.toString())).toMatchObject({ field: "name" });
  });

  test("pages are compressed for a client that accepts gzip, and say so", async () => {
    const answer = await raw("/about", { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(gunzipSync(answer.body).toString()).toContain("<main");
  });

  test("a page is answered as Netlify's CDN answers it: brotli when the browser takes it, from memory once served", async () => {
    await raw("/careers", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const answer = await raw("/careers", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-status"]).toBe('"Netlify Edge"; hit');
    // the headers Netlify's rules give the page come with it from memory too
    expect(answer.headers["content-security-policy"]).toContain("default-src");
    expect(brotliDecompressSync(answer.body).toString()).toContain("<main");
  });

  test("/.well-known/security.txt says whom to tell about a security problem (RFC 9116)", async () => {
    const answer = await raw("/.well-known/security.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body.toString()).toMatch(/^Contact: mailto:/m);
    expect(answer.body.toString()).toMatch(/^Expires: /m);
  });
});
