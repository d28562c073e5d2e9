// Another process on the embedded store, for the tests of open-store.ts:
//   tsx __tests__/support/store-process.ts <dir> <command|server> <hold-ms> [insert-email]
// opens the store, inserts a submission when asked, prints one JSON line (rows seen), holds the store open for
// <hold-ms>, prints how many rows it sees then, and closes.
import { openStore, type Opener } from "../../src/server/store/open-store";

async function main() {
  const [dir, as, hold, email] = process.argv.slice(2);
  const store = await openStore({ LEADS_STORE_DIR: dir }, as as Opener);
  const count = async () => (await store.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions")).rows[0].n;
  if (email)
    await store.query(
      "INSERT INTO submissions (id, kind, email, fields, fingerprint, client_hash) VALUES (gen_random_uuid(), 'newsletter', $1, '{}', $1, 'x')",
      [email],
    );
  console.log(JSON.stringify({ pid: process.pid, rows: await count() }));
  await new Promise((resolve) => setTimeout(resolve, Number(hold)));
  console.log(JSON.stringify({ pid: process.pid, rows: await count() }));
  await store.close();
}
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
