import { readFileSync } from "fs";
import http, { type IncomingMessage, type ServerResponse } from "http";
import type { Socket } from "net";
import path from "path";
import tls from "tls";
import { selfSignedCertificate } from "../../scripts/self-signed.mjs";
import { EDITOR_LOCAL_BACKEND } from "../../src/lib/editor-address";
import { fakeFor, WEB_TO_LEAD, webToLeadAnswer, type FakeAnswer } from "../support/third-party-fakes";

/**
 * What the journeys' browsers talk to, in every engine alike: the site's production server behind a front that
 * adds the page hook (page-hook.js) as the first script of each page and can hold the site's scripts back (a page
 * painted, not hydrated); and, as the browsers' HTTP proxy, the third parties, answered by the same fakes as the
 * Playwright suite's (../support/third-party-fakes.ts) and refused otherwise, so nothing leaves the machine.
 * HTTPS to a third party is answered through a certificate made here, which the browsers are told to accept
 * (acceptInsecureCerts): Firefox over BiDi and WebKitGTK cannot intercept requests as Playwright does.
 */
export interface PageError {
  kind: string;
  page: string;
  message: string;
}

export interface ThirdPartyRequest {
  method: string;
  url: string;
}

const HOOK_PATH = "/__journeys/hook.js";
const HOOK = readFileSync(path.join(__dirname, "page-hook.js"), "utf8");
const FAKED_HOSTS = new Set([
  "www.google.com",
  "www.gstatic.com",
  "www.googletagmanager.com",
  "assets.calendly.com",
  "webto.salesforce.com",
]);

/** A self-signed certificate for the fakes' HTTPS, made once with openssl. */
function certificate(dir: string) {
  const { key, cert } = selfSignedCertificate(dir, { subject: "/CN=journeys third-party fakes", days: 3650 });
  return tls.createSecureContext({ key: readFileSync(key), cert: readFileSync(cert) });
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const send = (res: ServerResponse, answer: FakeAnswer) => res.writeHead(answer.status, answer.headers).end(answer.body);

export async function startSiteFront({ port, sitePort, tlsDir }: { port: number; sitePort: number; tlsDir: string }) {
  const errors: PageError[] = [];
  const thirdParty: ThirdPartyRequest[] = [];
  const webToLead: URLSearchParams[] = [];
  let held: Array<() => void> | null = null;

  /** A third party's request, which arrived through the proxy. */
  async function answerThirdParty(req: IncomingMessage, res: ServerResponse, url: string) {
    thirdParty.push({ method: req.method ?? "GET", url });
    if (req.method === "POST" && WEB_TO_LEAD.test(url)) {
      const fields = new URLSearchParams((await readBody(req)).toString("utf8"));
      webToLead.push(fields);
      // the page itself leaving with the post (a navigation), rather than a hidden iframe
      send(res, webToLeadAnswer(fields, req.headers["sec-fetch-dest"] === "document"));
      return;
    }
    const fake = req.method === "GET" ? fakeFor(url) : null;
    if (fake) send(res, fake);
    else req.socket.destroy(); // as when offline
  }

  /** The site's own request: to the production server, with the hook added to its pages. */
  async function answerSite(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (pathname === HOOK_PATH) {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" }).end(HOOK);
      return;
    }
    if (pathname === "/__journeys/errors" && req.method === "POST") {
      errors.push(JSON.parse((await readBody(req)).toString("utf8")) as PageError);
      res.writeHead(204).end();
      return;
    }
    if (pathname === "/__journeys/blank") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>blank</title>");
      return;
    }
    if (held && pathname.endsWith(".js")) {
      const queue = held;
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    const headers = { ...req.headers };
    delete headers["accept-encoding"]; // the pages are read here, so they come uncompressed
    if (pathname === EDITOR_LOCAL_BACKEND) {
      // the editor's backend answers only its own server's pages (docs/security.md#the-editors-local-backend): the
      // front, there only to watch, hands the editor's requests on as from a page of that server
      headers.host = `127.0.0.1:${sitePort}`;
      if (headers.origin === `http://127.0.0.1:${port}`) headers.origin = `http://127.0.0.1:${sitePort}`;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: sitePort, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html")) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        void readBody(answer).then((body) => {
          const page = body.toString("utf8").replace(/<head>/i, `$&<script src="${HOOK_PATH}"></script>`);
          const out = { ...answer.headers };
          delete out["content-length"];
          res.writeHead(answer.statusCode ?? 502, out).end(page);
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  const fakes = http.createServer((req, res) => {
    void answerThirdParty(req, res, `https://${req.headers.host}${req.url}`);
  });
  const secure = certificate(tlsDir);

  const server = http.createServer((req, res) => {
    // a proxied request names its whole address; the site's own names its path
    const target = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const isSite = target.hostname === "127.0.0.1" || target.hostname === "localhost";
    if (isSite) void answerSite(req, res, target.pathname);
    else void answerThirdParty(req, res, target.href);
  });
  // HTTPS through the proxy: the fakes' hosts get the fakes, over the certificate above; others are refused
  server.on("connect", (req: IncomingMessage, socket: Socket) => {
    const host = (req.url ?? "").replace(/:\d+$/, "");
    if (!FAKED_HOSTS.has(host)) {
      thirdParty.push({ method: "CONNECT", url: `https://${host}/` });
      return void socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    const tunnel = new tls.TLSSocket(socket, { isServer: true, secureContext: secure });
    tunnel.on("error", () => socket.destroy());
    fakes.emit("connection", tunnel);
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });

  return {
    origin: `http://127.0.0.1:${port}`,
    errors,
    thirdParty,
    webToLead,
    /** Until release(), the site's scripts wait: its pages paint and work as HTML, and nothing hydrates them. */
    holdScripts: () => void (held ??= []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((go) => go());
    },
    /** Forgets what the last journey left: its errors, requests and posts. */
    reset: () => {
      errors.length = 0;
      thirdParty.length = 0;
      webToLead.length = 0;
      const waiting = held ?? [];
      held = null;
      waiting.forEach((go) => go());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        fakes.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SiteFront = Awaited<ReturnType<typeof startSiteFront>>;
