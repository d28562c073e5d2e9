// A script's life around the store, as `npm run load` and `npm run leads` have it, for open-store.test.ts:
//   tsx __tests__/support/close-process.mts   (DATABASE_URL in the environment)
// opens the store, runs three queries at once (three connections), closes it with a top-level await, and prints "closed" on the line after: a close
// whose wait kept nothing alive ended the process unsettled before that line (exit code 13).
import { openStore } from "../../src/server/store/open-store";

const store = await openStore({ DATABASE_URL: process.env.DATABASE_URL }, "command");
await Promise.all([1, 2, 3].map(() => store.query("SELECT pg_sleep(0.05)")));
await store.close();
console.log("closed");
