// The local emulation (src/server/netlify-emulation.ts) in a process of its own, for the tests: Jest loads modules as
// CommonJS, and the emulation's packages are ES modules only, so the tests reach it as a browser does, over loopback.
//   tsx __tests__/support/emulation-process.ts <project folder> [<invocations at once> <wait for a turn, ms>]
// prints one JSON line (its port, and the folder of its functions' bundles) once every function is bundled, and
// serves until its standard input closes; then it stops the emulation, which removes that folder.
import { createServer } from "http";
import type { AddressInfo } from "net";
import path from "path";
import { startEmulation } from "../../src/server/netlify-emulation";

async function main() {
  const root = path.resolve(process.argv[2]);
  const [atOnce, waitMs] = process.argv.slice(3).map(Number);
  const emulation = await startEmulation({ root, ...(atOnce ? { gate: { atOnce, waitMs } } : {}) });
  const server = createServer((req, res) => void emulation.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ port, bundles: path.join(root, ".netlify", `functions-serve-${process.pid}`) }));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on("end", resolve));
  server.close();
  server.closeAllConnections();
  await emulation.stop();
}
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
