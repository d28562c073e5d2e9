/** @jest-environment node */
import { execFileSync } from "child_process";
import { readFileSync } from "fs";
import path from "path";
import { SECURITY_HEADERS } from "../../src/server/security-headers";

/** The `/*` rule of netlify.toml: what Netlify sends with every file. */
function everyPathRule(): Record<string, string> {
  const toml = readFileSync(path.join(__dirname, "../../netlify.toml"), "utf8");
  const block = toml.slice(toml.indexOf('for = "/*"'));
  const values = block.slice(block.indexOf("[headers.values]") + "[headers.values]".length).split(/\n\s*\[/)[0];
  return Object.fromEntries(
    [...values.matchAll(/^\s*([\w-]+)\s*=\s*"([^"]*)"/gm)].map(([, name, value]) => [name, value]),
  );
}

describe("the security headers functions set themselves", () => {
  it("are netlify.toml's for every path, so a function's answer is as safe as a file's", () => {
    const rule = everyPathRule();
    expect(Object.keys(rule).length).toBeGreaterThanOrEqual(6);
    for (const [name, value] of Object.entries(rule))
      expect({ name, value: SECURITY_HEADERS[name as keyof typeof SECURITY_HEADERS] }).toEqual({ name, value });
  });

  it("keep other sites' windows away as every page does (its opener policy, written per page: scripts/csp.mjs)", () => {
    // the build's own module, an ES module this test reads through Node
    const policy = execFileSync(
      "node",
      ["--input-type=module", "-e", 'process.stdout.write((await import("./scripts/csp-policy.mjs")).OPENER_POLICY)'],
      { cwd: path.join(__dirname, "../.."), encoding: "utf8" },
    );
    expect(SECURITY_HEADERS["Cross-Origin-Opener-Policy"]).toBe(policy);
  });

  it("add a policy that loads nothing and cannot be framed", () => {
    expect(SECURITY_HEADERS["Content-Security-Policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});
