// Where applicants' CVs are kept: Netlify Blobs, the platform's own store, in a store named "cvs", one blob per
// application keyed by its submission's id; its row (migration 0005) points to it. The same package everywhere:
//   - on Netlify, the context Netlify gives a function: in the environment (NETLIFY_BLOBS_CONTEXT: functions of the
//     current kind, such as the scheduled purge), or in the event of a Lambda-compatible one (Gatsby's functions,
//     through gatsby-adapter-netlify), read with the package's connectLambda;
//   - from a terminal (`npm run leads`) against Netlify: NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, as Netlify's CLI
//     reads them;
//   - elsewhere, the package's own local server (BlobsServer, what `netlify dev` runs) over the folder `blobs` of the
//     embedded store's folder (LEADS_STORE_DIR, .data/store): the local server (scripts/serve.mjs) and
//     `gatsby develop` start one for their functions and set NETLIFY_BLOBS_CONTEXT for them as Netlify would;
//     a command starts its own over the same folder for as long as it runs (local-blobs.ts).
import { connectLambda, getStore, type Store as BlobStore } from "@netlify/blobs";
import path from "path";
import type { CvKind } from "../../lib/cv-file";
import { DEFAULT_STORE_DIR } from "./open-store";

export const CV_STORE_NAME = "cvs";

type Env = Record<string, string | undefined>;

/** What is kept beside a CV's bytes: when it was put (the purge of files left without a row reads it). */
export interface CvMeta {
  name: string;
  kind: CvKind;
  size: number;
  storedAt: string;
}

export interface CvFiles {
  put(key: string, bytes: Uint8Array, meta: CvMeta): Promise<void>;
  /** the bytes, or null when no file has that key */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
  keys(): Promise<string[]>;
  /** when the file was put, or null when it has no such record (or no file has that key) */
  storedAt(key: string): Promise<Date | null>;
  /** where the files are, for messages */
  readonly where: string;
  close(): Promise<void>;
}

export class NoFilesStoreError extends Error {
  code = "NO_FILES_STORE";
  constructor() {
    super(
      "No file store is configured: Netlify Blobs (on Netlify, or NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN), or a local server's",
    );
  }
}

/** The folder of the local blob server: beside the embedded store's data, so that one folder holds what was sent. */
export const localBlobsDir = (env: Env): string =>
  path.join(path.resolve(env.LEADS_STORE_DIR || DEFAULT_STORE_DIR), "blobs");

/**
 * A file put by this process, kept for a minute: the first delivery attempt of an application runs right after the
 * put, and Netlify Blobs promises a new blob to every reader only eventually (within 60 s) where the context has no
 * uncached address, as a Lambda-compatible function's has not. A later attempt reads the store.
 */
const RECENT_MS = 60_000;
const recent = new Map<string, { bytes: Uint8Array; until: number }>();
const remember = (key: string, bytes: Uint8Array) => {
  const now = Date.now();
  for (const [k, v] of recent) if (v.until < now) recent.delete(k);
  recent.set(key, { bytes, until: now + RECENT_MS });
};

/** The CV files of a Netlify Blobs store (a real one, or the local server's). */
export function cvFilesOf(
  store: BlobStore,
  where: string,
  close: () => Promise<void> = async () => undefined,
): CvFiles {
  return {
    where,
    close,
    async put(key, bytes, meta) {
      // a copy: the caller's bytes may be a view into a larger buffer (a whole multipart body)
      const copy = new Uint8Array(bytes);
      await store.set(key, new Blob([copy]), { metadata: { ...meta } });
      remember(key, copy);
    },
    async get(key) {
      const kept = recent.get(key);
      if (kept && kept.until >= Date.now()) return kept.bytes;
      const data = await store.get(key, { type: "arrayBuffer" });
      return data ? new Uint8Array(data) : null;
    },
    async remove(key) {
      recent.delete(key);
      await store.delete(key);
    },
    async keys() {
      const keys: string[] = [];
      for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((b) => b.key));
      return keys;
    },
    async storedAt(key) {
      const found = await store.getMetadata(key);
      const at = typeof found?.metadata.storedAt === "string" ? new Date(found.metadata.storedAt) : null;
      return at && !Number.isNaN(at.getTime()) ? at : null;
    },
  };
}

/** The part of a Lambda-compatible function's event that carries the Blobs context (Gatsby's functions on Netlify). */
export interface BlobsEvent {
  blobs?: string;
  headers: Record<string, string>;
}

/**
 * Who opens the file store: a function uses the context it was given (it never starts a server: the local server
 * or `gatsby develop` gave it one); a command (`npm run leads`, a test) may start a local server of its own.
 */
export async function openCvFiles(
  env: Env,
  { as = "function", event }: { as?: "function" | "command"; event?: BlobsEvent } = {},
): Promise<CvFiles> {
  if (event?.blobs) connectLambda({ blobs: event.blobs, headers: event.headers });
  if (env.NETLIFY_BLOBS_CONTEXT || globalThis.netlifyBlobsContext)
    return cvFilesOf(getStore(CV_STORE_NAME), 'Netlify Blobs (the store "cvs")');
  if (env.NETLIFY_SITE_ID && env.NETLIFY_AUTH_TOKEN)
    return cvFilesOf(
      getStore(CV_STORE_NAME, { siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN }),
      `Netlify Blobs of site ${env.NETLIFY_SITE_ID} (the store "cvs")`,
    );
  if (as === "function") throw new NoFilesStoreError();
  // imported here only, so that the functions' bundles never hold the local server (webpack leaves this import alone)
  const { serveLocalBlobs } = await import(/* webpackIgnore: true */ "./local-blobs");
  const dir = localBlobsDir(env);
  const served = await serveLocalBlobs(dir);
  return cvFilesOf(
    getStore(CV_STORE_NAME, served.context),
    `the local blob store in ${path.relative(process.cwd(), dir) || dir}`,
    served.close,
  );
}
