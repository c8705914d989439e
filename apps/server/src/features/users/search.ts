import type { UserSearchResult } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import {
  userWithEmail,
  usersContaining,
  usersNamed,
  usersStartingWith,
  type SearchRow,
} from './queries-search.js';

// `GET /users/{id}/friends/search` (docs/api/README.md#users-and-friends): users by a piece of their username or
// display name, or by their exact email, for adding friends.

export { SEARCH_CANDIDATES, SHORT_TEXT_WINDOW } from './queries-search.js';

/**
 * Case-insensitive substring search on usernames and display names, and the exact email (issue 37); not yourself,
 * not your friends; at most 10, best matches first.
 */
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
  // Display names (issue 37) are ranked the same way on their own, then merged: whose username or display name is
  // the text first, then by the earliest place of the text in either, then by username. The exact email (only a text
  // with an @ can be one: usernames hold none) leads; the answer never shows it (`email` stays "").
  const [byEmail, named] = await Promise.all([
    q.includes('@') ? userWithEmail(db, userId, q) : Promise.resolve([]),
    usersNamed(db, userId, q),
  ]);
  return merge(byEmail, [...rows, ...named]).map((r) => ({
    id: r.id,
    username: r.username,
    displayName: r.displayName,
    email: '',
    pictureUrl: r.pictureUrl,
    requestPending: r.requestPending,
  }));
}

/** The byte order of two strings' code points (PostgreSQL's `~<~` on the lower-cased usernames). */
const byCodePoint = (a: string, b: string) => {
  const x = [...a.toLowerCase()].map((c) => c.codePointAt(0)!);
  const y = [...b.toLowerCase()].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

/** The earliest place of the text in the username or the display name. */
const place = (r: SearchRow) =>
  Math.min(...[r.namePos, r.displayPos].map((p) => (p > 0 ? p : Number.MAX_SAFE_INTEGER)));

/** The email's match, then the others (each user once), ranked; ten at most. */
function merge(first: SearchRow[], others: SearchRow[]): SearchRow[] {
  const seen = new Set(first.map((r) => r.id));
  const unique = others.filter((r) => !seen.has(r.id) && seen.add(r.id));
  unique.sort(
    (a, b) => Number(b.exact) - Number(a.exact) || place(a) - place(b) || byCodePoint(a.username, b.username),
  );
  return [...first, ...unique].slice(0, 10);
}
