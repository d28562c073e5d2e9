import { readdirSync, readFileSync } from "fs";
import path from "path";
import type { Store } from "./sql";

/** The folder Netlify applies at deploy: https://docs.netlify.com/build/data-and-storage/netlify-database/migrations/ */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "netlify/database/migrations");

// Netlify's convention, as its local runner (@netlify/database-dev's applyMigrations) applies it: `<digits>_<slug>.sql`
// or `<digits>_<slug>/migration.sql`, in name order, each recorded by name in `netlify.migrations`. That runner is
// an ES module only, which this project's server code (CommonJS under Gatsby, Jest and tsx) cannot load; these
// lines apply the same files to the same table.
const NAME = /^\d+_.+$/;

export function migrationFiles(dir = MIGRATIONS_DIR): { name: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory() && NAME.test(entry.name))
        return [{ name: entry.name, file: path.join(dir, entry.name, "migration.sql") }];
      const name = entry.name.replace(/\.sql$/, "");
      return entry.isFile() && name !== entry.name && NAME.test(name)
        ? [{ name, file: path.join(dir, entry.name) }]
        : [];
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Applies the migrations not applied yet and returns their names. All of them run in one transaction that holds an
 * advisory lock, so two processes starting at once apply each migration once, and a failing one leaves nothing.
 */
export async function migrate(store: Store, dir = MIGRATIONS_DIR): Promise<string[]> {
  const pending = migrationFiles(dir);
  return store.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(0, hashtext('netlify.migrations'))");
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS netlify;
      CREATE TABLE IF NOT EXISTS netlify.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ name: string }>("SELECT name FROM netlify.migrations");
    const applied = new Set(rows.map((row) => row.name));
    const names: string[] = [];
    for (const { name, file } of pending.filter((m) => !applied.has(m.name))) {
      await tx.exec(readFileSync(file, "utf8"));
      await tx.query("INSERT INTO netlify.migrations (name) VALUES ($1)", [name]);
      names.push(name);
    }
    return names;
  });
}
