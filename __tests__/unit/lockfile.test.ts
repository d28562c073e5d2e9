import { readFileSync } from "node:fs";
import { join } from "node:path";

// `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for another platform
// ("Missing: @pagefind/darwin-arm64@ from lock file"), and CI starts with `npm ci`. npm writes such a lock
// without a word when the registry it reached has no version of a platform package (as happened with
// pagefind 1.6.0, whose darwin, freebsd and windows packages this machine's registry lacks), so the lock is
// checked here rather than discovered by CI.

type LockEntry = { optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };

const lock = JSON.parse(readFileSync(join(__dirname, "../../package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf("node_modules/");
    base = at <= 0 ? "" : base.slice(0, at - 1);
  }
}

describe("package-lock.json, which npm ci installs from", () => {
  it("has an entry for every optional dependency of every package, other platforms' included", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => resolve(path, name) === undefined)
        .map((name) => `${path || "(root)"} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("resolves the way Node does (a sanity check of the test itself)", () => {
    expect(resolve("node_modules/pagefind", "@pagefind/linux-x64")).toBe("node_modules/@pagefind/linux-x64");
    expect(resolve("node_modules/pagefind", "no-such-package-here")).toBeUndefined();
  });
});
