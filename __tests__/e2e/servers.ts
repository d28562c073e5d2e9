import { test } from "@playwright/test";
import { spawn, type ChildProcess } from "child_process";
import { mkdtempSync, rmSync } from "fs";
import { request as httpRequest } from "http";
import os from "os";
import path from "path";

export const ROOT = path.resolve(__dirname, "../..");

/** How long a server may take to start. */
const START_WAIT_MS = 120_000;

/**
 * A second server of the production build on `port`, with its own environment: a fresh embedded store in a
 * temporary folder unless `env` names another store. Stops the server and removes the folder on `stop()`.
 * `root` serves another build: a folder holding its public/ and netlify.toml (scripts/serve.mjs --root).
 */
export async function startServer(port: number, env: Record<string, string> = {}, { root }: { root?: string } = {}) {
  // the test that waits for it gets the wait on top of its own time: the local runtime answers once it has bundled
  // every function (src/server/netlify-emulation.ts), seconds on a quiet machine and a minute beside a build
  try {
    test.info().setTimeout(test.info().timeout + START_WAIT_MS);
  } catch {
    // started outside a test (servers.spec.ts starts one in a process of its own)
  }
  const storeDir = mkdtempSync(path.join(os.tmpdir(), "tidewell-e2e-store-"));
  const fullEnv = { ...process.env, LEADS_STORE_DIR: storeDir, LEAD_RATE_LIMIT: "100000", ...env };
  const args = ["--import", "tsx", "scripts/serve.mjs", "--port", String(port), "--with-parent"];
  if (root) args.push("--root", root);
  // stdin stays a pipe from this process: when it ends (the test run is killed), the server stops too
  const server: ChildProcess = spawn("node", args, { cwd: ROOT, env: fullEnv, stdio: "pipe" });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-4000));
  server.stderr?.on("data", keep);
  // ready when it says it listens; a server that could not start (its port held by another process) fails the
  // test here, instead of letting it talk to whatever holds the port
  await new Promise<void>((resolve, reject) => {
    // a fresh store folder first gets its database from PGlite: seconds, or a minute on a busy 2-core machine
    const timer = setTimeout(
      () => reject(new Error(`no server on port ${port} after ${START_WAIT_MS / 1000} s:\n${output}`)),
      START_WAIT_MS,
    );
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server for port ${port} exited at start (code ${code}):\n${output}`));
    });
    server.stdout?.on("data", (chunk: Buffer) => {
      keep(chunk);
      if (output.includes("Serving the production build")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    env: fullEnv,
    /** what the server and its functions printed (the last 4,000 characters) */
    output: () => output,
    /**
     * `npm run leads -- …args` against this server's store, as the company would run it in a terminal (not
     * synchronously: the test's own webhook and SMTP servers must go on answering while it runs)
     */
    leads: (...args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const run = spawn("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], { cwd: ROOT, env: fullEnv });
        let out = "";
        let err = "";
        run.stdout.on("data", (chunk: Buffer) => (out += chunk));
        run.stderr.on("data", (chunk: Buffer) => (err += chunk));
        run.on("close", (code) => resolve({ code, out, err }));
      }),
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** An answer to `postFrom`: its status, its Retry-After, and how long it took. */
export interface PostAnswer {
  status: number;
  retryAfter?: string;
  ms: number;
}

/**
 * A lead posted to the server at `origin` from a loopback address of our choosing (127.0.0.2, …), as a visitor of
 * its own: the local server takes the client's address from the socket. The body is sent as the site's script
 * sends it (text/plain JSON).
 */
export function postFrom(address: string, origin: string, body: string): Promise<PostAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL("/api/lead", origin);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: address,
        headers: { "content-type": "text/plain", origin, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers["retry-after"],
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
