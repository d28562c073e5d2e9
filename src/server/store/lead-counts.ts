// What the leads report counts (src/server/report/): leads per week by one dimension of where they came from, the
// bookings among them and how many were cancelled since, and what the endpoint held as spam. The dimensions are a
// fixed list, each with its SQL: nothing typed reaches the SQL.
import type { Sql } from "./sql";

/** What a report can be broken down by, and the SQL of each. */
const DIMENSIONS = {
  channel: "NULLIF(channel, '')",
  source: "attribution->>'utm_source'",
  campaign: "attribution->>'utm_campaign'",
  landing: "attribution->>'landing_page'",
  page: "attribution->>'page'",
  kind: "kind",
} as const;
export type ReportDimension = keyof typeof DIMENSIONS;
export const REPORT_DIMENSIONS = Object.keys(DIMENSIONS) as ReportDimension[];

/**
 * Leads per week (its Monday, UTC, as YYYY-MM-DD) and value of the dimension (null when not known), spam left out;
 * a booking moved to another time is counted once, when it was first booked.
 */
export async function leadsPerWeek(store: Sql, by: ReportDimension, since: Date, until: Date) {
  const { rows } = await store.query<{ week: string; key: string | null; n: number }>(
    `SELECT to_char(date_trunc('week', received_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
            ${DIMENSIONS[by]} AS key, count(*)::int AS n
       FROM submissions
      WHERE status <> 'spam' AND rescheduled_from IS NULL AND received_at >= $1 AND received_at < $2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [since, until],
  );
  return rows;
}

/** The range's bookings, and how many of them were cancelled since. */
export async function bookingsOf(store: Sql, since: Date, until: Date): Promise<{ booked: number; cancelled: number }> {
  // a booking stands or is cancelled as its latest time does (the first, or the last it was moved to)
  const { rows } = await store.query<{ booked: number; cancelled: number }>(
    `SELECT count(*)::int AS booked,
            count(*) FILTER (WHERE (SELECT latest.cancelled_at IS NOT NULL FROM submissions latest
                                     WHERE latest.id = b.id OR latest.rescheduled_from = b.id
                                     ORDER BY latest.received_at DESC LIMIT 1))::int AS cancelled
       FROM submissions b
      WHERE b.kind = 'booking' AND b.status <> 'spam' AND b.rescheduled_from IS NULL
        AND b.received_at >= $1 AND b.received_at < $2`,
    [since, until],
  );
  return rows[0];
}

/** The range's submissions held as spam: still held (by why), and released since by a person. */
export interface Held {
  held: number;
  released: number;
  reasons: { reason: string; n: number }[];
}

/** What the endpoint held as spam of those received in the range (spam is deleted after 30 days: spam.ts). */
export async function heldOf(store: Sql, since: Date, until: Date): Promise<Held> {
  const { rows } = await store.query<{ reason: string; held: number; released: number }>(
    `SELECT spam_reason AS reason, count(*) FILTER (WHERE status = 'spam')::int AS held,
            count(*) FILTER (WHERE released_at IS NOT NULL)::int AS released
       FROM submissions
      WHERE spam_reason IS NOT NULL AND received_at >= $1 AND received_at < $2
      GROUP BY 1 ORDER BY 2 DESC, 1`,
    [since, until],
  );
  return {
    held: rows.reduce((n, r) => n + r.held, 0),
    released: rows.reduce((n, r) => n + r.released, 0),
    reasons: rows.filter((r) => r.held).map((r) => ({ reason: r.reason, n: r.held })),
  };
}
