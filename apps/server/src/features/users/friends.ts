import type { SQL } from 'drizzle-orm';
import type { CursorQuery, Friend, FriendRequest, User } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { deliver, readResolved, storeNotifications } from '../notifications/service.js';
import {
  answerFriendRequest,
  areFriends,
  countFriendsOf,
  countPendingRequestsTo,
  deleteFriendship,
  friendRequestRows,
  friendRows,
  insertFriendRequest,
  insertFriendship,
  lockFriendRequest,
  openRequestBetween,
  requestsReceived,
  requestWithId,
} from './queries-friends.js';
import { findVerifiedUser } from './queries.js';
import { toUserDetail, type UserRow } from './service.js';

export type FriendsContext = { db: Db; events: AppEvents };

/** A user as seen by someone else: the email only for yourself and your friends. */
export function publicUser(
  row: Pick<UserRow, 'id' | 'username' | 'displayName' | 'email' | 'pictureUrl'>,
  emailVisible: boolean,
): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
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
  if (!paged) {
    const rows = await friendRows(db, userId, after, undefined);
    return { friends: rows.map((r) => toUserDetail(r.user)) };
  }
  const rows = await friendRows(db, userId, after, limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.key, r.user.id]);
  return { friends: page.map((r) => toUserDetail(r.user)), nextCursor };
}

export async function countFriends(db: Db, userId: number): Promise<number> {
  return countFriendsOf(db, userId);
}

async function requestsWhere(
  db: Db,
  viewerId: number,
  where: SQL,
  limit?: number,
): Promise<(FriendRequest & { sentUs: string })[]> {
  const rows = await friendRequestRows(db, where, limit);
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
  if (!wantsPage(q))
    return { requests: (await requestsWhere(db, userId, requestsReceived(userId, status))).map(strip) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'friend requests') : undefined;
  const limit = pageLimit(q);
  const rows = await requestsWhere(db, userId, requestsReceived(userId, status, before), limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.sentUs, r.id]);
  return { requests: page.map(strip), nextCursor };
}

export async function countPendingRequests(db: Db, userId: number): Promise<number> {
  return countPendingRequestsTo(db, userId);
}

export async function sendFriendRequest(
  ctx: FriendsContext,
  me: UserRow,
  friendId: number,
): Promise<FriendRequest> {
  if (friendId === me.id)
    throw conflict('You cannot send a friend request to yourself.', 'FRIEND_REQUEST_TO_SELF');
  const target = await findVerifiedUser(ctx.db, friendId);
  if (!target) throw notFound('User not found.', 'USER_NOT_FOUND');
  let requestId: number;
  let pending;
  try {
    ({ requestId, pending } = await ctx.db.transaction(async (tx) => {
      if (await areFriends(tx, me.id, friendId))
        throw conflict(`You are already friends with ${target.username}.`, 'ALREADY_FRIENDS');
      const open = await openRequestBetween(tx, me.id, friendId);
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
      const createdId = await insertFriendRequest(tx, me.id, friendId);
      const pending = await storeNotifications(tx, [
        {
          userId: friendId,
          kind: 'friend_request',
          title: 'Friend request',
          content: `${me.username} sent you a friend request.`,
          url: '/friends/requests',
          friendRequestId: createdId,
          actorId: me.id,
          params: { username: me.username },
        },
      ]);
      return { requestId: createdId, pending };
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
  const [request] = (await requestsWhere(ctx.db, me.id, requestWithId(requestId))).map(strip);
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
    const request = await lockFriendRequest(tx, requestId);
    if (!request || request.receiverId !== me.id)
      throw notFound('Friend request not found.', 'FRIEND_REQUEST_NOT_FOUND');
    if (request.status !== 'pending')
      throw conflict('This friend request was already answered.', 'FRIEND_REQUEST_ANSWERED');
    await answerFriendRequest(tx, requestId, action === 'accept' ? 'accepted' : 'rejected');
    // The notification that announced the request has been acted on: read now, on every device.
    const read = await readResolved(tx, { friendRequestId: requestId, userId: me.id });
    if (action === 'reject') return read;
    await insertFriendship(tx, request.senderId, request.receiverId);
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
  const [request] = (await requestsWhere(ctx.db, me.id, requestWithId(requestId))).map(strip);
  return request!;
}

export async function removeFriend(db: Db, userId: number, friendId: number): Promise<void> {
  if ((await deleteFriendship(db, userId, friendId)) === 0)
    throw notFound('You are not friends with this user.', 'NOT_FRIENDS');
}
