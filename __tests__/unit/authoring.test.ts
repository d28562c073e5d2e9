/** @jest-environment node */
import { execFileSync, spawnSync } from "child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync } from "fs";
import matter from "gray-matter";
import path from "path";
import { check } from "../../src/lib/content-fields";
import { markdownKinds, type Kind } from "../../src/lib/content-model";
import { SERVICE_GROUPS } from "../support/spec-routes";
import { tempDir } from "../support/temp-dir";

const root = path.resolve(__dirname, "../..");

function scaffold(kind: string, title: string) {
  const dir = tempDir("content-");
  cpSync(path.join(root, "content", "navigation.json"), path.join(dir, "navigation.json"));
  for (const sub of ["blog/images", "webinars", "services"]) mkdirSync(path.join(dir, sub), { recursive: true });
  const out = execFileSync("node", ["--import", "tsx", path.join(root, "scripts/new-content.mjs"), kind, title], {
    env: { ...process.env, CONTENT_DIR: dir },
    encoding: "utf8",
  });
  const file = path.join(dir, out.trim().replace(/^wrote /, ""));
  return { dir, file, parsed: matter(readFileSync(file, "utf8")) };
}

describe("npm run new:post / new:webinar / new:service", () => {
  it.each([
    [
      "post",
      "Agentforce for Field Service: what changes?",
      "blog/agentforce-for-field-service-what-changes.md",
      "blog",
    ],
    ["webinar", "Data Cloud in 45 minutes", "webinars/data-cloud-in-45-minutes.md", "webinar"],
    ["service", "Salesforce Health Check", "services/salesforce-health-check.md", "service"],
  ])("new:%s writes a correctly named file with every required field", (kind, title, expected, rules) => {
    const { dir, file, parsed } = scaffold(kind, title);
    expect(path.relative(dir, file)).toBe(expected);
    expect(parsed.data.title).toBe(title);
    const ctx = {
      resolveFile: (p: string) => (rules === "blog" && p.endsWith(".jpg") ? "/exists.jpg" : null),
      serviceGroups: SERVICE_GROUPS,
    };
    const values = JSON.parse(JSON.stringify(parsed.data)) as Record<string, unknown>;
    expect(check(expected, markdownKinds[rules as Kind].frontmatter(ctx), values)).toBeNull();
  });

  it("starts a new post as a draft, so it is not published until the author says so", () => {
    expect(scaffold("post", "A draft").parsed.data.draft).toBe(true);
  });

  it("prints its usage for --help and writes nothing; refuses an unknown option", () => {
    const dir = tempDir("content-");
    cpSync(path.join(root, "content", "navigation.json"), path.join(dir, "navigation.json"));
    const run = (...args: string[]) =>
      spawnSync("node", ["--import", "tsx", path.join(root, "scripts/new-content.mjs"), "post", ...args], {
        env: { ...process.env, CONTENT_DIR: dir },
        encoding: "utf8",
      });
    const help = run("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage:\n {2}npm run new:post -- "Title"/);
    expect(readdirSync(dir)).toEqual(["navigation.json"]);
    const bad = run("--force");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^unknown option --force/);
    expect(readdirSync(dir)).toEqual(["navigation.json"]);
  });
});
