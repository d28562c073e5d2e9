import type { Sql } from "./sql";
import type { Moderation } from "./types";

/** What readers see of an approved comment: name, time and text, never the e-mail address. */
export interface PublicComment {
  id: string;
  page_path: string;
  name: string;
  text: string;
  received_at: Date;
}

/** Approved comments, oldest first: of one post, or of every post (the build). */
export async function approvedComments(store: Sql, path?: string): Promise<PublicComment[]> {
  const { rows } = await store.query<PublicComment>(
    `SELECT id::text AS id, page_path, name, message AS text, received_at FROM submissions
      WHERE kind = 'comment' AND moderation = 'approved' AND ($1::text IS NULL OR page_path = $1)
      ORDER BY received_at, id`,
    [path ?? null],
  );
  return rows;
}

export interface ModeratedComment {
  id: string;
  page_url: string;
  page_path: string;
  name: string;
  email: string;
  text: string;
  received_at: Date;
  moderation: Moderation;
  moderated_at: Date | null;
}

const MODERATED = `id::text AS id, page_url, page_path, name, email, message AS text, received_at, moderation, moderated_at`;

/** Comments waiting for a moderator, oldest first. */
export async function pendingComments(store: Sql): Promise<ModeratedComment[]> {
  const { rows } = await store.query<ModeratedComment>(
    `SELECT ${MODERATED} FROM submissions WHERE kind = 'comment' AND moderation = 'pending' ORDER BY received_at, id`,
  );
  return rows;
}

/** One comment (not spam) by its id, or by the first characters of it as the CLI shows them. */
export async function findComment(store: Sql, id: string): Promise<ModeratedComment | null | "ambiguous"> {
  const { rows } = await store.query<ModeratedComment>(
    `SELECT ${MODERATED} FROM submissions
      WHERE kind = 'comment' AND moderation IS NOT NULL AND id::text LIKE $1 || '%' LIMIT 2`,
    [id.toLowerCase()],
  );
  return rows.length === 1 ? rows[0] : rows.length ? "ambiguous" : null;
}

export type ModerationAction = "approve" | "reject";
const OUTCOME: Record<ModerationAction, Moderation> = { approve: "approved", reject: "rejected" };

/**
 * Approves or rejects a comment; returns it as it is now, or null when nothing changed. `onlyPending` (a moderation
 * link's first use) decides a pending comment only: a decision already taken is changed by an explicit second step
 * (the link's "instead" button) or by the CLI, where a moderator may change their mind.
 */
export async function moderateComment(
  store: Sql,
  id: string,
  action: ModerationAction,
  { onlyPending = false }: { onlyPending?: boolean } = {},
) {
  const { rows } = await store.query<ModeratedComment>(
    `UPDATE submissions SET moderation = $2, moderated_at = now()
      WHERE id = $1::uuid AND kind = 'comment' AND moderation IS NOT NULL
        AND (NOT $3 OR moderation = 'pending')
      RETURNING ${MODERATED}`,
    [id, OUTCOME[action], onlyPending],
  );
  return rows[0] ?? null;
}
