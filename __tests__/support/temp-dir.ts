import { mkdtempSync, rmSync } from "fs";
import os from "os";
import path from "path";

// Jest loads this module once per test file: the folders a file made are removed when its tests are done.
const made: string[] = [];
afterAll(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh folder under the system's temporary folder, removed after the test file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
