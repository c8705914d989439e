import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { UserSearchResult } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { users } from '../../db/schema.js';
import { containsPattern, likeEscape } from '../../lib/like.js';

// `GET /users/{id}/friends/search` (docs/api/README.md#users-and-friends): users by a piece of their name, for adding friends.

/** How many users containing the text a search ranks at most, when fewer than ten start with it. */
export const SEARCH_CANDIDATES = 200;
/** How many of the newest users a text without three letters or digits in a row is looked for among. */
export const SHORT_TEXT_WINDOW = 20_000;

/** Case-insensitive substring search on usernames; not yourself, not your friends; at most 10, best matches first. */
export async function searchUsers(db: Db, userId: number, query: string): Promise<UserSearchResult[]> {
  const q = query.trim();
  if (!q) return [];
  const pattern = containsPattern(q);
  const search = (where: SQL, order: SQL[]) =>
    db
      .select({
        id: users.id,
        username: users.username,
        pictureUrl: users.pictureUrl,
        // Columns inside a raw subquery of the select list are written out: Drizzle would render `users.id` there
        // unqualified, and `"id"` would then mean the subquery's own `fr.id`.
        requestPending: sql<boolean>`EXISTS (
        SELECT 1 FROM friend_requests fr WHERE fr.status = 'pending'
          AND ((fr.sender_id = ${userId} AND fr.receiver_id = "users"."id")
            OR (fr.sender_id = "users"."id" AND fr.receiver_id = ${userId})))`,
      })
      .from(users)
      .where(
        and(
          sql`${users.id} <> ${userId}`,
          eq(users.isEmailValid, true),
          sql`NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${userId} AND f.friend_id = "users"."id")`,
          where,
        ),
      )
      .orderBy(...order)
      .limit(10);
  // The best matches start with the text (position 1; the exact match, if any, is the first of them by name): read
  // in name order from users_username_prefix_idx, ten of them are the answer without sorting every user that
  // contains the text (issue #22: a short text matches thousands among a million users). Fewer than ten: the
  // whole ordering, over the trigram index. Names compare by code point (`USING ~<~`, the index's order) in both,
  // so that the two agree whatever the database's collation (in a C database, the embedded one, it is its order).
  const byName = sql`lower(${users.username}) USING ~<~`;
  // (No ILIKE beside the prefix, which implies it: the planner would take the two for independent filters, expect a
  // handful of rows, and sort them instead of reading the index in order.)
  const prefixed = await search(sql`lower(${users.username}) LIKE lower(${likeEscape(q)}) || '%'`, [byName]);
  // The substring matches are ranked among the first SEARCH_CANDIDATES found, with those that start with it: a text
  // inside a hundred thousand names costs a few milliseconds instead of sorting them all, and a database small
  // enough to hold fewer matches ranks every one. They are found through the trigram index when the text has a run
  // of three letters or digits (pg_trgm's unit); a shorter one can use no index, so it is looked for among the
  // newest SHORT_TEXT_WINDOW users only: a bounded read whatever the database's size (a complete one up to that
  // size), where a rare two-letter text would otherwise read every user.
  const source = /[\p{L}\p{N}]{3}/u.test(q)
    ? sql`users`
    : sql`(SELECT id, username, is_email_valid FROM users ORDER BY id DESC LIMIT ${SHORT_TEXT_WINDOW})`;
  const rows =
    prefixed.length === 10
      ? prefixed
      : await search(
          // One IN over both (not `IN … OR = ANY …`, which the planner can only test on every user in turn).
          sql`${users.id} IN ((SELECT c.id FROM ${source} c WHERE c.username ILIKE ${pattern} AND c.is_email_valid
            AND c.id <> ${userId}
            AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${userId} AND f.friend_id = c.id)
            LIMIT ${SEARCH_CANDIDATES})
            UNION ALL SELECT unnest(${sql.raw(`ARRAY[${prefixed.map((r) => Number(r.id)).join(',')}]::int[]`)}))`,
          [
            sql`lower(${users.username}) = lower(${q}) DESC`,
            sql`position(lower(${q}) in lower(${users.username}))`,
            byName,
          ],
        );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: '',
    pictureUrl: r.pictureUrl,
    requestPending: r.requestPending,
  }));
}
