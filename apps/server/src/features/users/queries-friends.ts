import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row, rows } from '../../db/rows.js';
import { usTimestamp } from '../../lib/cursor.js';
import { date, toUserRow, userColumns, type Tx, type UserRecord, type UserRow } from './queries.js';

// The friends' statements (decision 023): friendships and friend requests, drizzle's `sql` templates read through
// db/rows.ts; timestamps turned into `Date` as users/queries.ts does for users.

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
export type RequestPerson = Pick<UserRow, 'id' | 'username' | 'displayName' | 'email' | 'pictureUrl'>;

type FriendRequestListRecord = FriendRequestRecord & {
  sId: number;
  sUsername: string;
  sDisplayName: string;
  sEmail: string;
  sPictureUrl: string;
  rId: number;
  rUsername: string;
  rDisplayName: string;
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
      s.id AS "sId", s.username AS "sUsername", s.display_name AS "sDisplayName", s.email AS "sEmail", s.picture_url AS "sPictureUrl",
      r.id AS "rId", r.username AS "rUsername", r.display_name AS "rDisplayName", r.email AS "rEmail", r.picture_url AS "rPictureUrl",
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
    sender: {
      id: x.sId,
      username: x.sUsername,
      displayName: x.sDisplayName,
      email: x.sEmail,
      pictureUrl: x.sPictureUrl,
    },
    receiver: {
      id: x.rId,
      username: x.rUsername,
      displayName: x.rDisplayName,
      email: x.rEmail,
      pictureUrl: x.rPictureUrl,
    },
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
