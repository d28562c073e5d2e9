import { getDatabase } from "@netlify/database";
import path from "path";
import { connectionString } from "./function-store";
import { openLocalStore, type Role } from "./local-store";
import { describeUrl, poolStore, type PoolLike, type Store } from "./sql";

/** Where the embedded store keeps its data unless LEADS_STORE_DIR says otherwise. */
export const DEFAULT_STORE_DIR = ".data/store";

/**
 * The submissions store for a process on a developer's machine or in CI (the local server, `npm run leads`, the
 * build): PostgreSQL at DATABASE_URL (or Netlify Database's NETLIFY_DB_URL) when one is set, else the embedded
 * store under .data/, as its owner or as a guest of the process that owns it (local-store.ts).
 */
export async function openStore(
  env: Record<string, string | undefined>,
  role: Role,
): Promise<Store & { url?: string }> {
  const url = connectionString(env);
  if (url) {
    const { pool } = getDatabase({ connectionString: url });
    return poolStore(pool as unknown as PoolLike, describeUrl(url));
  }
  const port = Number(env.LEADS_STORE_PORT) || undefined;
  return openLocalStore({ dir: path.resolve(env.LEADS_STORE_DIR || DEFAULT_STORE_DIR), role, port });
}
