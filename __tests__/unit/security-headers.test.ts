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

describe("the adapter's header rules, as the build leaves them (scripts/adapter-headers.mjs, run by csp.mjs)", () => {
  /** `_headers` text through the build's own module, an ES module this test runs through Node. */
  const siteHeaders = (text: string) =>
    execFileSync(
      "node",
      [
        "--input-type=module",
        "-e",
        `const { siteHeaders } = await import("./scripts/adapter-headers.mjs");
         process.stdout.write(await siteHeaders(process.argv[1], "netlify.toml"));`,
        text,
      ],
      { cwd: path.join(__dirname, "../.."), encoding: "utf8" },
    );
  const adapters = [
    "",
    "# gatsby-adapter-netlify start",
    "/*",
    "  cache-control: public, max-age=0, must-revalidate",
    "  x-xss-protection: 1; mode=block",
    "  x-content-type-options: nosniff",
    "  referrer-policy: same-origin",
    "  x-frame-options: DENY",
    "/_gatsby/image/*",
    "  cache-control: public, max-age=31536000, immutable",
    "  X-XSS-Protection: 1; mode=block",
    "  x-content-type-options: nosniff",
    "# gatsby-adapter-netlify end",
    "",
  ].join("\n");

  it("send no X-XSS-Protection on any path, and netlify.toml's value alone for each header it sets", () => {
    expect(siteHeaders(adapters).split("\n")).toEqual([
      "",
      "# gatsby-adapter-netlify start",
      "/*",
      "  cache-control: public, max-age=0, must-revalidate",
      "/_gatsby/image/*",
      "  cache-control: public, max-age=31536000, immutable",
      "  x-content-type-options: nosniff",
      "# gatsby-adapter-netlify end",
      "",
    ]);
  });

  it("come out the same when csp.mjs runs again on the same build: its policies are written once", () => {
    const once = `${siteHeaders(adapters)}\n# Content-Security-Policy per page, from scripts/csp.mjs\n/\n  Content-Security-Policy: x\n`;
    expect(siteHeaders(once)).toBe(siteHeaders(adapters));
  });
});
