// The editor's local backend as an attacker meets it (issue 60), through the local runtime as it serves
// (scripts/serve.mjs), on a scratch copy of the repository that holds, besides content/, a package.json and a
// scripts/ to aim at: it answers only a JSON post of a page of its own server, reaches only what the editor edits,
// and is off on a server others on the network reach unless EDITOR_ON_NETWORK=1. The rules alone are
// __tests__/unit/editor-guard.test.ts; a save through the editor's own form is editor.spec.ts's and the journeys'.
import { expect, type Page } from "@playwright/test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "fs";
import { createServer, request, type Server } from "http";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import { TEST_SERVER_PORTS } from "../support/ports";
import { test } from "./fixtures";
import { ROOT, startServer } from "./servers";

test.describe.configure({ mode: "serial" });

/** A copy of the repository's content/, package.json and scripts/serve.mjs, for a server's GIT_REPO_DIRECTORY. */
function scratchRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tidewell-editor-backend-"));
  cpSync(path.join(ROOT, "content"), path.join(dir, "content"), { recursive: true });
  cpSync(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
  mkdirSync(path.join(dir, "scripts"));
  cpSync(path.join(ROOT, "scripts/serve.mjs"), path.join(dir, "scripts/serve.mjs"));
  return dir;
}

interface Answer {
  status: number;
  body: { error?: string; message?: string; data?: string };
}

/** A post to the backend at `port`, with exactly these headers (Node sends the Host it is given). */
function post(port: number, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/admin/api/v1", method: "POST", headers }, (res) => {
      let answer = "";
      res.on("data", (chunk: Buffer) => (answer += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer || "{}") as Answer["body"] }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

/** What the editor's page at `origin` sends with its posts. */
const editorsHeaders = (origin: string) => ({
  Host: new URL(origin).host,
  Origin: origin,
  "Content-Type": "application/json; charset=utf-8",
});

/** A save of `path` as the editor posts one (decap-server's persistEntry). */
const persist = (path: string, raw: string) => ({
  action: "persistEntry",
  params: {
    branch: "main",
    entry: { slug: "x", path, raw },
    assets: [],
    options: { commitMessage: "x", useWorkflow: false, status: "draft" },
  },
});

test.describe("on loopback", () => {
  const port = TEST_SERVER_PORTS.editorBackend;
  const origin = `http://127.0.0.1:${port}`;
  /** The refusal of a request that is not a page's of this server, naming what gave it away. */
  const notOurs = (what: string) =>
    `The editor's backend answers only a page of this server (a loopback name on port ${port}), not ${what}`;
  let repository: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  const bait = () => ({
    packageJson: readFileSync(path.join(repository, "package.json"), "utf8"),
    scripts: readFileSync(path.join(repository, "scripts/serve.mjs"), "utf8"),
  });
  let before: ReturnType<typeof bait>;

  test.beforeAll(async () => {
    repository = scratchRepository();
    before = bait();
    server = await startServer(port, { GIT_REPO_DIRECTORY: repository });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(repository, { recursive: true, force: true });
  });

  test("refuses the issue's request, a foreign Host and Origin (DNS rebinding), and writes nothing", async () => {
    const answer = await post(port, persist("scripts/pwned-by-host.txt", "written through a foreign Host"), {
      Host: "evil.example:9555",
      Origin: "http://evil.example:9555",
      "Content-Type": "application/json",
    });
    expect(answer).toEqual({
      status: 403,
      body: {
        error: notOurs('Host "evil.example:9555"'),
      },
    });
    // a foreign name alone, and this machine's name on another port
    for (const host of ["evil.example:9555", `evil.example:${port}`, "localhost:9555"])
      expect([
        host,
        (await post(port, persist("content/jobs.json", "[]"), { ...editorsHeaders(origin), Host: host })).status,
      ]).toEqual([host, 403]);
    expect(existsSync(path.join(repository, "scripts/pwned-by-host.txt"))).toBe(false);
    expect(readFileSync(path.join(repository, "content/jobs.json"), "utf8")).not.toBe("[]");
  });

  test("refuses a foreign Origin on its own Host: another site's page, another local server's", async () => {
    for (const foreign of ["http://evil.example:9555", "http://localhost:3000", "null"]) {
      const answer = await post(port, persist("content/jobs.json", "[]"), {
        ...editorsHeaders(origin),
        Origin: foreign,
      });
      expect([foreign, answer]).toEqual([
        foreign,
        {
          status: 403,
          body: {
            error: notOurs(`Origin ${JSON.stringify(foreign)}`),
          },
        },
      ]);
    }
    expect(readFileSync(path.join(repository, "content/jobs.json"), "utf8")).not.toBe("[]");
  });

  test("takes only a JSON post: a form's or text's post, a GET, a body that is not JSON or is too big", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"])
      expect(
        await post(port, persist("content/jobs.json", "[]"), { ...editorsHeaders(origin), "Content-Type": type }),
      ).toEqual({
        status: 403,
        body: { error: `The editor's backend takes only a JSON post, not Content-Type ${JSON.stringify(type)}` },
      });
    const get = await fetch(`${origin}/admin/api/v1`);
    expect([get.status, await get.json()]).toEqual([
      403,
      { error: "The editor's backend takes only a JSON post, not GET" },
    ]);
    expect(await post(port, "{not json", editorsHeaders(origin))).toEqual({
      status: 403,
      body: { error: "The editor's backend takes only a JSON post, and this body is not JSON" },
    });
    // decap-server's own limit, 50 MB, which its express.json answered 413 too
    const big = JSON.stringify(persist("content/jobs.json", "x".repeat(50 * 1024 * 1024)));
    expect(await post(port, big, editorsHeaders(origin))).toEqual({
      status: 413,
      body: { error: `The editor's backend takes at most ${50 * 1024 * 1024} bytes` },
    });
    expect(readFileSync(path.join(repository, "content/jobs.json"), "utf8")).not.toBe("[]");
  });

  test("refuses to write, read or delete package.json, scripts/ or a path out of content/, naming it", async () => {
    const headers = editorsHeaders(origin);
    const refused = (where: unknown) => ({
      status: 403,
      body: {
        error: `The editor's backend reaches only the folders and files the editor edits, not ${JSON.stringify(where)}`,
      },
    });
    for (const file of ["package.json", "scripts/serve.mjs", "scripts/pwned.txt", ".ci/run", "content/../package.json"])
      expect([file, await post(port, persist(file, "pwned"), headers)]).toEqual([file, refused(file)]);
    const media = {
      action: "persistMedia",
      params: {
        branch: "main",
        asset: { path: "scripts/x.sh", content: "eA==", encoding: "base64" },
        options: { commitMessage: "x" },
      },
    };
    expect(await post(port, media, headers)).toEqual(refused("scripts/x.sh"));
    const remove = {
      action: "deleteFile",
      params: { branch: "main", path: "package.json", options: { commitMessage: "x" } },
    };
    expect(await post(port, remove, headers)).toEqual(refused("package.json"));
    const read = await post(
      port,
      { action: "getEntry", params: { branch: "main", path: "scripts/serve.mjs" } },
      headers,
    );
    expect(read).toEqual(refused("scripts/serve.mjs"));
    expect(bait()).toEqual(before);
    expect(existsSync(path.join(repository, "scripts/pwned.txt"))).toBe(false);
    expect(existsSync(path.join(repository, "scripts/x.sh"))).toBe(false);
  });

  test("saves a file of content/ posted as the editor posts it, and reads it back", async () => {
    const file = "content/blog/saved-through-the-backend.md";
    const raw = "---\ntitle: Saved through the backend\n---\n";
    const headers = editorsHeaders(origin);
    expect(await post(port, persist(file, raw), headers)).toEqual({
      status: 200,
      body: { message: "entry persisted" },
    });
    expect(readFileSync(path.join(repository, file), "utf8")).toBe(raw);
    const read = await post(port, { action: "getEntry", params: { branch: "main", path: file } }, headers);
    expect([read.status, read.body.data]).toEqual([200, raw]);
  });

  test("the editor says why it cannot open on a page the backend does not count as its server's", async ({ page }) => {
    // a page of another port of this machine, in front of this server (a proxy that passes requests on unchanged)
    const front: Server = createServer((req, res) => {
      const upstream = request(
        { host: "127.0.0.1", port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const frontPort = (front.address() as AddressInfo).port;
    try {
      await page.goto(`http://127.0.0.1:${frontPort}/admin/`);
      await expect(page.getByRole("alert")).toHaveText(
        `The editor cannot open here. ${notOurs(`Host "127.0.0.1:${frontPort}"`)}`,
      );
      await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });
});

/** The editor's page as a browser without script shows it. */
async function withoutScript(page: Page, url: string) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  const response = await bare.goto(url);
  return { response, page: bare, close: () => context.close() };
}

test.describe("on an address others on the network reach (--host 0.0.0.0)", () => {
  const port = TEST_SERVER_PORTS.editorOffNetwork;
  const origin = `http://127.0.0.1:${port}`;
  let repository: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    repository = scratchRepository();
    server = await startServer(port, { GIT_REPO_DIRECTORY: repository, HOST: "0.0.0.0" });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(repository, { recursive: true, force: true });
  });

  const off =
    "The editor's backend is off: this server listens on 0.0.0.0, where others on the network can reach it. To " +
    "edit, listen on loopback (127.0.0.1 or localhost, the defaults), or set EDITOR_ON_NETWORK=1 to switch it on " +
    "here; it then still answers this machine only.";

  test("the backend is off: even this machine's own page is refused, in words", async () => {
    expect(await post(port, persist("content/jobs.json", "[]"), editorsHeaders(origin))).toEqual({
      status: 403,
      body: { error: off },
    });
    expect(readFileSync(path.join(repository, "content/jobs.json"), "utf8")).not.toBe("[]");
    expect(server.output()).toContain(off);
  });

  test("/admin/ says the editor is off and why, without script too", async ({ page }) => {
    for (const address of ["/admin", "/admin/"]) {
      const bare = await withoutScript(page, `${origin}${address}`);
      expect([address, bare.response?.status()]).toEqual([address, 503]);
      await expect(bare.page.getByRole("heading", { level: 1 })).toHaveText("The editor is off");
      await expect(bare.page.getByText(off)).toBeVisible();
      expect(bare.response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      await bare.close();
    }
  });
});

test.describe("on the network with EDITOR_ON_NETWORK=1", () => {
  const port = TEST_SERVER_PORTS.editorOnNetwork;
  const origin = `http://127.0.0.1:${port}`;
  let repository: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    repository = scratchRepository();
    server = await startServer(port, { GIT_REPO_DIRECTORY: repository, HOST: "0.0.0.0", EDITOR_ON_NETWORK: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(repository, { recursive: true, force: true });
  });

  test("the editor is on for this machine's own pages, and still refuses another name", async ({ page }) => {
    const info = await post(port, { action: "info" }, editorsHeaders(origin));
    expect(info.status).toBe(200);
    expect(
      (await post(port, { action: "info" }, { ...editorsHeaders(origin), Host: `evil.example:${port}` })).status,
    ).toBe(403);
    await page.goto(`${origin}/admin/`);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("link", { name: "Blog posts" })).toBeVisible();
  });
});
