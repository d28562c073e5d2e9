import { getStore } from "@netlify/blobs";
import { spawn } from "child_process";
import { createInterface } from "readline";
import { CV_STORE_NAME, cvFilesOf, type CvFiles } from "../../src/server/store/cv-files";
import type { LocalBlobsContext } from "../../src/server/store/local-blobs";

/**
 * The CV file store over a real BlobsServer on loopback writing into `dir` (under .data/), as the local server
 * gives its functions one; closing it stops the server's process.
 */
export async function localCvFiles(dir: string): Promise<CvFiles> {
  const child = spawn("node_modules/.bin/tsx", ["__tests__/support/blobs-process.ts", dir], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the blob server's process exited (${code})`)));
  });
  const context = JSON.parse(line) as LocalBlobsContext;
  return cvFilesOf(getStore(CV_STORE_NAME, context), `the local blob store in ${dir}`, async () => {
    child.stdin.end();
    await exited;
  });
}
