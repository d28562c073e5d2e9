// @netlify/blobs' local server (BlobsServer) in a process of its own, for the tests: Jest loads modules as CommonJS,
// and the server's dependencies are ES modules only, so the tests reach it as the functions do, over loopback.
//   tsx __tests__/support/blobs-process.ts <dir>
// prints one JSON line (the context getStore takes) and serves until its standard input closes.
import { BlobsServer } from "@netlify/blobs/server";
import { randomBytes } from "crypto";

async function main() {
  const token = randomBytes(16).toString("hex");
  const server = new BlobsServer({ directory: process.argv[2], token, logger: () => undefined });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  console.log(JSON.stringify({ siteID: "local", token, edgeURL: url, uncachedEdgeURL: url }));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on("end", resolve));
  await server.stop();
}
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
