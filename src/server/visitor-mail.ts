import { webinarTitled, type CatalogEvent } from "../lib/event-catalog";
import type { Lead } from "../lib/lead-rules";
import { queueDelivery } from "./store/outbox";
import type { Store } from "./store/sql";
import { claimVisitorMail, subscribe } from "./store/subscribers";

/**
 * After a submission is stored: the mail its visitor was promised, queued as a delivery of the outbox (the
 * "visitor" sink, src/server/sinks/visitor.ts). A subscription is recorded as unconfirmed (the double opt-in) and
 * gets its confirmation unless the address is confirmed already; a webinar registration gets its confirmation. At
 * most one a day for each address and topic, so that nobody can use the forms against a stranger's inbox; the
 * per-client rate limit, the captcha and the honeypot apply before this. Returns whether a mail was queued.
 */
export async function queueVisitorMail(
  store: Store,
  lead: Lead,
  submissionId: string,
  { catalog, mailing }: { catalog: readonly CatalogEvent[]; mailing: boolean },
): Promise<boolean> {
  const email = lead.fields.email ?? "";
  let topic: string;
  if (lead.kind === "newsletter") {
    const subscriber = await subscribe(store, email);
    if (subscriber.status !== "unconfirmed") return false;
    topic = "newsletter";
  } else if (lead.kind === "webinar") {
    const webinar = webinarTitled(catalog, lead.fields.info ?? "");
    if (!webinar) return false;
    topic = `webinar:${webinar.page}`;
  } else return false;
  if (!mailing) return false;
  return store.transaction(async (tx) => {
    if (!(await claimVisitorMail(tx, email, topic))) return false;
    await queueDelivery(tx, submissionId, "visitor");
    return true;
  });
}
