import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row, rows, type Runner } from '../../db/rows.js';
import { usTimestamp } from '../../lib/cursor.js';

// The users' and friends' statements (decision 023): drizzle's `sql` templates, rows read through db/rows.ts. The
// rows carry timestamps as PostgreSQL's text; `toUserRow` and `toFriendRequest` turn them into the `Date` objects the
// callers' mapping reads (what drizzle's query builder gave them before).

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A users row as the statements read it (`userColumns`): timestamps as PostgreSQL's text. */
export type UserRecord = {
  id: number;
  username: string;
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

const date = (text: string) => new Date(text);

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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return oneUser(db, sql`SELECT ${userColumns()} FROM users WHERE users.email = ${email.toLowerCase()}`);
}

/** By username (any case) or by email. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return oneUser(
    db,
    sql`SELECT ${userColumns()} FROM users
        WHERE lower(users.username) = lower(${login}) OR users.email = lower(${login}) LIMIT 1`,
  );
}

/** Sets the username; a taken one raises PostgreSQL's unique violation. */
export async function setUsername(db: Db, userId: number, value: string): Promise<UserRow> {
  return (await oneUser(
    db,
    sql`UPDATE users SET username = ${value} WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  ))!;
}

/** A user whose email is confirmed (the only ones a friend request can go to). */
export async function findVerifiedUser(db: Db, id: number): Promise<UserRow | undefined> {
  return oneUser(db, sql`SELECT ${userColumns()} FROM users WHERE users.id = ${id} AND users.is_email_valid`);
}

type FriendRecord = UserRecord & { key: string };

/**
 * The user's friends by lower(username): all of them (`limit` undefined), or a keyset page on (lower(username), id)
 * after `after`, `limit` rows.
 */
export async function friendRows(
  db: Db,
  userId: number,
  after: readonly [string, number] | undefined,
  limit: number | undefined,
): Promise<{ user: UserRow; key: string }[]> {
  const from = sql`SELECT ${userColumns()}, lower(users.username) AS key
    FROM friendships JOIN users ON users.id = friendships.friend_id
    WHERE friendships.user_id = ${userId}`;
  const found = await rows<FriendRecord>(
    db,
    limit === undefined
      ? sql`${from} ORDER BY lower(users.username)`
      : after
        ? sql`${from} AND (lower(users.username), users.id) > (${after[0]}, ${after[1]}::int)
              ORDER BY lower(users.username), users.id LIMIT ${limit}`
        : sql`${from} ORDER BY lower(users.username), users.id LIMIT ${limit}`,
  );
  return found.map(({ key, ...user }) => ({ user: toUserRow(user), key }));
}

export async function countFriendsOf(db: Db, userId: number): Promise<number> {
  const found = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM friendships WHERE user_id = ${userId}`,
  );
  return found?.n ?? 0;
}

export async function countPendingRequestsTo(db: Db, userId: number): Promise<number> {
  const found = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM friend_requests WHERE receiver_id = ${userId} AND status = 'pending'`,
  );
  return found?.n ?? 0;
}

export type FriendRequestStatus = 'pending' | 'accepted' | 'rejected';

/** A friend_requests row, timestamps as `Date`. */
export type FriendRequestRow = {
  id: number;
  senderId: number;
  receiverId: number;
  status: FriendRequestStatus;
  sentAt: Date;
  respondedAt: Date | null;
};
type FriendRequestRecord = Omit<FriendRequestRow, 'sentAt' | 'respondedAt'> & {
  sentAt: string;
  respondedAt: string | null;
};

const requestColumns = sql`friend_requests.id, friend_requests.sender_id AS "senderId",
  friend_requests.receiver_id AS "receiverId", friend_requests.status, friend_requests.sent_at AS "sentAt",
  friend_requests.responded_at AS "respondedAt"`;

const toFriendRequest = ({ sentAt, respondedAt, ...r }: FriendRequestRecord): FriendRequestRow => ({
  ...r,
  sentAt: date(sentAt),
  respondedAt: respondedAt === null ? null : date(respondedAt),
});

/** Which requests `friendRequestRows` reads. */
export const requestWithId = (requestId: number) => sql`friend_requests.id = ${requestId}`;

/** Requests received in a status; with `before` ([sent_at in µs, id]), only those older in (sent_at, id). */
export const requestsReceived = (
  userId: number,
  status: FriendRequestStatus,
  before?: readonly [string, number],
) =>
  before
    ? sql`friend_requests.receiver_id = ${userId} AND friend_requests.status = ${status}
          AND (friend_requests.sent_at, friend_requests.id) < (${usTimestamp(before[0])}, ${before[1]}::int)`
    : sql`friend_requests.receiver_id = ${userId} AND friend_requests.status = ${status}`;

/** The public fields of a request's sender or receiver. */
export type RequestPerson = Pick<UserRow, 'id' | 'username' | 'email' | 'pictureUrl'>;

type FriendRequestListRecord = FriendRequestRecord & {
  sId: number;
  sUsername: string;
  sEmail: string;
  sPictureUrl: string;
  rId: number;
  rUsername: string;
  rEmail: string;
  rPictureUrl: string;
  friends: boolean;
  sentUs: string;
};

/**
 * Requests with their sender and receiver (their public fields), whether the two are friends, and sent_at in µs;
 * newest first.
 */
export async function friendRequestRows(
  db: Db,
  where: SQL,
  limit?: number,
): Promise<
  {
    request: FriendRequestRow;
    sender: RequestPerson;
    receiver: RequestPerson;
    friends: boolean;
    sentUs: string;
  }[]
> {
  const query = sql`SELECT ${requestColumns},
      s.id AS "sId", s.username AS "sUsername", s.email AS "sEmail", s.picture_url AS "sPictureUrl",
      r.id AS "rId", r.username AS "rUsername", r.email AS "rEmail", r.picture_url AS "rPictureUrl",
      EXISTS (SELECT 1 FROM friendships f
        WHERE f.user_id = friend_requests.sender_id AND f.friend_id = friend_requests.receiver_id) AS friends,
      (extract(epoch FROM friend_requests.sent_at) * 1000000)::bigint::text AS "sentUs"
    FROM friend_requests
    JOIN users s ON s.id = friend_requests.sender_id
    JOIN users r ON r.id = friend_requests.receiver_id
    WHERE ${where}
    ORDER BY friend_requests.sent_at DESC, friend_requests.id DESC`;
  const found = await rows<FriendRequestListRecord>(
    db,
    limit === undefined ? query : sql`${query} LIMIT ${limit}`,
  );
  return found.map((x) => ({
    request: toFriendRequest({
      id: x.id,
      senderId: x.senderId,
      receiverId: x.receiverId,
      status: x.status,
      sentAt: x.sentAt,
      respondedAt: x.respondedAt,
    }),
    sender: { id: x.sId, username: x.sUsername, email: x.sEmail, pictureUrl: x.sPictureUrl },
    receiver: { id: x.rId, username: x.rUsername, email: x.rEmail, pictureUrl: x.rPictureUrl },
    friends: x.friends,
    sentUs: x.sentUs,
  }));
}

export async function areFriends(tx: Tx, userId: number, friendId: number): Promise<boolean> {
  const found = await row<{ x: number }>(
    tx,
    sql`SELECT user_id AS x FROM friendships WHERE user_id = ${userId} AND friend_id = ${friendId}`,
  );
  return found !== undefined;
}

/** The pending request between the two, either way, if any. */
export async function openRequestBetween(
  tx: Tx,
  userId: number,
  otherId: number,
): Promise<{ senderId: number } | undefined> {
  return row<{ senderId: number }>(
    tx,
    sql`SELECT sender_id AS "senderId" FROM friend_requests
        WHERE status = 'pending'
          AND ((sender_id = ${userId} AND receiver_id = ${otherId})
            OR (sender_id = ${otherId} AND receiver_id = ${userId}))`,
  );
}

export async function insertFriendRequest(tx: Tx, senderId: number, receiverId: number): Promise<number> {
  const created = await row<{ id: number }>(
    tx,
    sql`INSERT INTO friend_requests (sender_id, receiver_id) VALUES (${senderId}, ${receiverId}) RETURNING id`,
  );
  return created!.id;
}

/** The request, locked (FOR UPDATE) until the transaction ends. */
export async function lockFriendRequest(tx: Tx, requestId: number): Promise<FriendRequestRow | undefined> {
  const found = await row<FriendRequestRecord>(
    tx,
    sql`SELECT ${requestColumns} FROM friend_requests WHERE friend_requests.id = ${requestId} FOR UPDATE`,
  );
  return found && toFriendRequest(found);
}

export async function answerFriendRequest(
  tx: Tx,
  requestId: number,
  status: 'accepted' | 'rejected',
): Promise<void> {
  await rows(
    tx,
    sql`UPDATE friend_requests SET status = ${status}, responded_at = now() WHERE id = ${requestId}`,
  );
}

/** The friendship both ways (what is there already stays). */
export async function insertFriendship(tx: Tx, a: number, b: number): Promise<void> {
  await rows(
    tx,
    sql`INSERT INTO friendships (user_id, friend_id) VALUES (${a}, ${b}), (${b}, ${a}) ON CONFLICT DO NOTHING`,
  );
}

/** Removes the friendship both ways; how many rows went (0: they were not friends). */
export async function deleteFriendship(db: Db, userId: number, friendId: number): Promise<number> {
  const removed = await rows<{ userId: number }>(
    db,
    sql`DELETE FROM friendships
        WHERE (user_id = ${userId} AND friend_id = ${friendId}) OR (user_id = ${friendId} AND friend_id = ${userId})
        RETURNING user_id AS "userId"`,
  );
  return removed.length;
}
