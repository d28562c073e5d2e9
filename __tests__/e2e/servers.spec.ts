import { spawn } from "child_process";
import { createServer } from "http";
import { expect, test } from "@playwright/test";
import { TEST_SERVER_PORTS } from "../support/ports";
import { ROOT, startServer } from "./servers";

// The servers that browser tests start for themselves (servers.ts) once outlived a killed test run and held
// their port; the next run's test then talked to the old server and failed for reasons that were not its own.

const up = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`).then(
    (res) => res.ok,
    () => false,
  );

test("a test's server stops when the process that started it is killed", async () => {
  // its server starts in another process, where servers.ts cannot lengthen this test for it
  test.setTimeout(150_000);
  const port = TEST_SERVER_PORTS.killed;
  // servers.ts is loaded as CommonJS by tsx, so its exports arrive under default
  const script = `import("./__tests__/e2e/servers.ts")
    .then((servers) => (servers.startServer ?? servers.default.startServer)(${port}))
    .then(() => console.log("started"))`;
  const runner = spawn("node", ["--import", "tsx", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) =>
    runner.stdout.on("data", (chunk: Buffer) => `${chunk}`.includes("started") && resolve()),
  );
  expect(await up(port)).toBe(true);

  runner.kill("SIGKILL");
  await expect.poll(() => up(port), { timeout: 10_000 }).toBe(false);
});

test("a server that cannot take its port fails the test at start, instead of the test talking to another", async () => {
  const port = TEST_SERVER_PORTS.squatted;
  const squatter = createServer((_req, res) => res.end("not the site"));
  await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
  try {
    await expect(startServer(port)).rejects.toThrow(/exited at start[\s\S]*EADDRINUSE/);
  } finally {
    squatter.close();
  }
});
