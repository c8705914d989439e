import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '../../db/arrays.js';
import type { Db } from '../../db/pool.js';
import { containsPattern, likeEscape } from '../../lib/like.js';

// The user search's two statements (`GET /users/{id}/friends/search`, docs/api/README.md#users-and-friends;
// decision 023). The ranking is explained in search.ts.

/** How many users containing the text a search ranks at most, when fewer than ten start with it. */
export const SEARCH_CANDIDATES = 200;
/** How many of the newest users a text without three letters or digits in a row is looked for among. */
export const SHORT_TEXT_WINDOW = 20_000;

export type SearchRow = {
  id: number;
  username: string;
  displayName: string;
  pictureUrl: string;
  requestPending: boolean;
  /** The text's place (1-based, 0 if absent) in the username and in the display name, case-insensitive. */
  namePos: number;
  displayPos: number;
  /** The username or the display name is the text (any case). */
  exact: boolean;
};

/**
 * At most ten verified accounts, not the caller nor the caller's friends, matching `where`, in `order`: never a guest
 * (`guest_room_id IS NULL`, docs/decisions/026-guests.md; never verified either, by users_guest_check). Run as a plain
 * (unnamed) statement, as drizzle's builder ran it: PostgreSQL plans it for the text searched for every time (a
 * named statement may fall back to a generic plan, which cannot read users_username_prefix_idx for a `LIKE`
 * pattern that is a parameter).
 */
async function search(db: Db, userId: number, q: string, where: SQL, order: SQL): Promise<SearchRow[]> {
  const found = await db.execute<SearchRow>(sql`SELECT users.id, users.username,
      users.display_name AS "displayName", users.picture_url AS "pictureUrl",
      position(lower(${q}) in lower(users.username)) AS "namePos",
      position(lower(${q}) in lower(users.display_name)) AS "displayPos",
      (lower(users.username) = lower(${q}) OR lower(users.display_name) = lower(${q})) AS exact,
      EXISTS (
        SELECT 1 FROM friend_requests fr WHERE fr.status = 'pending'
          AND ((fr.sender_id = ${userId} AND fr.receiver_id = users.id)
            OR (fr.sender_id = users.id AND fr.receiver_id = ${userId}))) AS "requestPending"
    FROM users
    WHERE users.id <> ${userId} AND users.is_email_valid AND users.guest_room_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${userId} AND f.friend_id = users.id)
      AND ${where}
    ORDER BY ${order}
    LIMIT 10`);
  return found.rows;
}

// Names compare by code point (`USING ~<~`, users_username_prefix_idx's order), whatever the database's collation.
const byName = sql`lower(users.username) USING ~<~`;

/**
 * Up to ten users whose name starts with `q`, in name order (read from users_username_prefix_idx). No ILIKE beside
 * the prefix, which implies it: the planner would take the two for independent filters, expect a handful of rows,
 * and sort them instead of reading the index in order.
 */
export function usersStartingWith(db: Db, userId: number, q: string): Promise<SearchRow[]> {
  return search(db, userId, q, sql`lower(users.username) LIKE lower(${likeEscape(q)}) || '%'`, byName);
}

/**
 * Up to ten users ranked among the first SEARCH_CANDIDATES containing `q` and those of `prefixedIds`: the exact
 * match first, then by where the text is in the name, then by name. With three letters or digits in a row the
 * candidates come through the trigram index; a shorter text is looked for among the newest SHORT_TEXT_WINDOW users.
 * The ids are bound as one `int[]` parameter (`intArray`): the statement's text is the same for every list.
 */
export function usersContaining(
  db: Db,
  userId: number,
  q: string,
  prefixedIds: readonly number[],
): Promise<SearchRow[]> {
  const pattern = containsPattern(q);
  const source = /[\p{L}\p{N}]{3}/u.test(q)
    ? sql`users`
    : sql`(SELECT id, username, is_email_valid FROM users ORDER BY id DESC LIMIT ${SHORT_TEXT_WINDOW})`;
  return search(
    db,
    userId,
    q,
    // One IN over both (not `IN … OR = ANY …`, which the planner can only test on every user in turn).
    sql`users.id IN ((SELECT c.id FROM ${source} c WHERE c.username ILIKE ${pattern} AND c.is_email_valid
            AND c.id <> ${userId}
            AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${userId} AND f.friend_id = c.id)
            LIMIT ${SEARCH_CANDIDATES})
            UNION ALL SELECT unnest(${intArray(prefixedIds)}))`,
    sql`lower(users.username) = lower(${q}) DESC, position(lower(${q}) in lower(users.username)), ${byName}`,
  );
}

/**
 * The account whose email is exactly `q` (stored lower-case; read from users_email_key), if the search may show it:
 * at most one row. Its email is not answered (search.ts).
 */
export function userWithEmail(db: Db, userId: number, q: string): Promise<SearchRow[]> {
  return search(db, userId, q, sql`users.email = lower(${q})`, sql`users.id`);
}

/**
 * Up to ten users whose display name contains `q`, ranked among the first SEARCH_CANDIDATES found as usernames are:
 * the exact match first, then by where the text is in the display name, then by username. Through the partial
 * trigram index users_display_name_trgm_idx (0028_display_names.sql: `display_name <> ''` is its predicate, spelled
 * the same here) with three letters or digits in a row, else among the newest SHORT_TEXT_WINDOW users.
 */
export function usersNamed(db: Db, userId: number, q: string): Promise<SearchRow[]> {
  const pattern = containsPattern(q);
  const source = /[\p{L}\p{N}]{3}/u.test(q)
    ? sql`users`
    : sql`(SELECT id, display_name, is_email_valid FROM users ORDER BY id DESC LIMIT ${SHORT_TEXT_WINDOW})`;
  return search(
    db,
    userId,
    q,
    sql`users.id IN (SELECT c.id FROM ${source} c WHERE c.display_name <> '' AND c.display_name ILIKE ${pattern}
            AND c.is_email_valid AND c.id <> ${userId}
            AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${userId} AND f.friend_id = c.id)
            LIMIT ${SEARCH_CANDIDATES})`,
    sql`lower(users.display_name) = lower(${q}) DESC, position(lower(${q}) in lower(users.display_name)), ${byName}`,
  );
}
