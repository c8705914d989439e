import type { UserSearchResult } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { usersContaining, usersStartingWith } from './queries-search.js';

// `GET /users/{id}/friends/search` (docs/api/README.md#users-and-friends): users by a piece of their name, for adding friends.

export { SEARCH_CANDIDATES, SHORT_TEXT_WINDOW } from './queries-search.js';

/** Case-insensitive substring search on usernames; not yourself, not your friends; at most 10, best matches first. */
export async function searchUsers(db: Db, userId: number, query: string): Promise<UserSearchResult[]> {
  const q = query.trim();
  if (!q) return [];
  // The best matches start with the text (position 1; the exact match, if any, is the first of them by name): read
  // in name order from users_username_prefix_idx, ten of them are the answer without sorting every user that
  // contains the text (issue #22: a short text matches thousands among a million users). Fewer than ten: the
  // whole ordering, over the trigram index. Names compare by code point (`USING ~<~`, the index's order) in both,
  // so that the two agree whatever the database's collation (in a C database, the embedded one, it is its order).
  const prefixed = await usersStartingWith(db, userId, q);
  // The substring matches are ranked among the first SEARCH_CANDIDATES found, with those that start with it: a text
  // inside a hundred thousand names costs a few milliseconds instead of sorting them all, and a database small
  // enough to hold fewer matches ranks every one. They are found through the trigram index when the text has a run
  // of three letters or digits (pg_trgm's unit); a shorter one can use no index, so it is looked for among the
  // newest SHORT_TEXT_WINDOW users only: a bounded read whatever the database's size (a complete one up to that
  // size), where a rare two-letter text would otherwise read every user.
  const rows =
    prefixed.length === 10
      ? prefixed
      : await usersContaining(
          db,
          userId,
          q,
          prefixed.map((r) => Number(r.id)),
        );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: '',
    pictureUrl: r.pictureUrl,
    requestPending: r.requestPending,
  }));
}
