/** @jest-environment node */
import { readdirSync, readFileSync } from "fs";
import path from "path";
import site from "../../content/site.json";
import { openStore } from "../../src/server/store/open-store";
import type { Store } from "../../src/server/store/sql";
import { eraseEmail } from "../../src/server/store/erasure";
import { acceptLead } from "../../src/server/store/intake";
import { tempDir } from "../support/temp-dir";
import { freshPostgres, POSTGRES_URL } from "../support/test-store";
import { validBody } from "../support/valid-body";

const ADDRESS = "erase.me.7f3a@example.com";
const NAME = "Zelda Quixotic-Erasable";
const MESSAGE = "Please call me about the Kestrel-Umbra project";

/** Every file of the data directory, but the write-ahead log (docs: what erasure cannot reach). */
function* dataFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "pg_wal") yield* dataFiles(full);
    } else if (entry.isFile()) yield full;
  }
}

const holding = (files: Iterable<string>, text: string) =>
  [...files].filter((file) => readFileSync(file).includes(Buffer.from(text)));

async function fill(store: Store) {
  const guards = { dedupeMs: 600_000 };
  const contact = {
    kind: "contact" as const,
    fields: validBody("contact", { name: NAME, email: ADDRESS, phone: "", info: MESSAGE }),
  };
  const comment = {
    kind: "comment" as const,
    fields: {
      type: site.labels.comment,
      name: NAME,
      email: ADDRESS,
      comment: MESSAGE,
      url: `${site.siteUrl}/blog/x`,
    },
  };
  await acceptLead(store, { lead: contact, clientHash: "c1", sinks: ["email"], guards, id: crypto.randomUUID() });
  const other = { ...contact, fields: { ...contact.fields, name: "Ben", email: "ben@example.com", info: "Hi" } };
  await acceptLead(store, { lead: other, clientHash: "c2", sinks: ["email"], guards, id: crypto.randomUUID() });
  const { id } = (await acceptLead(store, {
    lead: comment,
    clientHash: "c1",
    sinks: [],
    guards,
    id: crypto.randomUUID(),
  })) as { id: string };
  // the comment's moderation leaves an older row version of it behind, as approval does
  await store.query("UPDATE submissions SET moderation = 'approved', moderated_at = now() WHERE id = $1", [id]);
  await store.query("UPDATE deliveries SET attempts = 1, status = 'delivered', delivered_at = now()");
  await store.exec("CHECKPOINT");
}

describe("erasure erases: the address is gone from the store's files", () => {
  it("on the embedded store (PGlite on disk), old row versions and indexes included", async () => {
    const dir = tempDir("erasure-");
    const store = await openStore({ LEADS_STORE_DIR: dir }, "command");
    try {
      await fill(store);
      expect(holding(dataFiles(dir), ADDRESS).length).toBeGreaterThan(0);
      const erased = await eraseEmail(store, ADDRESS.toUpperCase());
      expect(erased).toMatchObject({ total: 2, removed: { contact: 1, comment: 1 } });
      expect(erased.copies).toEqual([expect.objectContaining({ kind: "contact", sink: "email" })]);
      for (const text of [ADDRESS, NAME, MESSAGE]) expect(holding(dataFiles(dir), text)).toEqual([]);
      expect((await store.query("SELECT email FROM submissions")).rows).toEqual([{ email: "ben@example.com" }]);
    } finally {
      await store.close();
    }
  }, 300_000); // PGlite makes a new database in the folder first: long on a busy machine

  // the server's files are readable where the tests run as the server's owner or as root (CI)
  (POSTGRES_URL ? it : it.skip)("on a PostgreSQL server (TEST_DATABASE_URL)", async () => {
    const store = await freshPostgres();
    try {
      await fill(store);
      const { rows } = await store.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
      const relations = [
        "submissions",
        "deliveries",
        "submissions_email",
        "submissions_pkey",
        "submissions_fingerprint",
      ];
      const filesOf = async () => {
        const files: string[] = [];
        for (const relation of relations) {
          const r = await store.query<{ file: string }>("SELECT pg_relation_filepath($1) AS file", [relation]);
          const base = path.join(rows[0].dir, r.rows[0].file);
          const folder = path.dirname(base);
          files.push(
            ...readdirSync(folder)
              .filter((f) => f === path.basename(base) || f.startsWith(`${path.basename(base)}.`))
              .map((f) => path.join(folder, f)),
          );
        }
        return files;
      };
      expect(holding(await filesOf(), ADDRESS).length).toBeGreaterThan(0);
      await eraseEmail(store, ADDRESS);
      for (const text of [ADDRESS, NAME, MESSAGE]) expect(holding(await filesOf(), text)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
