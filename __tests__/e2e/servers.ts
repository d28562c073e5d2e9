import { spawn, type ChildProcess } from "child_process";
import { mkdtempSync, rmSync } from "fs";
import os from "os";
import path from "path";

export const ROOT = path.resolve(__dirname, "../..");

/**
 * A second server of the production build on `port`, with its own environment: a fresh embedded store in a
 * temporary folder unless `env` names another store. Stops the server and removes the folder on `stop()`.
 * `root` serves another build: a folder holding its public/ and netlify.toml (scripts/serve.mjs --root).
 */
export async function startServer(port: number, env: Record<string, string> = {}, { root }: { root?: string } = {}) {
  const storeDir = mkdtempSync(path.join(os.tmpdir(), "tidewell-e2e-store-"));
  const fullEnv = { ...process.env, LEADS_STORE_DIR: storeDir, LEAD_RATE_LIMIT: "100000", ...env };
  const args = ["--import", "tsx", "scripts/serve.mjs", "--port", String(port), ...(root ? ["--root", root] : [])];
  const server: ChildProcess = spawn("node", args, {
    cwd: ROOT,
    env: fullEnv,
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    env: fullEnv,
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
