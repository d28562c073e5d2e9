import { getStore } from "@netlify/blobs";
import { spawn } from "child_process";
import { createInterface } from "readline";
import { CV_STORE_NAME, cvFilesOf, type CvFiles } from "../../src/server/store/cv-files";

/**
 * The CV file store over a real BlobsServer (what Netlify's local emulation runs) on loopback writing into `dir`; closing it stops the server's process.
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
  const context = JSON.parse(line) as { siteID: string; token: string; edgeURL: string; uncachedEdgeURL: string };
  return cvFilesOf(getStore(CV_STORE_NAME, context), `the local blob store in ${dir}`, async () => {
    child.stdin.end();
    await exited;
  });
}
