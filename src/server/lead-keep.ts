// The form endpoint's third step, store (lead-handler.ts): the duplicate check, the submission and its deliveries,
// in one round trip of the store (the rate limit came first: rate-limit.ts); an application's CV into the file store first. It returns the
// stored submission's id (null for spam or a duplicate, which get the same answer), or why nothing was stored.
import { randomUUID } from "crypto";
import type { EndpointSettings } from "./config";
import type { Checked } from "./lead-check";
import { refuse, refused, type Incoming, type Refusal } from "./lead-read";
import { spamReason, timingNote, TIMING_FIELD } from "./spam";
import { NoFilesStoreError, type CvFiles } from "./store/cv-files";
import { errorCode, type Store } from "./store/sql";
import { acceptApplication, acceptLead, type Accepted, type Intake } from "./store/intake";
import type { SinkName } from "./store/types";

/** A store that cannot be reached is a passing state (a restart, a connection limit): when to send again. */
const STORE_RETRY = { headers: { "Retry-After": "10" } };

export interface Kept {
  db: Store;
  /** the stored submission, or null when it was spam or a duplicate */
  id: string | null;
}

export interface KeepContext {
  settings: EndpointSettings;
  store: () => Promise<Store>;
  cvs?: () => Promise<CvFiles>;
  /** the client's address as a keyed hash, kept with the submission */
  clientHash: (db: Store) => Promise<string>;
  /** the sinks this submission goes to (the visitor's own mail is queued after: visitor-mail.ts) */
  sinks: readonly SinkName[];
}

/**
 * An application: its CV into the file store first, then the row that points to it (one round trip); unless the
 * row was stored (a duplicate, spam, a failure), the file is deleted again, so nothing half-stored
 * remains. A file whose deletion fails has no row; the purge deletes it after an hour (src/server/purge.ts).
 */
async function keepApplication(
  db: Store,
  intake: Intake,
  cv: NonNullable<Checked["cv"]>,
  cvs: KeepContext["cvs"],
): Promise<Accepted | Refusal> {
  const { id } = intake;
  let files: CvFiles;
  try {
    if (!cvs) throw new NoFilesStoreError();
    files = await cvs();
    await files.put(id, cv.bytes, { name: cv.name, kind: cv.kind, size: cv.size, storedAt: new Date().toISOString() });
  } catch (error) {
    console.error(`submission ${id}: the file store could not be reached (${errorCode(error)}); nothing was stored`);
    return refuse(503, "The CV could not be stored; please try again shortly", "store", STORE_RETRY);
  }
  let accepted: Accepted | null = null;
  try {
    accepted = await acceptApplication(db, intake, { ...cv, key: id });
    return accepted;
  } finally {
    if (accepted?.outcome !== "stored")
      await files
        .remove(id)
        .catch((error) =>
          console.error(`submission ${id}: its file could not be deleted (${errorCode(error)}); the purge will`),
        );
  }
}

/** Step 3, store. */
export async function keep(checked: Checked, incoming: Incoming, context: KeepContext): Promise<Kept | Refusal> {
  const id = randomUUID();
  const { signals, attribution, channel } = checked;
  // sent faster than a person types: kept with a note, not held (spam.ts says why)
  const note = timingNote(signals);
  const lead = note ? { ...checked.lead, fields: { ...checked.lead.fields, [TIMING_FIELD]: note } } : checked.lead;
  try {
    const db = await context.store();
    const intake: Intake = {
      id,
      lead,
      clientHash: await context.clientHash(db),
      sinks: context.sinks,
      guards: context.settings,
      spamReason: spamReason(lead, signals),
      attribution,
      channel,
      via: incoming.via,
    };
    const accepted = checked.cv
      ? await keepApplication(db, intake, checked.cv, context.cvs)
      : await acceptLead(db, intake);
    if (refused(accepted)) return accepted;
    // spam gets the same answer as anything else: a bot learns nothing (it is kept for review, never delivered)
    return { db, id: accepted.outcome === "stored" ? accepted.id : null };
  } catch (error) {
    const code = errorCode(error);
    // SQLSTATE class 22, a data exception: the store was reached and refused the text (the rules should have
    // caught it first); a 503 means only that the store could not be reached
    if (/^22[0-9A-Z]{3}$/.test(code)) {
      console.error(`submission ${id}: the store refused the body's text (${code}); nothing was stored`);
      return refuse(400, "The body holds text the store cannot keep", "body");
    }
    console.error(`submission ${id}: the store could not be reached (${code}); nothing was stored`);
    return refuse(503, "The submission could not be stored; please try again shortly", "store", STORE_RETRY);
  }
}
