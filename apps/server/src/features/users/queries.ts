import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row, type Runner } from '../../db/rows.js';

// The users' statements (decision 023; the friends' are in queries-friends.ts): drizzle's `sql` templates, rows
// read through db/rows.ts. The rows carry timestamps as PostgreSQL's text; `toUserRow` turns them into the `Date`
// objects the callers' mapping reads (what drizzle's query builder gave them before). A lookup that finds an account
// (sign-in, a friend request's receiver) skips guest rows (`guest_room_id IS NULL`, docs/decisions/026-guests.md):
// their names are not unique and they never sign in.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A users row as the statements read it (`userColumns`): timestamps as PostgreSQL's text. */
export type UserRecord = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  passwordHash: string | null;
  pictureUrl: string;
  isEmailValid: boolean;
  isOnline: boolean;
  lastSeen: string | null;
  registeredAt: string;
  tokensValidAfter: string;
  eventReminders: boolean;
  notifyOff: string[];
  pushOff: string[];
  invitedBy: number | null;
  deletedAt: string | null;
};

/** A users row as the services read it: the timestamps as `Date`. */
export type UserRow = Omit<UserRecord, 'lastSeen' | 'registeredAt' | 'tokensValidAfter' | 'deletedAt'> & {
  lastSeen: Date | null;
  registeredAt: Date;
  tokensValidAfter: Date;
  deletedAt: Date | null;
};

const USER_FIELDS: readonly [column: string, key: keyof UserRecord][] = [
  ['id', 'id'],
  ['username', 'username'],
  ['display_name', 'displayName'],
  ['email', 'email'],
  ['password_hash', 'passwordHash'],
  ['picture_url', 'pictureUrl'],
  ['is_email_valid', 'isEmailValid'],
  ['is_online', 'isOnline'],
  ['last_seen', 'lastSeen'],
  ['registered_at', 'registeredAt'],
  ['tokens_valid_after', 'tokensValidAfter'],
  ['event_reminders', 'eventReminders'],
  ['notify_off', 'notifyOff'],
  ['push_off', 'pushOff'],
  ['invited_by', 'invitedBy'],
  ['deleted_at', 'deletedAt'],
];

/** Every column of users as a `UserRecord`, qualified by `table` (a fixed alias of the statement, never input). */
export const userColumns = (table = 'users'): SQL =>
  sql.raw(USER_FIELDS.map(([column, key]) => `${table}.${column} AS "${key}"`).join(', '));

/** A `timestamptz` as PostgreSQL's text, as a `Date` (what drizzle's builder gave for these columns). */
export const date = (text: string) => new Date(text);

export function toUserRow(r: UserRecord): UserRow {
  return {
    ...r,
    lastSeen: r.lastSeen === null ? null : date(r.lastSeen),
    registeredAt: date(r.registeredAt),
    tokensValidAfter: date(r.tokensValidAfter),
    deletedAt: r.deletedAt === null ? null : date(r.deletedAt),
  };
}

const oneUser = async (runner: Runner, query: SQL) => {
  const found = await row<UserRecord>(runner, query);
  return found && toUserRow(found);
};

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return oneUser(db, sql`SELECT ${userColumns()} FROM users WHERE users.id = ${id}`);
}

/** The account with this email (a guest, with none, is never found). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return oneUser(
    db,
    sql`SELECT ${userColumns()} FROM users
        WHERE users.email = ${email.toLowerCase()} AND users.guest_room_id IS NULL`,
  );
}

/**
 * The live account by username (any case) or by email: never a guest, whose name may be an account's too, nor a
 * deleted account.
 */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return oneUser(
    db,
    sql`SELECT ${userColumns()} FROM users
        WHERE (lower(users.username) = lower(${login}) OR users.email = lower(${login}))
          AND users.deleted_at IS NULL AND users.guest_room_id IS NULL
        LIMIT 1`,
  );
}

/** Sets the username; a taken one raises PostgreSQL's unique violation. */
export async function setUsername(db: Db, userId: number, value: string): Promise<UserRow> {
  return (await oneUser(
    db,
    sql`UPDATE users SET username = ${value} WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  ))!;
}

/** Sets the display name (issue 37; "" is never set through the API). */
export async function setDisplayName(db: Db, userId: number, value: string): Promise<UserRow> {
  return (await oneUser(
    db,
    sql`UPDATE users SET display_name = ${value} WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  ))!;
}

/** Sets the picture's URL (an upload's, or "" for none). */
export async function setPictureUrl(db: Db, userId: number, url: string): Promise<UserRow> {
  return (await oneUser(
    db,
    sql`UPDATE users SET picture_url = ${url} WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  ))!;
}

/** An account whose email is confirmed (the only ones a friend request can go to): a guest's id is unknown. */
export async function findVerifiedUser(db: Db, id: number): Promise<UserRow | undefined> {
  return oneUser(
    db,
    sql`SELECT ${userColumns()} FROM users
        WHERE users.id = ${id} AND users.is_email_valid AND users.guest_room_id IS NULL`,
  );
}
