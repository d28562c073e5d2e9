import { createServer, type IncomingHttpHeaders, type Server } from "http";
import type { AddressInfo } from "net";
import { SMTPServer } from "smtp-server";

/** A local HTTP server standing in for a webhook or an API: it records each request and answers `status()`. */
export async function recordingServer(status: () => number = () => 200, delayMs = 0, port = 0) {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () =>
      setTimeout(() => {
        requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(status(), { "Content-Type": "application/json" }).end("{}");
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
  /** the text of the message, decoded from its transfer encoding */
  text: string;
  header: (name: string) => string | undefined;
}

/** A single-part message's body, decoded (nodemailer writes long lines as quoted-printable). */
function decodedBody(raw: string, encoding = ""): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).trim();
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  if (/base64/i.test(encoding)) return Buffer.from(body, "base64").toString("utf8");
  return body;
}

/** A real SMTP server on loopback (the `smtp-server` package) that keeps every message, or refuses them all. */
export async function mailServer({ refuse = () => false }: { refuse?: () => boolean } = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(refuse() ? Object.assign(new Error("Mailbox unavailable"), { responseCode: 450 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
        const header = (name: string) =>
          head
            .split(/\r?\n/)
            .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
            ?.slice(name.length + 1)
            .trim();
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodedBody(raw, header("content-transfer-encoding")),
          header,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Google's siteverify, as a small local server: a token from `issue()` is a solved challenge the first time it is
 * checked and `timeout-or-duplicate` after; any other token is `invalid-input-response`; a wrong secret is
 * `invalid-input-secret`. `hang` makes it stop answering, as an unreachable service does.
 */
export async function fakeSiteverify(secret: string) {
  const issued = new Set<string>();
  const used = new Set<string>();
  let hang = false;
  let count = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (hang) return;
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const token = form.get("response") ?? "";
      let answer: object;
      if (form.get("secret") !== secret) answer = { success: false, "error-codes": ["invalid-input-secret"] };
      else if (!issued.has(token)) answer = { success: false, "error-codes": ["invalid-input-response"] };
      else if (used.has(token)) answer = { success: false, "error-codes": ["timeout-or-duplicate"] };
      else {
        used.add(token);
        answer = { success: true, challenge_ts: new Date().toISOString(), hostname: "127.0.0.1" };
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    // a token issued again is a fresh solve (the tests' fake widget hands every solve the same token)
    issue: (token = `solved-${++count}-${Date.now()}`) => (issued.add(token), used.delete(token), token),
    hang: () => {
      hang = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
