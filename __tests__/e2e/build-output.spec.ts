import { existsSync } from "fs";
import path from "path";
import { expect, test } from "./fixtures";

// What the production build's changes to Gatsby's webpack configuration (src/node/webpack-config.ts) must show in
// the build itself. They reach into Gatsby's internals (docs/architecture.md): when an upgrade of Gatsby turns one
// into a silent no-op, these fail, and its measurement is due again.

test("CSS modules have short class names in the HTML, not the development server's readable ones", async ({
  request,
}) => {
  for (const route of ["/", "/services/agentforce", "/contact"]) {
    const html = await (await request.get(route)).text();
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1].split(/\s+/));
    expect(classes.length, route).toBeGreaterThan(50);
    // css-loader's readable form, as `npm run develop` keeps it: footer-module--newsletterInner--3f2a1
    expect(
      classes.filter((name) => /-module--/.test(name)),
      route,
    ).toEqual([]);
  }
});

test("the production build writes no webpack cache for its two bundles", () => {
  // Gatsby's cache folders are .cache/webpack/stage-<stage>; `npm run build` deletes .cache before it builds
  const cache = path.join(process.cwd(), ".cache", "webpack");
  expect(existsSync(path.join(cache, "stage-build-javascript"))).toBe(false);
  expect(existsSync(path.join(cache, "stage-build-html"))).toBe(false);
});
