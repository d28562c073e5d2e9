import { createServer, type IncomingHttpHeaders, type Server } from "http";
import type { AddressInfo } from "net";
import { SMTPServer } from "smtp-server";

/** A local HTTP server standing in for a webhook or an API: it records each request and answers `status()`. */
export async function recordingServer(status: () => number = () => 200, delayMs = 0) {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
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
  header: (name: string) => string | undefined;
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
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) =>
            head
              .split(/\r?\n/)
              .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
              ?.slice(name.length + 1)
              .trim(),
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
