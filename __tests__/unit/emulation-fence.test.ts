/** @jest-environment node */
import { readdirSync, statSync } from "fs";
import path from "path";
import { functionInternals, internalsOf } from "../../src/server/netlify-emulation";
import { emulationOf, project } from "../support/emulation";

// Issue 55, item 3: the local emulation bundles each function once, at start, and runs that bundle for every request,
// through private members of @netlify/functions-dev (src/server/netlify-emulation.ts). A release that renames one
// must stop the server with its name, not bring back a bundle made anew for each request.

jest.setTimeout(120_000);

/** A project of one function, as netlify/functions holds the site's. */
const helloProject = () =>
  project({
    "hello.mts": 'export default async () => new Response("hello");\nexport const config = { path: "/api/hello" };\n',
  });

/** Every file of a bundle folder, with when it was last written. */
function filesOf(dir: string) {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((name) => [name, statSync(path.join(dir, name))] as const)
      .filter(([, stat]) => stat.isFile())
      .map(([name, stat]) => [name, stat.mtimeMs]),
  );
}

test("a function is bundled once, at start: a second request runs the same bundle", async () => {
  const emulation = await emulationOf(helloProject());
  try {
    const bundled = filesOf(emulation.bundles);
    expect(Object.keys(bundled).length).toBeGreaterThan(0);
    for (let request = 1; request <= 2; request++) {
      const answer = await fetch(`${emulation.origin}/api/hello`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("hello");
      // nothing of the bundle written again: the handler made no bundle for the request
      expect(filesOf(emulation.bundles)).toEqual(bundled);
    }
  } finally {
    expect(await emulation.stop()).toBe(0);
  }
  expect(emulation.errors()).toBe("");
});

test("a handler without the private members the emulation uses stops it, naming each", () => {
  const registry = { functions: new Map(), getFunctionForURLPath: async () => undefined, get: () => undefined };
  const handler = { globalBuildDirectory: "/bundles", scan: Promise.resolve(), registry };
  expect(internalsOf(handler, "/bundles")).toBe(handler);

  // renamed, or made a real #private: as absent to the emulation
  const { globalBuildDirectory: _, ...renamed } = handler;
  expect(() => internalsOf(renamed, "/bundles")).toThrow(
    /@netlify\/functions-dev .*: FunctionsHandler\.globalBuildDirectory \(the bundle folder\)\. package\.json pins/,
  );
  const withoutRegistryMembers = { ...handler, registry: { functions: [] } };
  expect(() => internalsOf(withoutRegistryMembers, "/bundles")).toThrow(
    "FunctionsHandler.registry.functions (a Map), FunctionsHandler.registry.getFunctionForURLPath(), " +
      "FunctionsHandler.registry.get()",
  );
  expect(() => internalsOf({ ...handler, scan: undefined }, "/bundles")).toThrow("FunctionsHandler.scan (a promise)");

  const func = { getBuildData: async () => undefined, isScheduled: async () => false };
  expect(functionInternals(func)).toBe(func);
  expect(() => functionInternals({ getBuildData: func.getBuildData } as never)).toThrow(
    /changed them: NetlifyFunction\.isScheduled\(\)\./,
  );
});
