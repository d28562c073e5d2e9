// What the editor's local backend (editor-backend.ts) answers, decided before decap-server reads anything: a JSON post
// from a page of this very server, over a connection from this machine, for the folders and files the editor edits
// (src/lib/editor-places.ts) and nothing else; and nothing at all on a server others on the network reach, unless
// EDITOR_ON_NETWORK says so. Each refusal names what it refused. Pure, so __tests__/unit/editor-guard.test.ts holds
// each rule alone; docs/security.md#the-editors-local-backend says what the backend trusts and why.
import { ENTRY_EXTENSION, type EditorPlaces } from "../lib/editor-places";

const BACKEND = "The editor's backend";

/** An IPv4 address of 127.0.0.0/8, written as browsers write one (four decimal numbers). */
const isLoopbackV4 = (address: string): boolean => {
  const parts = address.split(".");
  return parts.length === 4 && parts[0] === "127" && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && +p <= 255);
};

/** A loopback address as a socket gives it: 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6. */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address === "::1" || isLoopbackV4((address ?? "").replace(/^::ffff:/i, ""));

/** A loopback name as a Host or an Origin gives it: localhost, 127.0.0.0/8, or [::1]. */
export const isLoopbackName = (hostname: string): boolean => {
  const name = hostname.toLowerCase();
  return name === "localhost" || name === "[::1]" || isLoopbackV4(name);
};

/** Whether a server listening on `host` (serve.mjs's --host, gatsby develop's -H) is reached from this machine only. */
export const listensOnLoopback = (host: string): boolean =>
  isLoopbackName(host) || isLoopbackAddress(host.replace(/^\[(.*)\]$/, "$1"));

/** Why the backend of a server listening on `host` is off, in the words /admin/ shows; null when it is on. */
export function backendOff(host: string, env: Record<string, string | undefined>): string | null {
  if (listensOnLoopback(host) || env.EDITOR_ON_NETWORK === "1") return null;
  return (
    `${BACKEND} is off: this server listens on ${host}, where others on the network can reach it. To edit, listen ` +
    `on loopback (127.0.0.1 or localhost, the defaults), or set EDITOR_ON_NETWORK=1 to switch it on here; it then ` +
    `still answers this machine only.`
  );
}

/** What the backend knows of a request before reading its body: its headers and its connection. */
export interface RequestFacts {
  method: string | undefined;
  host: string | undefined;
  origin: string | undefined;
  contentType: string | undefined;
  /** the address the connection came from */
  remoteAddress: string | undefined;
  /** the port of this server the connection arrived at */
  port: number | undefined;
}

/** Why a request is not a JSON post of a page of this server, from this machine; null when it is. */
export function requestRefusal(request: RequestFacts): string | null {
  const { method, host, origin, contentType, remoteAddress, port } = request;
  if (method !== "POST") return `${BACKEND} takes only a JSON post, not ${method}`;
  if (!isLoopbackAddress(remoteAddress)) return `${BACKEND} answers this machine only, not ${remoteAddress}`;
  const ours = `a page of this server (a loopback name on port ${port})`;
  const [, hostname, hostPort = "80"] = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host ?? "") ?? [];
  if (!hostname || !isLoopbackName(hostname) || hostPort !== String(port))
    return `${BACKEND} answers only ${ours}, not Host ${JSON.stringify(host ?? "")}`;
  if (origin !== undefined && !isOwnOrigin(origin, port))
    return `${BACKEND} answers only ${ours}, not Origin ${JSON.stringify(origin)}`;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json")
    return `${BACKEND} takes only a JSON post, not Content-Type ${JSON.stringify(contentType ?? "")}`;
  return null;
}

/** An origin of this server: http, a loopback name, this port, and nothing more. */
function isOwnOrigin(origin: string, port: number | undefined): boolean {
  try {
    const url = new URL(origin);
    return (
      url.origin === origin &&
      url.protocol === "http:" &&
      isLoopbackName(url.hostname) &&
      (url.port || "80") === `${port}`
    );
  } catch {
    return false; // "null" (a sandboxed page, a file), or no address at all
  }
}

/**
 * A path as the repository names it: relative, with `/` between its parts, `.` parts and repeated slashes dropped;
 * null for a path that could point anywhere else (absolute, a drive, a backslash, a NUL, a `..` or any hidden part).
 * decap-server resolves the path as sent the same way (path.resolve), so what is checked is what it reaches.
 */
export function normalPath(value: unknown): string | null {
  if (typeof value !== "string" || /[\\\0]/.test(value) || value.startsWith("/") || /^[a-z]:/i.test(value)) return null;
  const parts = value.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.length === 0 || parts.some((part) => part.startsWith("."))) return null;
  return parts.join("/");
}

/** What a path of a request is: a file, a folder of entries listed, or a folder of pictures listed. */
type Reach = "file" | "entries" | "media";

/**
 * Decap's name for the pictures' folder of an entry not saved yet, whose pictures go beside it: it lists
 * `<the collection's folder>/DRAFT_MEDIA_FILES` when a new entry opens. No such folder exists, and no write may make
 * one (it is no media folder), so listing it reads nothing.
 */
const DRAFT_MEDIA = "DRAFT_MEDIA_FILES";

/** Whether `path` (normalPath's) is one the editor reaches as `reach`. */
export function reaches(path: string, reach: Reach, places: EditorPlaces): boolean {
  if (reach === "entries") return places.entryFolders.includes(path);
  if (reach === "media")
    return places.mediaFolders.includes(path) || places.entryFolders.some((f) => path === `${f}/${DRAFT_MEDIA}`);
  const cut = path.lastIndexOf("/");
  const folder = path.slice(0, Math.max(cut, 0));
  return (
    places.files.includes(path) ||
    places.mediaFolders.includes(folder) ||
    (places.entryFolders.includes(folder) && path.endsWith(`.${ENTRY_EXTENSION}`))
  );
}

class Refused extends Error {}

type Params = Record<string, unknown>;

const objectOf = (value: unknown, what: string): Params => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Refused(`${BACKEND} takes only the requests of Decap's local backend: ${what} is not an object`);
  return value as Params;
};

/** The items of a list that may be left out (decap-server then refuses the request itself). */
const listOf = (value: unknown, what: string): unknown[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new Refused(`${BACKEND} takes only the requests of Decap's local backend: ${what} is not a list`);
  return value;
};

const maybe = (value: unknown, what: string): Params[] => (value === undefined ? [] : [objectOf(value, what)]);

/** A file an entry of persistEntry writes; it may not move (decap-server's move takes its whole folder along). */
function dataFile(file: Params): [unknown, Reach][] {
  if (file.newPath !== undefined) throw new Refused(`${BACKEND} moves no file: not to ${JSON.stringify(file.newPath)}`);
  return [[file.path, "file"]];
}

/**
 * Every path each action of decap-server's (its joi schema's allowedActions, dist/middlewares.js) reads, writes or
 * deletes, by the parameter that names it. An action not listed is refused: one a later decap-server adds is not
 * let through unchecked.
 */
const PATHS: Record<string, (params: Params) => [unknown, Reach][]> = {
  info: () => [],
  entriesByFolder: (p) => {
    // Decap lists a collection's own files (depth 1, its extension); more would reach past the folder's entries
    if (p.depth !== 1 || p.extension !== ENTRY_EXTENSION)
      throw new Refused(
        `${BACKEND} lists only the .${ENTRY_EXTENSION} files directly in a folder, not extension ` +
          `${JSON.stringify(p.extension)} to depth ${JSON.stringify(p.depth)}`,
      );
    return [[p.folder, "entries"]];
  },
  entriesByFiles: (p) => listOf(p.files, "files").map((f) => [objectOf(f, "a file").path, "file"]),
  getEntry: (p) => [[p.path, "file"]],
  unpublishedEntries: () => [],
  unpublishedEntry: () => [],
  unpublishedEntryDataFile: (p) => [[p.path, "file"]],
  unpublishedEntryMediaFile: (p) => [[p.path, "file"]],
  deleteUnpublishedEntry: () => [],
  persistEntry: (p) => [
    ...[...maybe(p.entry, "entry"), ...listOf(p.dataFiles, "dataFiles").map((f) => objectOf(f, "a data file"))].flatMap(
      dataFile,
    ),
    ...listOf(p.assets, "assets").map((a): [unknown, Reach] => [objectOf(a, "an asset").path, "file"]),
  ],
  updateUnpublishedEntryStatus: () => [],
  publishUnpublishedEntry: () => [],
  getMedia: (p) => [[p.mediaFolder, "media"]],
  getMediaFile: (p) => [[p.path, "file"]],
  persistMedia: (p) => [[objectOf(p.asset, "asset").path, "file"]],
  deleteFile: (p) => [[p.path, "file"]],
  deleteFiles: (p) => listOf(p.paths, "paths").map((path): [unknown, Reach] => [path, "file"]),
  getDeployPreview: () => [],
};

/** The actions the backend takes, each with its paths checked. */
export const GUARDED_ACTIONS = Object.keys(PATHS);

/** Why the body of a request reaches past what the editor edits; null when every path it names is the editor's. */
export function pathRefusal(body: unknown, places: EditorPlaces): string | null {
  try {
    const { action, params } = objectOf(body, "the body");
    const paths = typeof action === "string" && Object.hasOwn(PATHS, action) ? PATHS[action] : null;
    if (!paths) return `${BACKEND} knows no action ${JSON.stringify(action)}`;
    for (const [path, reach] of paths(params === undefined ? {} : objectOf(params, "params"))) {
      const normal = normalPath(path);
      if (normal === null || !reaches(normal, reach, places))
        return `${BACKEND} reaches only the folders and files the editor edits, not ${JSON.stringify(path)}`;
    }
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
}
