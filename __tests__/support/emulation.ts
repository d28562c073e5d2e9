import { spawn } from "child_process";
import { mkdirSync, writeFileSync } from "fs";
import path from "path";
import { createInterface } from "readline";
import { tempDir } from "./temp-dir";

// The local emulation (src/server/netlify-emulation.ts) on a project of a few functions, in a process of its own
// (emulation-process.ts), for the unit tests that reach it as a browser does, over loopback.

const ROOT = path.resolve(__dirname, "../..");

/** A project whose netlify/functions holds `functions` (file name → source), bundled by the emulation as Netlify would. */
export function project(functions: Record<string, string>) {
  const root = tempDir("emulation-");
  mkdirSync(path.join(root, "netlify", "functions"), { recursive: true });
  mkdirSync(path.join(root, "public"));
  writeFileSync(path.join(root, "netlify.toml"), '[build]\npublish = "public"\nfunctions = "netlify/functions"\n');
  for (const [name, source] of Object.entries(functions))
    writeFileSync(path.join(root, "netlify", "functions", name), source);
  return root;
}

/** The emulation on `root`; `gate`, the invocations at once and the wait for a turn, when not the server's own. */
export async function emulationOf(root: string, gate?: { atOnce: number; waitMs: number }) {
  const child = spawn(
    "node_modules/.bin/tsx",
    ["__tests__/support/emulation-process.ts", root, ...(gate ? [String(gate.atOnce), String(gate.waitMs)] : [])],
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the emulation's process exited (${code}): ${err}`)));
  });
  const { port, bundles } = JSON.parse(line) as { port: number; bundles: string };
  return {
    origin: `http://127.0.0.1:${port}`,
    bundles,
    /** what the process printed on stderr (a function that threw, a warning) */
    errors: () => err,
    stop: async () => {
      child.stdin.end();
      return exited;
    },
  };
}
