/** @jest-environment node */
// The layers of docs/architecture.md, as `npm run lint` checks them (dependency-cruiser, .dependency-cruiser.mjs):
// the site's own tree keeps them, and the rules refuse an import that breaks one (in a fixture shaped like the site).
import { spawnSync } from "child_process";
import path from "path";

const root = path.resolve(__dirname, "../..");

/** The violations dependency-cruiser finds in `dirs` of the tree at `cwd`, as "rule: from → to". */
function violations(cwd: string, dirs: string[]): string[] {
  const run = spawnSync(
    path.join(root, "node_modules/.bin/depcruise"),
    ["--config", path.join(root, ".dependency-cruiser.mjs"), "--output-type", "json", ...dirs],
    { cwd, encoding: "utf8" },
  );
  if (!run.stdout) throw new Error(run.stderr);
  const { summary } = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

jest.setTimeout(60_000);

describe("the layers", () => {
  it("are kept by the site's code", () => {
    expect(violations(root, ["src", "netlify", "scripts"])).toEqual([]);
  });

  it("refuse a server page drawing a site component other than the forms' fields, the server using the inbox, and a circle", () => {
    expect(violations(path.join(root, "__tests__/fixtures/layers"), ["src"])).toEqual([
      "inbox-on-top: src/server/weekly-report.ts → src/inbox/program.ts",
      "no-circular: src/lib/declaration.ts → src/lib/rules.ts",
      "server-below-the-site: src/server/page.tsx → src/components/forms/lead-form.tsx",
      "server-below-the-site: src/server/weekly-report.ts → src/inbox/program.ts",
    ]);
  });
});
