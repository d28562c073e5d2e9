/** @jest-environment node */
// The rules the editor's local backend holds every request to before decap-server reads it
// (src/server/editor-guard.ts): whose pages it answers, what it reaches, and where it is off.
// __tests__/e2e/editor-backend.spec.ts holds the same rules through the local server as it serves.
import { readFileSync } from "fs";
import path from "path";
import { editorPlaces } from "../../src/lib/editor-places";
import {
  backendOff,
  GUARDED_ACTIONS,
  normalPath,
  pathRefusal,
  requestRefusal,
  type RequestFacts,
} from "../../src/server/editor-guard";

const PORT = 9290;
/** A save of the editor's own page, as Chromium sends it. */
const editorsPost: RequestFacts = {
  method: "POST",
  host: `localhost:${PORT}`,
  origin: `http://localhost:${PORT}`,
  contentType: "application/json; charset=utf-8",
  remoteAddress: "127.0.0.1",
  port: PORT,
};
const places = editorPlaces();
/** The refusal of a request that is not a page's of this server, naming what gave it away. */
const notOurs = (what: string) =>
  `The editor's backend answers only a page of this server (a loopback name on port ${PORT}), not ${what}`;

describe("whose requests the editor's backend answers", () => {
  it("answers its own page on any loopback name of its port, and a request without Origin (a terminal's)", () => {
    // (a Host in any case; an Origin as browsers write it, in lower case)
    for (const name of ["localhost", "127.0.0.1", "127.3.2.1", "[::1]", "LOCALHOST"])
      expect([
        name,
        requestRefusal({ ...editorsPost, host: `${name}:${PORT}`, origin: `http://${name.toLowerCase()}:${PORT}` }),
      ]).toEqual([name, null]);
    expect(requestRefusal({ ...editorsPost, origin: undefined })).toBe(null);
    for (const remote of ["::1", "::ffff:127.0.0.1", "127.0.0.2"])
      expect([remote, requestRefusal({ ...editorsPost, remoteAddress: remote })]).toEqual([remote, null]);
  });

  it("refuses a foreign Host, naming it: another name (DNS rebinding), another port, no port", () => {
    for (const host of [
      "evil.example:9290",
      "evil.example:9555",
      "localhost:9291",
      "localhost",
      "127.0.0.1.nip.io:9290",
      "localhost.:9290",
      "127.1:9290",
      "0.0.0.0:9290",
      "192.168.1.5:9290",
      "[::ffff:7f00:1]:9290",
      "localhost:9290@evil.example",
      "",
    ])
      expect([host, requestRefusal({ ...editorsPost, host })]).toEqual([host, notOurs(`Host ${JSON.stringify(host)}`)]);
    expect(requestRefusal({ ...editorsPost, host: undefined })).toMatch(/not Host ""$/);
  });

  it("refuses a foreign Origin, naming it: another site, another server of this machine, another scheme", () => {
    for (const origin of [
      "http://evil.example:9555",
      "http://evil.example:9290",
      "http://localhost:3000",
      "http://127.0.0.1",
      "https://localhost:9290",
      "http://localhost:9290/admin/",
      "http://user@localhost:9290",
      "null",
      "",
    ])
      expect([origin, requestRefusal({ ...editorsPost, origin })]).toEqual([
        origin,
        notOurs(`Origin ${JSON.stringify(origin)}`),
      ]);
  });

  it("takes only a JSON post: no other method, no form's or text's type", () => {
    for (const method of ["GET", "OPTIONS", "PUT", "DELETE"])
      expect(requestRefusal({ ...editorsPost, method })).toBe(
        `The editor's backend takes only a JSON post, not ${method}`,
      );
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
      expect(requestRefusal({ ...editorsPost, contentType })).toBe(
        `The editor's backend takes only a JSON post, not Content-Type ${JSON.stringify(contentType)}`,
      );
    expect(requestRefusal({ ...editorsPost, contentType: undefined })).toMatch(/not Content-Type ""$/);
    expect(requestRefusal({ ...editorsPost, contentType: "Application/JSON" })).toBe(null);
  });

  it("answers this machine only: a connection from another is refused, whatever Host it names", () => {
    for (const remote of ["192.168.1.5", "::ffff:192.168.1.5", "fe80::1", "10.0.0.127", undefined])
      expect(requestRefusal({ ...editorsPost, remoteAddress: remote })).toBe(
        `The editor's backend answers this machine only, not ${remote}`,
      );
  });
});

describe("where the editor's backend is on", () => {
  it("is on for a server on loopback, off on an address others reach unless EDITOR_ON_NETWORK=1", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"])
      expect([host, backendOff(host, {})]).toEqual([host, null]);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.test"]) {
      expect([host, backendOff(host, {})]).toEqual([
        host,
        expect.stringContaining(`The editor's backend is off: this server listens on ${host}`),
      ]);
      expect([host, backendOff(host, { EDITOR_ON_NETWORK: "1" })]).toEqual([host, null]);
      expect([host, backendOff(host, { EDITOR_ON_NETWORK: "true" })]).not.toEqual([host, null]);
    }
    expect(backendOff("0.0.0.0", {})).toContain("set EDITOR_ON_NETWORK=1");
  });
});

describe("what the editor's backend reaches", () => {
  it("names a path as the repository does, and no path that could lead out of the folder it names", () => {
    expect(normalPath("content/blog/x.md")).toBe("content/blog/x.md");
    expect(normalPath("content//blog/./x.md/")).toBe("content/blog/x.md");
    for (const path of [
      "../package.json",
      "content/../package.json",
      "content/blog/../../scripts/serve.mjs",
      "/etc/passwd",
      "/work/content/blog/x.md",
      "C:/content/x.md",
      "content\\..\\package.json",
      "content/blog/x.md\0.txt",
      ".git/config",
      "content/.env",
      "",
      ".",
      7,
      null,
      ["content/jobs.json"],
    ])
      expect([path, normalPath(path)]).toEqual([path, null]);
  });

  it("are the content model's folders and lists, and their media folders", () => {
    expect(places).toEqual({
      entryFolders: [
        "content/services",
        "content/industries",
        "content/products",
        "content/blog",
        "content/blog/old-posts",
        "content/webinars",
        "content/pages",
        "content/campaigns",
      ],
      files: [
        "content/jobs.json",
        "content/team.json",
        "content/testimonials.json",
        "content/events.json",
        "content/pricing.json",
        "content/stories.json",
        "content/partners.json",
        "content/values.json",
        "content/site.json",
      ],
      mediaFolders: ["content/blog/images", "content/campaigns/images", "content/badges"],
    });
  });

  it("guards every action decap-server takes, so none added later goes unchecked", () => {
    const dist = readFileSync(path.join(__dirname, "../../node_modules/decap-server/dist/middlewares.js"), "utf8");
    const allowed = JSON.parse(/\[("info","entriesByFolder"[^\]]*)\]/.exec(dist)![0]) as string[];
    expect(allowed.length).toBeGreaterThanOrEqual(18);
    expect([...GUARDED_ACTIONS].sort()).toEqual([...allowed].sort());
    expect(pathRefusal({ action: "runCommand", params: {} }, places)).toBe(
      `The editor's backend knows no action "runCommand"`,
    );
  });

  /** Each parameter of each action that names a path, as a request with `p` in it. */
  const WITH_PATH: [string, (p: string) => unknown][] = [
    ["entriesByFiles files[].path", (p) => ({ action: "entriesByFiles", params: { files: [{ path: p }] } })],
    ["getEntry path", (p) => ({ action: "getEntry", params: { path: p } })],
    ["unpublishedEntryDataFile path", (p) => ({ action: "unpublishedEntryDataFile", params: { path: p } })],
    ["unpublishedEntryMediaFile path", (p) => ({ action: "unpublishedEntryMediaFile", params: { path: p } })],
    ["persistEntry entry.path", (p) => ({ action: "persistEntry", params: { entry: { path: p }, assets: [] } })],
    [
      "persistEntry dataFiles[].path",
      (p) => ({ action: "persistEntry", params: { dataFiles: [{ path: p }], assets: [] } }),
    ],
    [
      "persistEntry assets[].path",
      (p) => ({ action: "persistEntry", params: { entry: { path: "content/blog/x.md" }, assets: [{ path: p }] } }),
    ],
    ["getMediaFile path", (p) => ({ action: "getMediaFile", params: { path: p } })],
    ["persistMedia asset.path", (p) => ({ action: "persistMedia", params: { asset: { path: p } } })],
    ["deleteFile path", (p) => ({ action: "deleteFile", params: { path: p } })],
    ["deleteFiles paths[]", (p) => ({ action: "deleteFiles", params: { paths: ["content/blog/x.md", p] } })],
  ];

  it("reads, writes and deletes the editor's files through every parameter that names one", () => {
    for (const file of [
      "content/blog/data-cloud-first-90-days.md",
      "content/blog/old-posts/an-old-post.md",
      "content/services/agentforce.md",
      "content/pages/about.md",
      "content/blog/images/field-guide-cover.jpg",
      "content/badges/salesforce.svg",
      "content/jobs.json",
      "content/site.json",
    ])
      for (const [where, request] of WITH_PATH)
        expect([where, file, pathRefusal(request(file), places)]).toEqual([where, file, null]);
  });

  it("refuses any other path, naming it, through every parameter that names one", () => {
    for (const file of [
      "package.json",
      "scripts/pwned-by-host.txt",
      "scripts/serve.mjs",
      ".ci/run",
      "content/../package.json",
      "../outside.txt",
      "/etc/passwd",
      "content\\blog\\x.md",
      "content/navigation.json",
      "content/README.md",
      "content/blog/x.txt",
      "content/blog/images/nested/x.jpg",
      "content/blog/.x.md",
      "src/pages/index.tsx",
    ])
      for (const [where, request] of WITH_PATH)
        expect([where, pathRefusal(request(file), places)]).toEqual([
          where,
          `The editor's backend reaches only the folders and files the editor edits, not ${JSON.stringify(file)}`,
        ]);
  });

  it("lists only the editor's folders, one level deep, and its media folders", () => {
    const list = (folder: unknown, extension: unknown = "md", depth: unknown = 1) =>
      pathRefusal({ action: "entriesByFolder", params: { folder, extension, depth } }, places);
    expect(list("content/blog")).toBe(null);
    expect(list("content/blog/old-posts")).toBe(null);
    for (const folder of ["content", "scripts", ".", "content/blog/images", "content/../scripts"])
      expect([folder, list(folder)]).toEqual([folder, expect.stringMatching(/not ".*"$/)]);
    expect(list("content/blog", "", 1)).toMatch(/lists only the \.md files directly in a folder, not extension ""/);
    expect(list("content/blog", "md", 100)).toMatch(/to depth 100$/);
    const media = (mediaFolder: unknown) => pathRefusal({ action: "getMedia", params: { mediaFolder } }, places);
    expect(media("content/blog/images")).toBe(null);
    expect(media("content/badges")).toBe(null);
    // what Decap lists when a new post opens: the pictures of an entry not saved yet, a folder that is never made
    expect(media("content/blog/DRAFT_MEDIA_FILES")).toBe(null);
    for (const [where, request] of WITH_PATH)
      expect([where, pathRefusal(request("content/blog/DRAFT_MEDIA_FILES/x.jpg"), places)]).not.toEqual([where, null]);
    for (const folder of [
      "content",
      "scripts",
      "content/blog",
      "/content/badges",
      "DRAFT_MEDIA_FILES",
      "scripts/DRAFT_MEDIA_FILES",
    ])
      expect([folder, media(folder)]).toEqual([folder, expect.stringMatching(/not ".*"$/)]);
  });

  it("moves no file: decap-server's move takes every file of the old path's folder along", () => {
    expect(
      pathRefusal(
        {
          action: "persistEntry",
          params: { entry: { path: "content/blog/x.md", newPath: "content/blog/y.md" }, assets: [] },
        },
        places,
      ),
    ).toBe(`The editor's backend moves no file: not to "content/blog/y.md"`);
    expect(
      pathRefusal(
        {
          action: "persistEntry",
          params: { dataFiles: [{ path: "content/jobs.json", newPath: "package.json" }], assets: [] },
        },
        places,
      ),
    ).toBe(`The editor's backend moves no file: not to "package.json"`);
  });

  it("refuses a body that is not a request of Decap's, rather than guess at its paths", () => {
    expect(pathRefusal(null, places)).toMatch(/the body is not an object$/);
    expect(pathRefusal([{ action: "info" }], places)).toMatch(/the body is not an object$/);
    expect(pathRefusal({ action: "getEntry", params: "package.json" }, places)).toMatch(/params is not an object$/);
    expect(pathRefusal({ action: "getEntry", params: {} }, places)).toMatch(/not undefined$/);
    expect(pathRefusal({ action: "deleteFiles", params: { paths: "package.json" } }, places)).toMatch(
      /paths is not a list$/,
    );
    expect(pathRefusal({ action: "getEntry", params: { path: ["package.json"] } }, places)).toMatch(
      /not \["package.json"\]$/,
    );
    expect(pathRefusal({ action: "info" }, places)).toBe(null);
    expect(pathRefusal({ action: "toString", params: {} }, places)).toBe(
      `The editor's backend knows no action "toString"`,
    );
  });
});
