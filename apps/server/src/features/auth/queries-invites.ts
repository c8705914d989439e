import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row } from '../../db/rows.js';

// The invite links' statements (issue #21, decision 023): the table keeps each user's salt and the code's hash.

export type LinkRow = { salt: string; created_at: string };

/**
 * Stores a new salt and code hash for the user: `replace` overwrites an existing link, otherwise one already there
 * stays and nothing is returned.
 */
export function insertLink(
  db: Db,
  userId: number,
  salt: string,
  codeHash: string,
  replace: boolean,
): Promise<LinkRow | undefined> {
  return row<LinkRow>(
    db,
    sql`
    INSERT INTO invite_links (user_id, salt, code_hash) VALUES (${userId}, ${salt}, ${codeHash})
    ON CONFLICT (user_id) DO ${replace ? sql`UPDATE SET salt = EXCLUDED.salt, code_hash = EXCLUDED.code_hash, created_at = now()` : sql`NOTHING`}
    RETURNING salt, created_at`,
  );
}

export function selectLink(db: Db, userId: number): Promise<LinkRow | undefined> {
  return row<LinkRow>(db, sql`SELECT salt, created_at FROM invite_links WHERE user_id = ${userId}`);
}

export async function deleteLink(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM invite_links WHERE user_id = ${userId}`);
}

export type InviterRow = { id: number; username: string; display_name: string; picture_url: string };

/** The live, verified account whose current link has this code hash, if any. */
export function inviterByCodeHash(db: Db, codeHash: string): Promise<InviterRow | undefined> {
  return row<InviterRow>(
    db,
    sql`
    SELECT u.id, u.username, u.display_name, u.picture_url FROM invite_links l JOIN users u ON u.id = l.user_id
    WHERE l.code_hash = ${codeHash} AND u.deleted_at IS NULL AND u.is_email_valid`,
  );
}
