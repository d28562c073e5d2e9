// The purge: what the store keeps no longer than it must (docs/deploying.md#the-daily-purge). One function for its
// three callers: the daily scheduled function on Netlify (netlify/functions/purge.ts), `npm run leads -- purge`, and
// the tests. It is the only one that deletes what has expired, rows and files: no request does (lead-handler.ts).
import site from "../../content/site.json";
import { readSettings, type EndpointEnv } from "./config";
import { SPAM_RETENTION_DAYS } from "./spam";
import { openCvFiles, type CvFiles } from "./store/cv-files";
import { openStore } from "./store/open-store";
import type { Store } from "./store/sql";
import { purgeApplications, purgeExpired, unclaimedCvKeys } from "./store/retention";
import { purgeUnconfirmed } from "./store/subscribers";

/** A file no submission points to is deleted once it is this old: an endpoint puts the file, then stores the row. */
export const UNCLAIMED_FILE_MS = 60 * 60_000;

export interface PurgeSettings {
  retentionDays: number;
  applicationsRetentionDays: number;
  rateWindowMs: number;
}

export interface Purged {
  /** submissions of every kind older than LEADS_RETENTION_DAYS (spam after 30 days) */
  submissions: number;
  /** applications older than APPLICATIONS_RETENTION_DAYS */
  applications: number;
  /** CV files deleted with their application, or found with none */
  files: number;
  /** newsletter subscriptions left unconfirmed for UNCONFIRMED_DAYS */
  unconfirmed: number;
}

/**
 * Deletes, in batches until none is left: submissions past the retention period; newsletter subscriptions never
 * confirmed (UNCONFIRMED_DAYS); applications past their own retention period, and
 * their CVs; then every CV file that no submission points to and that was put over an hour ago (its row was erased
 * or purged while the file store could not be reached, or never came). Rows go first, files after: a file whose
 * deletion fails has no row any more, and the next purge finds it. Without `files` (a caller that has no file store)
 * the rows go, and their files wait for a purge that has it.
 */
export async function purge(
  store: Store,
  files: CvFiles | null,
  settings: PurgeSettings,
  now = new Date(),
): Promise<Purged> {
  const purged: Purged = { submissions: 0, applications: 0, files: 0, unconfirmed: 0 };
  for (let n = -1; n !== 0; purged.submissions += n)
    n = await purgeExpired(store, settings.retentionDays, settings.rateWindowMs, SPAM_RETENTION_DAYS);
  purged.unconfirmed = await purgeUnconfirmed(store);
  for (;;) {
    const batch = await purgeApplications(store, settings.applicationsRetentionDays);
    if (!batch.count) break;
    purged.applications += batch.count;
    if (files) for (const key of batch.cvKeys) if (await removed(files, key)) purged.files += 1;
  }
  if (!files) return purged;
  for (const key of await unclaimedCvKeys(store, await files.keys())) {
    const at = await files.storedAt(key);
    if (at && now.getTime() - at.getTime() < UNCLAIMED_FILE_MS) continue;
    if (await removed(files, key)) purged.files += 1;
  }
  return purged;
}

const removed = (files: CvFiles, key: string) =>
  files.remove(key).then(
    () => true,
    (error: Error) => (console.error(`purge: the file ${key} could not be deleted (${error.message})`), false),
  );

/** The purge as a function on Netlify runs it: the store and the file store from its environment. */
export async function purgeFromEnv(env: EndpointEnv): Promise<Purged> {
  const settings = readSettings(env, site.siteUrl, site.emails.sales);
  const store = await openStore(env);
  const files = openCvFiles();
  try {
    return await purge(store, files, settings);
  } finally {
    await files.close();
    await store.close();
  }
}
