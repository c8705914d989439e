import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { friendEndpoints as friends } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { unauthenticated } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import {
  countFriends,
  countPendingRequests,
  listFriends,
  receivedRequests,
  removeFriend,
  respondToRequest,
  sendFriendRequest,
} from './friends.js';
import { friendDetail } from './friend-detail.js';
import { searchUsers } from './search.js';
import { findUserById } from './service.js';

/**
 * Friends and friend requests: docs/api/README.md#users-and-friends, declared in
 * packages/contract/src/endpoints/friends.ts. Every route is about the caller's own `{id}` (`self`: another user's
 * id is refused before the handler runs).
 */
export const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const ctx = { db, events: app.deps.events };
  const me = async (req: FastifyRequest) =>
    (await findUserById(db, req.user.id)) ??
    Promise.reject(unauthenticated('Please sign in again.', 'SESSION_INVALID'));

  route(app, friends.list, async (req) => {
    const { friends: rows, nextCursor } = await listFriends(db, req.user.id, req.query);
    return nextCursor === undefined ? ok(rows) : { ...ok(rows), nextCursor };
  });

  route(app, friends.count, async (req) => ok({ numFriends: await countFriends(db, req.user.id) }));

  route(app, friends.search, async (req) => ok(await searchUsers(db, req.user.id, req.query.query)));

  route(app, friends.sendRequest, async (req) =>
    ok(await sendFriendRequest(ctx, await me(req), req.body.friendId), 'Friend request sent'),
  );

  route(app, friends.requests, async (req) => {
    const { requests, nextCursor } = await receivedRequests(db, req.user.id, req.query.status, req.query);
    return nextCursor === undefined ? ok(requests) : { ...ok(requests), nextCursor };
  });

  route(app, friends.requestsCount, async (req) =>
    ok({ count: await countPendingRequests(db, req.user.id) }),
  );

  route(app, friends.respond, async (req) => {
    const request = await respondToRequest(ctx, await me(req), req.body.requestId, req.body.action);
    return ok(request, req.body.action === 'accept' ? 'Friend request accepted' : 'Friend request rejected');
  });

  route(app, friends.detail, async (req) => ok(await friendDetail(db, req.user.id, req.params.friendId)));

  route(app, friends.remove, async (req) => {
    await removeFriend(db, req.user.id, req.params.friendId);
    return ok(null, 'Friend removed');
  });
};
