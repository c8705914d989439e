import { sql } from 'drizzle-orm';
import type { Db } from './pool.js';
import { row } from './rows.js';

// The session read of lib/auth.ts (decision 023: SQL that lib/ needs lives in db/, lib/ holding none of its own).

/** What a token's check reads of its user: the public fields, and what may refuse the token. */
export type SessionRow = {
  id: number;
  username: string;
  email: string;
  pictureUrl: string;
  tokensValidAfter: Date;
  isEmailValid: boolean;
  /** A guest's one room (migration 0022, docs/decisions/026-guests.md); null for an account. */
  guestRoomId: string | null;
  revokedJtis: string[];
};

type SessionRecord = Omit<SessionRow, 'tokensValidAfter'> & { tokensValidAfter: string };

/**
 * The user's session row, or undefined. Every authenticated request may run it (unless the session cache has the
 * row): a named prepared statement (`executePrepared`), planned once per connection. The tokens of this user
 * signed out one by one (per-device logout, migration 0011) are read with the row, so that the check costs no round
 * trip of its own and is cached and forgotten with it. A guest's room (docs/decisions/026-guests.md) is read only while
 * the row is not deleted: a deleted guest, unverified, is refused as a deleted account is.
 */
export async function selectSessionRow(db: Db, userId: number): Promise<SessionRow | undefined> {
  const found = await row<SessionRecord>(
    db,
    sql`SELECT u.id, u.username, u.email, u.picture_url AS "pictureUrl",
        u.tokens_valid_after AS "tokensValidAfter", u.is_email_valid AS "isEmailValid",
        CASE WHEN u.deleted_at IS NULL THEN u.guest_room_id END AS "guestRoomId",
        ARRAY(SELECT r.jti FROM revoked_tokens r WHERE r.user_id = u.id AND r.expires_at > now()) AS "revokedJtis"
      FROM users u WHERE u.id = ${userId}`,
  );
  return found && { ...found, tokensValidAfter: new Date(found.tokensValidAfter) };
}
