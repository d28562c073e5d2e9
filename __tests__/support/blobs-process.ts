// @netlify/blobs' local server (BlobsServer) in a process of its own, for the tests: Jest loads modules as CommonJS,
// and the server's dependencies are ES modules only, so the tests reach it as the functions do, over loopback.
//   tsx __tests__/support/blobs-process.ts <dir>
// prints one JSON line (the context getStore takes) and serves until its standard input closes.
import { serveLocalBlobs } from "../../src/server/store/local-blobs";

async function main() {
  const served = await serveLocalBlobs(process.argv[2]);
  console.log(JSON.stringify(served.context));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on("end", resolve));
  await served.close();
}
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
