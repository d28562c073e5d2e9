// The keys the store keeps for itself (migration 0001's store_keys), used when the environment gives none: the one
// that hashes client addresses (the rate limit's buckets, a submission's client, a confirmation's proof of consent),
// and the one that signs moderation and subscription links (signed-links.ts). Nobody can read an address back from
// what the store keeps of it.
import { createHmac, randomBytes } from "crypto";
import type { Sql } from "./sql";

/** A client address as a keyed hash: the same address gives the same hash, and the address cannot be read back. */
export const hashClient = (key: string, address: string): string =>
  createHmac("sha256", key).update(address).digest("hex");

/** The key named `name`: the environment's when it gives one, else one the store made for itself once. */
export async function storeKey(store: Sql, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await store.query("INSERT INTO store_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(32).toString("base64url"),
  ]);
  const { rows } = await store.query<{ value: string }>("SELECT value FROM store_keys WHERE name = $1", [name]);
  return rows[0].value;
}
