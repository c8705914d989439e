import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CursorQuery, Friend, FriendRequest, User } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { friendRequests, friendships, users } from '../../db/schema.js';
import { decodeCursor, keysetPage, pageLimit, usTimestamp, wantsPage } from '../../lib/cursor.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { deliver, readResolved, storeNotifications } from '../notifications/service.js';
import { toUserDetail, type UserRow } from './service.js';

export type FriendsContext = { db: Db; events: AppEvents };

/** A user as seen by someone else: the email only for yourself and your friends. */
export function publicUser(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'pictureUrl'>,
  emailVisible: boolean,
): User {
  return {
    id: row.id,
    username: row.username,
    email: emailVisible ? row.email : '',
    pictureUrl: row.pictureUrl,
  };
}

/**
 * Friends by username; with `limit`/`cursor` (docs/pagination.md), a keyset page on (lower(username), id) and its
 * `nextCursor`. Without, every friend, exactly as before.
 */
export async function listFriends(
  db: Db,
  userId: number,
  q: CursorQuery = {},
): Promise<{ friends: Friend[]; nextCursor?: string | null }> {
  const paged = wantsPage(q);
  const after = q.cursor ? decodeCursor(q.cursor, ['text', 'int'], 'friends') : undefined;
  const limit = pageLimit(q);
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
  if (!paged) {
    const rows = await query.orderBy(sql`lower(${users.username})`);
    return { friends: rows.map((r) => toUserDetail(r.user)) };
  }
  const rows = await query.orderBy(sql`lower(${users.username})`, users.id).limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.key, r.user.id]);
  return { friends: page.map((r) => toUserDetail(r.user)), nextCursor };
}

export async function countFriends(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return row?.n ?? 0;
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

async function requestsWhere(
  db: Db,
  viewerId: number,
  where: ReturnType<typeof and>,
  limit?: number,
): Promise<(FriendRequest & { sentUs: string })[]> {
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
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ request: r, sender: s, receiver: v, friends, sentUs }) => ({
    sentUs,
    id: r.id,
    senderId: r.senderId,
    receiverId: r.receiverId,
    status: r.status,
    sender: publicUser(s, friends || s.id === viewerId),
    receiver: publicUser(v, friends || v.id === viewerId),
    sentAt: r.sentAt.toISOString(),
    respondedAt: r.respondedAt ? r.respondedAt.toISOString() : null,
  }));
}

const strip = ({ sentUs: _, ...r }: FriendRequest & { sentUs: string }): FriendRequest => r;

/**
 * Requests received, newest first; with `limit`/`cursor` (docs/pagination.md), a keyset page on (sent_at, id)
 * and its `nextCursor`. Without, all of them, exactly as before.
 */
export async function receivedRequests(
  db: Db,
  userId: number,
  status: FriendRequest['status'],
  q: CursorQuery = {},
): Promise<{ requests: FriendRequest[]; nextCursor?: string | null }> {
  const mine = and(eq(friendRequests.receiverId, userId), eq(friendRequests.status, status));
  if (!wantsPage(q)) return { requests: (await requestsWhere(db, userId, mine)).map(strip) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'friend requests') : undefined;
  const limit = pageLimit(q);
  const rows = await requestsWhere(
    db,
    userId,
    and(
      mine,
      before
        ? sql`("friend_requests"."sent_at", "friend_requests"."id") <
            (${usTimestamp(before[0])}, ${before[1]}::int)`
        : undefined,
    ),
    limit + 1,
  );
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.sentUs, r.id]);
  return { requests: page.map(strip), nextCursor };
}

export async function countPendingRequests(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendRequests)
    .where(and(eq(friendRequests.receiverId, userId), eq(friendRequests.status, 'pending')));
  return row?.n ?? 0;
}

export async function sendFriendRequest(
  ctx: FriendsContext,
  me: UserRow,
  friendId: number,
): Promise<FriendRequest> {
  if (friendId === me.id)
    throw conflict('You cannot send a friend request to yourself.', 'FRIEND_REQUEST_TO_SELF');
  const [target] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, friendId), eq(users.isEmailValid, true)));
  if (!target) throw notFound('User not found.', 'USER_NOT_FOUND');
  let requestId: number;
  let pending;
  try {
    ({ requestId, pending } = await ctx.db.transaction(async (tx) => {
      const [friends] = await tx
        .select({ x: friendships.userId })
        .from(friendships)
        .where(and(eq(friendships.userId, me.id), eq(friendships.friendId, friendId)));
      if (friends) throw conflict(`You are already friends with ${target.username}.`, 'ALREADY_FRIENDS');
      const [open] = await tx
        .select({ senderId: friendRequests.senderId })
        .from(friendRequests)
        .where(
          and(
            eq(friendRequests.status, 'pending'),
            or(
              and(eq(friendRequests.senderId, me.id), eq(friendRequests.receiverId, friendId)),
              and(eq(friendRequests.senderId, friendId), eq(friendRequests.receiverId, me.id)),
            ),
          ),
        );
      if (open) {
        throw open.senderId === me.id
          ? conflict(
              `You have already sent ${target.username} a friend request.`,
              'FRIEND_REQUEST_ALREADY_SENT',
            )
          : conflict(
              `${target.username} has already sent you a friend request. Accept it in your requests.`,
              'FRIEND_REQUEST_ALREADY_RECEIVED',
            );
      }
      const [created] = await tx
        .insert(friendRequests)
        .values({ senderId: me.id, receiverId: friendId })
        .returning();
      const pending = await storeNotifications(tx, [
        {
          userId: friendId,
          kind: 'friend_request',
          title: 'Friend request',
          content: `${me.username} sent you a friend request.`,
          url: '/friends/requests',
          friendRequestId: created!.id,
          actorId: me.id,
          params: { username: me.username },
        },
      ]);
      return { requestId: created!.id, pending };
    }));
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        `A friend request between you and ${target.username} is already pending.`,
        'FRIEND_REQUEST_PENDING',
      );
    throw err;
  }
  deliver(ctx.events, pending);
  const [request] = (await requestsWhere(ctx.db, me.id, eq(friendRequests.id, requestId))).map(strip);
  return request!;
}

/** Only the receiver answers; accepting makes the friendship both ways and tells the sender. */
export async function respondToRequest(
  ctx: FriendsContext,
  me: UserRow,
  requestId: number,
  action: 'accept' | 'reject',
): Promise<FriendRequest> {
  const pending = await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(friendRequests)
      .where(eq(friendRequests.id, requestId))
      .for('update');
    if (!request || request.receiverId !== me.id)
      throw notFound('Friend request not found.', 'FRIEND_REQUEST_NOT_FOUND');
    if (request.status !== 'pending')
      throw conflict('This friend request was already answered.', 'FRIEND_REQUEST_ANSWERED');
    await tx
      .update(friendRequests)
      .set({ status: action === 'accept' ? 'accepted' : 'rejected', respondedAt: sql`now()` })
      .where(eq(friendRequests.id, requestId));
    // The notification that announced the request has been acted on: read now, on every device.
    const read = await readResolved(tx, { friendRequestId: requestId, userId: me.id });
    if (action === 'reject') return read;
    await tx
      .insert(friendships)
      .values([
        { userId: request.senderId, friendId: request.receiverId },
        { userId: request.receiverId, friendId: request.senderId },
      ])
      .onConflictDoNothing();
    const accepted = await storeNotifications(tx, [
      {
        userId: request.senderId,
        kind: 'friend_accepted',
        title: 'Friend request accepted',
        content: `${me.username} accepted your friend request.`,
        url: '/friends',
        friendRequestId: requestId,
        actorId: me.id,
        params: { username: me.username },
      },
    ]);
    return [...read, ...accepted];
  });
  deliver(ctx.events, pending);
  const [request] = (await requestsWhere(ctx.db, me.id, eq(friendRequests.id, requestId))).map(strip);
  return request!;
}

export async function removeFriend(db: Db, userId: number, friendId: number): Promise<void> {
  const removed = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
        and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
      ),
    )
    .returning({ userId: friendships.userId });
  if (removed.length === 0) throw notFound('You are not friends with this user.', 'NOT_FRIENDS');
}
