import { execFileSync } from "child_process";
import path from "path";
import chromium from "../../scripts/chromium.json";

// The bench's Lighthouse through Lighthouse CI (scripts/bench/lighthouse.mjs): each mode's throttling as the budgets
// mean it, Debian's Chromium with its flags (no browser downloaded), the results written to disk and nowhere else, and
// `lhci assert`'s results read back as the bench's budget rows. The module is ESM, so it runs in a node of its own.

const root = path.join(__dirname, "../..");
const run = (body: string): unknown =>
  JSON.parse(
    execFileSync(
      "node",
      [
        "--input-type=module",
        "-e",
        `const lh = await import("./scripts/bench/lighthouse.mjs");\nprocess.stdout.write(JSON.stringify(${body}));`,
      ],
      { cwd: root, encoding: "utf8" },
    ),
  );

type Config = {
  ci: {
    collect: { url: string[]; numberOfRuns: number; chromePath: string; settings: Record<string, unknown> };
    assert: { assertMatrix: { matchingUrlPattern: string; assertions: object }[] };
    upload: Record<string, unknown>;
  };
};

const configOf = (mode: string) =>
  run(
    `lh.lighthouserc({ chromePath: ${JSON.stringify(chromium.executablePath)}, chromeArgs: ${JSON.stringify(chromium.args)}, mode: ${JSON.stringify(mode)}, urls: ["http://127.0.0.1:9251/"], runs: 3, assertions: { "total-blocking-time": ["error", { maxNumericValue: 50 }] }, judged: "^http://127\\\\.0\\\\.0\\\\.1:9251/" })`,
  ) as Config;

describe("the bench's Lighthouse CI configuration", () => {
  it("throttles each mode as its name says: simulated by default, applied in the browser, desktop", () => {
    const settings = Object.fromEntries(
      ["mobile (simulated)", "mobile (applied)", "desktop"].map((mode) => [mode, configOf(mode).ci.collect.settings]),
    );
    expect(settings["mobile (simulated)"].throttlingMethod).toBeUndefined();
    expect(settings["mobile (simulated)"].preset).toBeUndefined();
    expect(settings["mobile (applied)"].throttlingMethod).toBe("devtools");
    expect(settings.desktop.preset).toBe("desktop");
  });

  it("runs Debian's Chromium with the project's flags, third parties blocked, and writes its reports to disk only", () => {
    const { collect, assert, upload } = configOf("mobile (applied)").ci;
    expect(collect.chromePath).toBe(chromium.executablePath);
    expect(String(collect.settings.chromeFlags).split(" ")).toEqual(chromium.args);
    expect(collect.settings.blockedUrlPatterns).toContain("*://*.googletagmanager.com/*");
    expect(collect).toMatchObject({ url: ["http://127.0.0.1:9251/"], numberOfRuns: 3 });
    expect(upload).toEqual({ target: "filesystem", outputDir: "reports" });
    expect(assert.assertMatrix).toEqual([
      {
        matchingUrlPattern: "^http://127\\.0\\.0\\.1:9251/",
        assertions: { "total-blocking-time": ["error", { maxNumericValue: 50 }] },
      },
    ]);
  });
});

describe("the bench's Lighthouse budget rows", () => {
  it("are one row per mode and assertion, met only when every page passed, with each page's value", () => {
    const results = [
      { mode: "mobile (applied)", auditId: "categories", auditProperty: "performance", name: "minScore" },
      { mode: "mobile (applied)", auditId: "total-blocking-time", name: "maxNumericValue" },
    ].flatMap((assertion) =>
      [0.996, 0.91].map((actual, page) => ({
        ...assertion,
        operator: assertion.name === "minScore" ? ">=" : "<=",
        expected: assertion.name === "minScore" ? 1 : 50,
        actual: assertion.name === "minScore" ? actual : 20 + page * 40,
        passed: assertion.name === "minScore" ? actual >= 1 : 20 + page * 40 <= 50,
      })),
    );
    const budgets = {
      "mobile (applied)": {
        "categories:performance": ["error", { minScore: 1, aggregationMethod: "pessimistic" }],
        "total-blocking-time": ["error", { maxNumericValue: 50, aggregationMethod: "median" }],
      },
    };
    expect(run(`lh.budgetRows(${JSON.stringify(results)}, ${JSON.stringify(budgets)})`)).toEqual([
      {
        name: "Lighthouse mobile (applied): categories:performance >= 1 (lhci assert minScore, every run)",
        met: false,
        worst: "1, 0.91",
      },
      {
        name: "Lighthouse mobile (applied): total-blocking-time <= 50 (lhci assert maxNumericValue, the median of the runs)",
        met: false,
        worst: "20, 60",
      },
    ]);
  });
});

describe("what the bench's tables show of a Lighthouse report", () => {
  it("reads the scores, the metrics, the bytes by kind and the third parties", () => {
    const lhr = {
      requestedUrl: "http://127.0.0.1:9251/",
      categories: { performance: { score: 0.98 }, accessibility: { score: 1 } },
      audits: {
        "first-contentful-paint": { numericValue: 812.4 },
        "total-blocking-time": { numericValue: 12.6 },
        "cumulative-layout-shift": { numericValue: 0.00049 },
        "network-requests": {
          details: {
            items: [
              { url: "http://127.0.0.1:9251/", resourceType: "Document", transferSize: 2048 },
              { url: "http://127.0.0.1:9251/app.js", resourceType: "Script", transferSize: 3072 },
              { url: "https://www.googletagmanager.com/gtag.js", resourceType: "Script", transferSize: 1024 },
            ],
          },
        },
        "mainthread-work-breakdown": { details: { items: [{ group: "styleLayout", duration: 40.4 }] } },
      },
    };
    expect(run(`lh.summary(${JSON.stringify(lhr)})`)).toMatchObject({
      performance: 98,
      accessibility: 100,
      bestPractices: 0,
      fcpMs: 812,
      tbtMs: 13,
      lcpMs: 0,
      cls: 0,
      htmlKB: 2,
      jsKB: 4,
      requests: 3,
      thirdParty: 1,
      mainThread: { styleLayout: 40 },
    });
  });
});
