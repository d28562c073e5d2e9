import { readdirSync, readFileSync } from "fs";
import path from "path";
import { DESKTOP_MIN_WIDTH_PX } from "../../src/lib/constants";
import { breakpointQueries } from "../../src/node/postcss-breakpoints";

const src = path.resolve(__dirname, "../../src");
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(path.join(dir, e.name)) : e.name.endsWith(".css") ? [path.join(dir, e.name)] : [],
  );

describe("design system", () => {
  it("keeps every colour in design-tokens.ts: stylesheets use only tokens", () => {
    const offenders = cssFiles(src).filter((f) => /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("writes the desktop breakpoint once: stylesheets use (--desktop) and (--mobile)", () => {
    expect(DESKTOP_MIN_WIDTH_PX).toBe(1024);
    expect(breakpointQueries["(--desktop)"]).toBe("(min-width: 1024px)");
    const literal = cssFiles(src).filter((f) => /\b10(24|23)(\.\d+)?px/.test(readFileSync(f, "utf8")));
    expect(literal).toEqual([]);
  });
});
