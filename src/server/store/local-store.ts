// The embedded store's engine: PGlite (the engine of Netlify's own local emulation) in a folder under .data/, served
// over the PostgreSQL protocol on loopback, so that every local process (the server, `npm run leads`, the build)
// reaches it the one way it reaches any PostgreSQL: open-store.ts. PGlite allows one process per folder; the process
// that holds the folder's port has the folder (the kernel releases the port when the process ends, even killed).
//
// PGlite has a single session, so a connection holds it from its first message until PostgreSQL reports the session
// idle again (ReadyForQuery "I": outside a transaction): an exchange or a transaction of one connection never takes
// in another's messages. pg-gateway (which Netlify's own local emulation also uses) does the protocol's start-up and
// the password. Why not @electric-sql/pglite-socket, and what was measured: docs/store.md#the-embedded-store.
import { PGlite } from "@electric-sql/pglite";
import net from "net";
import path from "path";
import { fromNodeSocket } from "pg-gateway/node";

/** A connection that keeps the session this long (a transaction left open) is disconnected. */
const SESSION_LIMIT_MS = 30_000;
const TERMINATE = 0x58;

/** PostgreSQL's transaction status in the last ReadyForQuery of a backend reply: I(dle), T(ransaction), E(rror). */
function readyStatus(reply: Uint8Array): string | null {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  let status: string | null = null;
  for (let at = 0; at + 5 <= reply.length; at += 1 + view.getUint32(at + 1))
    if (reply[at] === 0x5a) status = String.fromCharCode(reply[at + 5]);
  return status;
}

/** Listens on the port, or resolves false when another process holds it. */
function listen(server: net.Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(false) : reject(error),
    );
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
}

/**
 * Opens the folder's PGlite and serves it on `port` of loopback to clients that give `password`; null when another
 * process holds the port (and so the folder). `close` lets the exchange in progress finish, then closes PGlite, and
 * frees the port last: nobody opens the folder while this process still has it open.
 */
export async function serveFolder(dir: string, port: number, password: string) {
  const server = net.createServer();
  if (!(await listen(server, port))) return null;
  const opening = PGlite.create(path.join(dir, "pgdata"));
  let tail: Promise<unknown> = Promise.resolve();
  const acquire = () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const granted = tail.then(() => release);
    tail = granted.then(() => held);
    return granted;
  };
  const sockets = new Set<net.Socket>();
  let closing = false;

  server.on("connection", (socket) => {
    socket.setNoDelay(true); // a reply is several small writes: without this, 40 ms of delayed ACK per query
    sockets.add(socket);
    let release: (() => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    const letGo = () => {
      clearTimeout(timer);
      release?.();
      release = null;
    };
    socket.on("close", () => {
      sockets.delete(socket);
      if (!release) return;
      // a connection that ends inside a transaction leaves nothing of it
      opening.then((db) => (db.closed ? undefined : db.exec("ROLLBACK"))).then(letGo, letGo);
    });
    fromNodeSocket(socket, {
      serverVersion: "16.4 (PGlite, Tidewell's embedded store)",
      auth: { method: "password", getClearTextPassword: () => password },
      async onMessage(message, { isAuthenticated }) {
        if (!isAuthenticated || message[0] === TERMINATE) return undefined;
        const db = await opening;
        if (!release) {
          release = await acquire();
          if (socket.destroyed || closing) {
            socket.destroy();
            letGo();
            return new Uint8Array(0);
          }
          timer = setTimeout(() => socket.destroy(), SESSION_LIMIT_MS);
        }
        const reply = await db.execProtocolRaw(message);
        if (readyStatus(reply) === "I") letGo();
        return reply;
      },
    }).catch(() => socket.destroy());
  });

  try {
    await opening;
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    async close() {
      closing = true;
      const release = await acquire();
      sockets.forEach((socket) => socket.destroy());
      await (await opening).close();
      release();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
