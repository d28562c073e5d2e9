import { mkdir, open } from "fs/promises";
import path from "path";

/** Appends one JSON line per lead and flushes it to disk before returning, so an answered lead is kept. */
export function fileSink(file: string) {
  let ready: Promise<unknown> | null = null;
  return async function appendLead(record: object): Promise<void> {
    ready ??= mkdir(path.dirname(file), { recursive: true });
    await ready;
    const handle = await open(file, "a");
    try {
      await handle.write(`${JSON.stringify(record)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
}
