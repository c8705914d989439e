import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/pool.js';
import { friendRequests, friendships, users } from '../../db/schema.js';
import { usTimestamp } from '../../lib/cursor.js';

// The users' and friends' statements (decision 023). They are still written with drizzle's query builder, as they
// were in service.ts and friends.ts: rows come back with the schema's types (dates as Date objects), which the
// callers' mapping reads.

export type UserRow = typeof users.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** By username (any case) or by email. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) OR ${users.email} = lower(${login})`)
    .limit(1);
  return row;
}

/** Sets the username; a taken one raises PostgreSQL's unique violation. */
export async function setUsername(db: Db, userId: number, value: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ username: value }).where(eq(users.id, userId)).returning();
  return row!;
}

/** A user whose email is confirmed (the only ones a friend request can go to). */
export async function findVerifiedUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isEmailValid, true)));
  return target;
}

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
  const query = db
    .select({ user: users, key: sql<string>`lower(${users.username})` })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(
      and(
        eq(friendships.userId, userId),
        after ? sql`(lower(${users.username}), ${users.id}) > (${after[0]}, ${after[1]}::int)` : undefined,
      ),
    );
  if (limit === undefined) return query.orderBy(sql`lower(${users.username})`);
  return query.orderBy(sql`lower(${users.username})`, users.id).limit(limit);
}

export async function countFriendsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return row?.n ?? 0;
}

export async function countPendingRequestsTo(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendRequests)
    .where(and(eq(friendRequests.receiverId, userId), eq(friendRequests.status, 'pending')));
  return row?.n ?? 0;
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** Which requests `friendRequestRows` reads. */
export const requestWithId = (requestId: number) => eq(friendRequests.id, requestId);

/** Requests received in a status; with `before` ([sent_at in µs, id]), only those older in (sent_at, id). */
export const requestsReceived = (
  userId: number,
  status: (typeof friendRequests.$inferSelect)['status'],
  before?: readonly [string, number],
) =>
  and(
    eq(friendRequests.receiverId, userId),
    eq(friendRequests.status, status),
    before
      ? sql`("friend_requests"."sent_at", "friend_requests"."id") <
            (${usTimestamp(before[0])}, ${before[1]}::int)`
      : undefined,
  );

/** Requests with their sender and receiver, whether the two are friends, and sent_at in µs; newest first. */
export async function friendRequestRows(db: Db, where: SQL | undefined, limit?: number) {
  const query = db
    .select({
      request: friendRequests,
      sender,
      receiver,
      friends: sql<boolean>`EXISTS (SELECT 1 FROM friendships f
        WHERE f.user_id = "friend_requests"."sender_id" AND f.friend_id = "friend_requests"."receiver_id")`,
      sentUs: sql<string>`(extract(epoch FROM "friend_requests"."sent_at") * 1000000)::bigint::text`,
    })
    .from(friendRequests)
    .innerJoin(sender, eq(sender.id, friendRequests.senderId))
    .innerJoin(receiver, eq(receiver.id, friendRequests.receiverId))
    .where(where)
    .orderBy(desc(friendRequests.sentAt), desc(friendRequests.id));
  return limit === undefined ? query : query.limit(limit);
}

export async function areFriends(tx: Tx, userId: number, friendId: number): Promise<boolean> {
  const [friends] = await tx
    .select({ x: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return friends !== undefined;
}

/** The pending request between the two, either way, if any. */
export async function openRequestBetween(
  tx: Tx,
  userId: number,
  otherId: number,
): Promise<{ senderId: number } | undefined> {
  const [open] = await tx
    .select({ senderId: friendRequests.senderId })
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(
          and(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, otherId)),
          and(eq(friendRequests.senderId, otherId), eq(friendRequests.receiverId, userId)),
        ),
      ),
    );
  return open;
}

export async function insertFriendRequest(tx: Tx, senderId: number, receiverId: number): Promise<number> {
  const [created] = await tx.insert(friendRequests).values({ senderId, receiverId }).returning();
  return created!.id;
}

/** The request, locked (FOR UPDATE) until the transaction ends. */
export async function lockFriendRequest(tx: Tx, requestId: number) {
  const [request] = await tx
    .select()
    .from(friendRequests)
    .where(eq(friendRequests.id, requestId))
    .for('update');
  return request;
}

export async function answerFriendRequest(
  tx: Tx,
  requestId: number,
  status: 'accepted' | 'rejected',
): Promise<void> {
  await tx
    .update(friendRequests)
    .set({ status, respondedAt: sql`now()` })
    .where(eq(friendRequests.id, requestId));
}

/** The friendship both ways (what is there already stays). */
export async function insertFriendship(tx: Tx, a: number, b: number): Promise<void> {
  await tx
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

/** Removes the friendship both ways; how many rows went (0: they were not friends). */
export async function deleteFriendship(db: Db, userId: number, friendId: number): Promise<number> {
  const removed = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
        and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
      ),
    )
    .returning({ userId: friendships.userId });
  return removed.length;
}
