// Where applicants' CVs are kept: Netlify Blobs, the platform's own store, in a store named "cvs", one blob per
// application keyed by its submission's id; its row (migration 0005) points to it. The same package everywhere:
//   - in a function, the context the platform gives it (Netlify, or its local emulation that `npm start` runs:
//     scripts/serve.mjs), found by `getStore` itself;
//   - from a terminal (`npm run leads`) against Netlify: NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, as Netlify's CLI
//     reads them;
//   - from a terminal elsewhere: Netlify's local emulation (@netlify/dev) with its Blobs alone, over the folder its
//     server keeps them in (.netlify/blobs-serve), for as long as the command runs (netlify-emulation.ts).
import { getStore, type Store as BlobStore } from "@netlify/blobs";
import type { CvKind } from "../../lib/cv-file";

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

/**
 * A file put by this process, kept for a minute: the first delivery attempt of an application runs right after the
 * put, and Netlify Blobs promises a new blob to every reader only eventually (within 60 s) unless it is read with
 * strong consistency. A later attempt reads the store.
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

/** The file store a function is given (on Netlify, or in its local emulation). */
export const openCvFiles = (): CvFiles => cvFilesOf(getStore(CV_STORE_NAME), 'Netlify Blobs (the store "cvs")');

/**
 * From a terminal: the file store of the site NETLIFY_SITE_ID names, with NETLIFY_AUTH_TOKEN; null without them (the
 * local emulation's then: netlify-emulation.ts, never imported here, so that no function's bundle holds it).
 */
export function remoteCvFiles(env: Env): CvFiles | null {
  if (!env.NETLIFY_SITE_ID || !env.NETLIFY_AUTH_TOKEN) return null;
  return cvFilesOf(
    getStore(CV_STORE_NAME, { siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN }),
    `Netlify Blobs of site ${env.NETLIFY_SITE_ID} (the store "cvs")`,
  );
}
