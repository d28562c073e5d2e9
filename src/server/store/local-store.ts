// The embedded store of a machine without a database server: PGlite (the engine of Netlify's own local emulation,
// @netlify/database-dev) in a folder under .data/. PGlite allows one process per data folder, and locally several
// processes want the store at once (the server, `npm run leads`, the build), so:
//
// - One process owns the folder: it holds a loopback port derived from the folder's path (the kernel releases it
//   when the process ends, even killed), opens PGlite in its own memory and serves it over the PostgreSQL protocol
//   on that port. Its own queries run in process (about 0.5 ms an insert).
// - Every other process is a guest: it connects to the owner's port with the production driver (@netlify/database,
//   node-postgres) and the password the owner wrote in owner.json (readable by this user only).
// - PGlite has a single session, so a session lock decides who uses it: the owner for each of its queries or
//   transactions, a guest from its first message until PostgreSQL reports its session idle again (outside a
//   transaction). A guest's transaction can never take in an owner's statement, nor the other way round.
// - A server or `gatsby develop` (long-lived) waits for a command (short-lived) that owns the folder to finish, then
//   owns it; a command becomes the guest of whoever owns it.
//
// Why not @electric-sql/pglite-socket (0.0.22 is the release for this PGlite, 0.3.16; later ones need 0.4 or 0.5):
// it serves the port to any client without a password, so any program of any user on the machine could read the
// submissions, where this asks for the password in owner.json (mode 0600); and its queue orders only the socket's
// clients, so the owner's own in-process queries could run inside a guest's open transaction. Sending the owner's
// queries through the socket too would cost about 15 ms a query (a few hundred submissions a second, against about
// 1,200 in process: `npm run bench`). pg-gateway does the protocol's start-up and password; what is written here is
// the session lock and who owns the folder.
import { PGlite } from "@electric-sql/pglite";
import { getDatabase } from "@netlify/database";
import { randomBytes } from "crypto";
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "fs";
import net from "net";
import path from "path";
import { fromNodeSocket } from "pg-gateway/node";
import { migrate } from "./migrate";
import { poolStore, type PoolLike, type Sql, type Store } from "./sql";

export type Role = "server" | "develop" | "command" | "build";
const LONG_LIVED: readonly Role[] = ["server", "develop"];

export interface LocalStore extends Store {
  /** whether this process owns the folder (else it is a guest of the process that does) */
  readonly owner: boolean;
  /** the owner's PostgreSQL URL, password included: `psql` and other tools can use it while the owner runs */
  readonly url: string;
}

export interface LocalStoreOptions {
  dir: string;
  role: Role;
  /** the port instead of the one derived from the folder (LEADS_STORE_PORT) */
  port?: number;
  /** how long a long-lived process waits for a command that owns the store to finish */
  waitMs?: number;
  log?: (line: string) => void;
}

interface OwnerFile {
  pid: number;
  role: Role;
  port: number;
  password: string;
}

const PORTS_FROM = 20_000;
const PORTS = 10_000;
/** A guest that keeps the session this long (an open transaction left idle) is disconnected. */
const SESSION_LIMIT_MS = 30_000;

/** The folder's own port, outside the ephemeral ranges of Linux (32768–60999) and macOS (49152–65535). */
export function portFor(dir: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(realpathSync(dir))) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return PORTS_FROM + (hash % PORTS);
}

/** A first-come, first-served lock on PGlite's one session. */
export class SessionLock {
  #tail: Promise<unknown> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const granted = this.#tail.then(() => release);
    this.#tail = granted.then(() => held);
    return granted;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

type PGliteSql = Pick<PGlite, "query" | "exec">;
const sqlOf = (db: PGliteSql): Sql => ({
  query: (text, params) => db.query(text, params),
  exec: (statements) => db.exec(statements).then(() => undefined),
});

/** PGlite in this process as a Store: every query and transaction takes the session lock. */
export function pgliteStore(db: PGlite, lock = new SessionLock(), where = "the embedded store"): Store {
  const sql = sqlOf(db);
  return {
    where,
    query: (text, params) => lock.run(() => sql.query(text, params)),
    exec: (statements) => lock.run(() => sql.exec(statements)),
    transaction: (work) => lock.run(() => db.transaction((tx) => work(sqlOf(tx)))),
    close: () => lock.run(() => db.close()),
  };
}

/** PostgreSQL's transaction status in the last ReadyForQuery of a backend reply: I(dle), T(ransaction), E(rror). */
export function readyStatus(reply: Uint8Array): string | null {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  let status: string | null = null;
  for (let at = 0; at + 5 <= reply.length; at += 1 + view.getUint32(at + 1))
    if (reply[at] === 0x5a) status = String.fromCharCode(reply[at + 5]);
  return status;
}

const TERMINATE = 0x58;

function listen(server: net.Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(true);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, "127.0.0.1");
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readOwner(file: string): OwnerFile | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as OwnerFile;
  } catch {
    return null;
  }
}

/** Owns the folder: PGlite in this process, served to guests on `port`. */
async function own(server: net.Server, dir: string, port: number, role: Role): Promise<LocalStore> {
  const ownerFile = path.join(dir, "owner.json");
  const password = randomBytes(18).toString("base64url");
  const lock = new SessionLock();
  const sockets = new Set<net.Socket>();
  let db: PGlite | null = null;
  let closing = false;
  let markReady!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));

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
      if (release && db && !db.closed)
        db.exec("ROLLBACK")
          .catch(() => undefined)
          .finally(letGo);
      else letGo();
    });
    fromNodeSocket(socket, {
      serverVersion: "16.4 (PGlite, Tidewell's embedded store)",
      auth: { method: "password", getClearTextPassword: () => password },
      async onMessage(message, { isAuthenticated }) {
        if (!isAuthenticated || message[0] === TERMINATE) return undefined;
        if (!(await ready) || !db || closing) {
          socket.destroy();
          return new Uint8Array(0);
        }
        if (!release) {
          release = await lock.acquire();
          if (socket.destroyed) {
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

  const tmp = `${ownerFile}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, role, port, password } satisfies OwnerFile), { mode: 0o600 });
  renameSync(tmp, ownerFile);
  try {
    db = await PGlite.create(path.join(dir, "pgdata"));
    const store = pgliteStore(db, lock, `the embedded store in ${path.relative(process.cwd(), dir) || dir}`);
    await migrate(store);
    markReady(true);
    return {
      ...store,
      owner: true,
      url: `postgres://tidewell:${password}@127.0.0.1:${port}/postgres`,
      async close() {
        if (closing) return;
        closing = true;
        // guests finish what they are doing (a long-lived guest is disconnected after a few seconds)
        for (let waited = 0; sockets.size && waited < 3_000; waited += 50) await sleep(50);
        sockets.forEach((socket) => socket.destroy());
        await lock.run(async () => {
          await db?.close();
        });
        // the port, the lock on the folder, goes last: nobody opens PGlite while this process still has it open
        await new Promise((resolve) => server.close(resolve));
        if (readOwner(ownerFile)?.pid === process.pid) rmSync(ownerFile, { force: true });
      },
    };
  } catch (error) {
    markReady(false);
    await db?.close().catch(() => undefined);
    server.close();
    throw error;
  }
}

/** A guest of the owner on `port`, through the production driver. */
async function visit(owner: OwnerFile, dir: string): Promise<LocalStore> {
  const url = `postgres://tidewell:${owner.password}@127.0.0.1:${owner.port}/postgres`;
  const { pool } = getDatabase({ connectionString: url });
  const store = poolStore(
    pool as unknown as PoolLike,
    `the embedded store in ${path.relative(process.cwd(), dir) || dir}`,
  );
  try {
    await store.query("SELECT 1");
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return { ...store, owner: false, url };
}

/** Opens the embedded store in `dir`, as its owner or as a guest of the process that owns it. */
export async function openLocalStore({ dir, role, port, waitMs = 120_000, log = console.log }: LocalStoreOptions) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folderPort = port ?? portFor(dir);
  const ownerFile = path.join(dir, "owner.json");
  const deadline = Date.now() + waitMs;
  let waitedFor: number | null = null;
  for (;;) {
    const server = net.createServer();
    if (await listen(server, folderPort)) return own(server, dir, folderPort, role);
    const owner = readOwner(ownerFile);
    if (!owner || owner.port !== folderPort) {
      // the owner has the port but has not written its file yet, or another program has the port
      if (Date.now() > deadline)
        throw new Error(
          `port ${folderPort} of the embedded store is taken by another program: set LEADS_STORE_PORT to a free port`,
        );
      await sleep(50);
      continue;
    }
    const ownerIsCommand = !LONG_LIVED.includes(owner.role);
    if (LONG_LIVED.includes(role) && ownerIsCommand && Date.now() < deadline) {
      if (waitedFor !== owner.pid)
        log(`Waiting for the ${owner.role} (pid ${owner.pid}) that has the store open to finish.`);
      waitedFor = owner.pid;
      await sleep(100);
      continue;
    }
    if (LONG_LIVED.includes(role))
      log(`The store is open in the ${owner.role} (pid ${owner.pid}); this ${role} uses it until that one stops.`);
    try {
      return await visit(owner, dir);
    } catch (error) {
      // the owner is starting, or stopping: try again, as owner or guest
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}
