import { randomUUID } from "crypto";
import type { Sql, Store } from "./sql";

// The newsletter's double opt-in (migration 0004, docs/store.md#the-newsletter): an address is unconfirmed until its
// owner presses the button behind the confirmation link, confirmed from then (with when and from which hashed
// client: the proof of consent), unsubscribed by the link every mail to a subscriber carries.

export type SubscriberStatus = "unconfirmed" | "confirmed" | "unsubscribed";

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

/** Unconfirmed addresses, and their newsletter submissions, are deleted after this many days. */
export const UNCONFIRMED_DAYS = 30;
/** At most one mail a day to an address, for each topic (a subscription, a webinar). */
export const VISITOR_MAIL_HOURS = 24;
/** And at most this many a day to an address, whatever their topics (issue 54). */
export const VISITOR_MAILS_PER_DAY = 3;

const COLUMNS = "id::text AS id, email, status, created_at, confirmed_at, unsubscribed_at";

/**
 * A new subscription of `email`: unconfirmed when the address is new, or when it had unsubscribed (subscribing again
 * asks again); a confirmed address stays confirmed. Returns the subscriber as it now is.
 */
export async function subscribe(store: Sql, email: string): Promise<Subscriber> {
  const { rows } = await store.query<Subscriber>(
    `INSERT INTO subscribers (id, email) VALUES ($1, $2)
     ON CONFLICT (lower(email)) DO UPDATE
       SET status = CASE WHEN subscribers.status = 'confirmed' THEN 'confirmed' ELSE 'unconfirmed' END,
           unsubscribed_at = CASE WHEN subscribers.status = 'confirmed' THEN subscribers.unsubscribed_at END,
           created_at = CASE WHEN subscribers.status = 'unsubscribed' THEN now() ELSE subscribers.created_at END
     RETURNING ${COLUMNS}`,
    [randomUUID(), email.trim()],
  );
  return rows[0];
}

/**
 * Whether the site may mail `email` about `topic` now: at most once in VISITOR_MAIL_HOURS for the topic, and at most
 * VISITOR_MAILS_PER_DAY in that time for the address (a row a topic, so its rows of the day are its mails of the
 * day). When it may, the send is recorded in the same statement, under a lock of the address that the caller's
 * transaction holds (visitor-mail.ts), so two requests at once cannot both pass.
 */
export async function claimVisitorMail(store: Sql, email: string, topic: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  await store.query("SELECT pg_advisory_xact_lock(5, hashtext($1))", [address]);
  const { rows } = await store.query(
    `INSERT INTO visitor_mail (email, topic, sent_at)
     SELECT $1, $2, now()
      WHERE (SELECT count(*) FROM visitor_mail
              WHERE email = $1 AND topic <> $2 AND sent_at > now() - $3::double precision * interval '1 hour') < $4
     ON CONFLICT (email, topic) DO UPDATE SET sent_at = now()
       WHERE visitor_mail.sent_at <= now() - $3::double precision * interval '1 hour'
     RETURNING 1`,
    [address, topic, VISITOR_MAIL_HOURS, VISITOR_MAILS_PER_DAY],
  );
  return rows.length === 1;
}

export async function findSubscriber(store: Sql, by: { id: string } | { email: string }): Promise<Subscriber | null> {
  const { rows } = await store.query<Subscriber>(
    "id" in by
      ? `SELECT ${COLUMNS} FROM subscribers WHERE id = $1`
      : `SELECT ${COLUMNS} FROM subscribers WHERE lower(email) = lower($1)`,
    ["id" in by ? by.id : by.email],
  );
  return rows[0] ?? null;
}

/**
 * Confirms a subscription (the button behind the confirmation link): only an unconfirmed one, once. `client` is the
 * confirming request's hashed address, kept as part of the proof of consent. Returns the subscriber after, or null.
 */
export async function confirmSubscriber(store: Sql, id: string, client: string): Promise<Subscriber | null> {
  const { rows } = await store.query<Subscriber>(
    `UPDATE subscribers SET status = 'confirmed', confirmed_at = now(), confirmed_by = $2
      WHERE id = $1 AND status = 'unconfirmed' RETURNING ${COLUMNS}`,
    [id, client],
  );
  return rows[0] ?? null;
}

/** Takes an address off the list (the unsubscribe link, RFC 8058's one click): once; null when it was not on it. */
export async function unsubscribe(store: Sql, id: string): Promise<Subscriber | null> {
  const { rows } = await store.query<Subscriber>(
    `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = now()
      WHERE id = $1 AND status <> 'unsubscribed' RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listSubscribers(store: Sql, status?: SubscriberStatus): Promise<Subscriber[]> {
  const { rows } = await store.query<Subscriber>(
    `SELECT ${COLUMNS} FROM subscribers WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at, email`,
    [status ?? null],
  );
  return rows;
}

/**
 * What the double opt-in deletes by itself: addresses left unconfirmed for UNCONFIRMED_DAYS, with their newsletter
 * submissions, and the records of mail sent more than a day ago. Returns how many subscriptions went.
 */
export async function purgeUnconfirmed(store: Store): Promise<number> {
  return store.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM submissions s WHERE s.kind = 'newsletter'
          AND s.received_at < now() - $1::double precision * interval '1 day'
          AND EXISTS (SELECT 1 FROM subscribers u WHERE lower(u.email) = lower(s.email) AND u.status = 'unconfirmed'
                        AND u.created_at < now() - $1::double precision * interval '1 day')`,
      [UNCONFIRMED_DAYS],
    );
    const { rows } = await tx.query<{ n: number }>(
      `WITH gone AS (DELETE FROM subscribers WHERE status = 'unconfirmed'
          AND created_at < now() - $1::double precision * interval '1 day' RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [UNCONFIRMED_DAYS],
    );
    await tx.query("DELETE FROM visitor_mail WHERE sent_at <= now() - $1::double precision * interval '1 hour'", [
      VISITOR_MAIL_HOURS,
    ]);
    return rows[0].n;
  });
}
