/** @jest-environment node */
import { getDatabase } from "@netlify/database";
import { spawn } from "child_process";
import type { Pool } from "pg";
import path from "path";
import { openLocalStore, portFor, readyStatus, SessionLock, type LocalStore } from "../../src/server/store/local-store";
import { migrate, migrationFiles } from "../../src/server/store/migrate";
import { tempDir } from "../support/temp-dir";
import { engines } from "../support/test-store";

jest.setTimeout(30_000);
const ROOT = path.resolve(__dirname, "../..");

/** Another process on the store: resolves its first JSON line when it has opened the store, and its end. */
function otherProcess(dir: string, role: string, holdMs: number, email = "") {
  const child = spawn(
    "node_modules/.bin/tsx",
    ["__tests__/support/store-process.ts", dir, role, String(holdMs), email],
    {
      cwd: ROOT,
    },
  );
  const lines: { owner: boolean; rows: number }[] = [];
  let buffer = "";
  let err = "";
  let opened!: (line: { owner: boolean; rows: number }) => void;
  const first = new Promise<{ owner: boolean; rows: number }>((resolve) => (opened = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk;
    for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
      lines.push(JSON.parse(buffer.slice(0, at)));
      buffer = buffer.slice(at + 1);
      if (lines.length === 1) opened(lines[0]);
    }
  });
  child.stderr.on("data", (chunk: Buffer) => (err += chunk));
  const done = new Promise<typeof lines>((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve(lines) : reject(new Error(`exit ${code}: ${err}`)))),
  );
  return { first, done };
}

const insert = (store: { query: LocalStore["query"] }, email: string) =>
  store.query(
    "INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash) VALUES (gen_random_uuid(), 'newsletter', $1, '{}', $1, 'x')",
    [email],
  );
const count = async (store: { query: LocalStore["query"] }) =>
  (await store.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions")).rows[0].n;

describe("the embedded store shared by several processes", () => {
  it("makes a command the guest of the server that owns the folder: each sees the other's writes at once", async () => {
    const dir = tempDir("store-");
    const server = await openLocalStore({ dir, role: "server", log: () => undefined });
    try {
      expect(server.owner).toBe(true);
      await insert(server, "before@example.com");
      const command = otherProcess(dir, "command", 300, "guest@example.com");
      expect(await command.first).toEqual(expect.objectContaining({ owner: false, rows: 2 }));
      expect(await count(server)).toBe(2);
      await insert(server, "after@example.com");
      expect((await command.done)[1].rows).toBe(3);
    } finally {
      await server.close();
    }
  });

  it("makes a server wait for a command that owns the folder, then own it", async () => {
    const dir = tempDir("store-");
    const command = otherProcess(dir, "command", 1_500, "command@example.com");
    expect(await command.first).toEqual(expect.objectContaining({ owner: true, rows: 1 }));
    const lines: string[] = [];
    const server = await openLocalStore({ dir, role: "server", log: (line) => lines.push(line) });
    try {
      await command.done;
      expect(server.owner).toBe(true);
      expect(lines.join()).toMatch(/Waiting for the command \(pid \d+\)/);
      expect(await count(server)).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("never lets a guest's transaction take in the owner's statements, nor leave the session held", async () => {
    const dir = tempDir("store-");
    const owner = await openLocalStore({ dir, role: "server", log: () => undefined });
    const pool = getDatabase({ connectionString: owner.url }).pool as Pool;
    try {
      const guest = await pool.connect();
      await guest.query("BEGIN");
      await guest.query(
        "INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash) VALUES (gen_random_uuid(), 'newsletter', 'rolled@example.com', '{}', 'r', 'x')",
      );
      // the owner's insert waits for the guest's transaction, and is not part of it
      const ownerInsert = insert(owner, "owner@example.com");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await guest.query("ROLLBACK");
      await ownerInsert;
      const { rows } = await owner.query<{ email: string }>("SELECT email FROM submissions");
      expect(rows).toEqual([{ email: "owner@example.com" }]);

      // a guest that disconnects in the middle of a transaction: rolled back, and the owner goes on
      await guest.query("BEGIN");
      await guest.query(
        "INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash) VALUES (gen_random_uuid(), 'newsletter', 'gone@example.com', '{}', 'g', 'x')",
      );
      guest.release(new Error("disconnect"));
      await insert(owner, "still@example.com");
      expect(await count(owner)).toBe(2);
    } finally {
      await pool.end();
      await owner.close();
    }
  });

  it("asks guests for the owner's password", async () => {
    const dir = tempDir("store-");
    const owner = await openLocalStore({ dir, role: "server", log: () => undefined });
    const wrong = new URL(owner.url);
    wrong.password = "wrong";
    const pool = getDatabase({ connectionString: wrong.toString() }).pool as Pool;
    try {
      await expect(pool.query("SELECT 1")).rejects.toThrow(/password authentication failed/);
    } finally {
      await pool.end();
      await owner.close();
    }
  });

  it("derives a port of its own for each folder, outside the ephemeral ranges", () => {
    const [a, b] = [tempDir("store-"), tempDir("store-")];
    expect(portFor(a)).toBe(portFor(a));
    expect(portFor(a)).not.toBe(portFor(b));
    for (const dir of [a, b]) {
      expect(portFor(dir)).toBeGreaterThanOrEqual(20_000);
      expect(portFor(dir)).toBeLessThan(30_000);
    }
  });
});

describe("the pieces of the session lock", () => {
  it("reads PostgreSQL's transaction status from the last ReadyForQuery of a reply", () => {
    const message = (type: string, body: number[]) => {
      const bytes = [type.charCodeAt(0), 0, 0, 0, 4 + body.length, ...body];
      return bytes;
    };
    const reply = (...parts: number[][]) => new Uint8Array(parts.flat());
    expect(readyStatus(reply(message("C", [0x42, 0]), message("Z", ["T".charCodeAt(0)])))).toBe("T");
    expect(readyStatus(reply(message("Z", ["T".charCodeAt(0)]), message("Z", ["I".charCodeAt(0)])))).toBe("I");
    expect(readyStatus(reply(message("1", [])))).toBeNull();
  });

  it("grants the lock first come, first served", async () => {
    const lock = new SessionLock();
    const order: number[] = [];
    await Promise.all(
      [30, 10, 0].map((delay, i) =>
        lock.run(async () => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          order.push(i);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2]);
  });
});

describe.each(engines)("migrations on %s", (_engine, open) => {
  it("apply each file once, in name order, recorded in netlify.migrations as Netlify records them", async () => {
    const store = await open();
    try {
      const names = migrationFiles().map((m) => m.name);
      expect(names[0]).toBe("0001_submissions");
      expect(await migrate(store)).toEqual([]);
      const { rows } = await store.query<{ name: string }>("SELECT name FROM netlify.migrations ORDER BY name");
      expect(rows.map((r) => r.name)).toEqual(names);
      // two processes starting at once: the advisory lock makes the second find nothing to do
      await store.exec(
        "DELETE FROM netlify.migrations WHERE name = '0001_submissions'; DROP FUNCTION accept_submission",
      );
      await store.exec("DROP TABLE deliveries, submissions, rate_limits, store_keys");
      const both = await Promise.all([migrate(store), migrate(store)]);
      expect(both.flat()).toEqual(["0001_submissions"]);
    } finally {
      await store.close();
    }
  });
});
