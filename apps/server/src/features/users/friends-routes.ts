import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countResponse,
  errorEnvelopeSchema as e,
  friendParams,
  friendRequestResponse,
  friendRequestsQuery,
  friendsQuery,
  friendRequestsResponse,
  friendSearchQuery,
  friendSearchResponse,
  friendsCountResponse,
  friendsResponse,
  removeFriendResponse,
  respondFriendRequestBody,
  sendFriendRequestBody,
  userIdParams,
} from '@outing/contract';
import type { FastifyRequest } from 'fastify';
import { requireSelf } from '../../lib/auth.js';
import { unauthenticated } from '../../lib/errors.js';
import {
  countFriends,
  countPendingRequests,
  listFriends,
  receivedRequests,
  removeFriend,
  respondToRequest,
  sendFriendRequest,
} from './friends.js';
import { searchUsers } from './search.js';
import { findUserById } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });
const denied = { 401: e, 403: e };

/** Friends and friend requests: docs/api/README.md#users-and-friends. Every route is about the caller's own `{id}`. */
export const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const ctx = { db, events: app.deps.events };
  const base = { onRequest: [app.authenticate], schema: { tags: ['friends'], security: [{ bearer: [] }] } };
  const self = (req: FastifyRequest & { params: { id: number } }) => requireSelf(req, req.params.id);
  const me = async (req: FastifyRequest) =>
    (await findUserById(db, req.user.id)) ??
    Promise.reject(unauthenticated('Please sign in again.', 'SESSION_INVALID'));

  app.get(
    '/users/:id/friends',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Your friends, by username',
        params: userIdParams,
        querystring: friendsQuery,
        response: { 200: friendsResponse, 400: e, ...denied },
      },
    },
    async (req) => {
      self(req);
      const { friends, nextCursor } = await listFriends(db, req.user.id, req.query);
      return nextCursor === undefined ? ok(friends) : { ...ok(friends), nextCursor };
    },
  );

  app.get(
    '/users/:id/friends/count',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'How many friends you have',
        params: userIdParams,
        response: { 200: friendsCountResponse, ...denied },
      },
    },
    async (req) => (self(req), ok({ numFriends: await countFriends(db, req.user.id) })),
  );

  app.get(
    '/users/:id/friends/search',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Find people to befriend by username (not yourself, not friends; at most 10)',
        params: userIdParams,
        querystring: friendSearchQuery,
        response: { 200: friendSearchResponse, 400: e, ...denied },
      },
    },
    async (req) => (self(req), ok(await searchUsers(db, req.user.id, req.query.query))),
  );

  app.post(
    '/users/:id/friends/requests',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Send a friend request; the receiver is notified',
        params: userIdParams,
        body: sendFriendRequestBody,
        response: { 200: friendRequestResponse, 400: e, ...denied, 404: e, 409: e },
      },
    },
    async (req) => (
      self(req),
      ok(await sendFriendRequest(ctx, await me(req), req.body.friendId), 'Friend request sent')
    ),
  );

  app.get(
    '/users/:id/friends/requests',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Friend requests you received (default: pending), newest first',
        params: userIdParams,
        querystring: friendRequestsQuery,
        response: { 200: friendRequestsResponse, 400: e, ...denied },
      },
    },
    async (req) => {
      self(req);
      const { requests, nextCursor } = await receivedRequests(db, req.user.id, req.query.status, req.query);
      return nextCursor === undefined ? ok(requests) : { ...ok(requests), nextCursor };
    },
  );

  app.get(
    '/users/:id/friends/requests/count',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Pending friend requests you received',
        params: userIdParams,
        response: { 200: countResponse, ...denied },
      },
    },
    async (req) => (self(req), ok({ count: await countPendingRequests(db, req.user.id) })),
  );

  app.patch(
    '/users/:id/friends/requests',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Accept or reject a friend request you received',
        params: userIdParams,
        body: respondFriendRequestBody,
        response: { 200: friendRequestResponse, 400: e, ...denied, 404: e, 409: e },
      },
    },
    async (req) => {
      self(req);
      const request = await respondToRequest(ctx, await me(req), req.body.requestId, req.body.action);
      return ok(
        request,
        req.body.action === 'accept' ? 'Friend request accepted' : 'Friend request rejected',
      );
    },
  );

  app.delete(
    '/users/:id/friends/:friendId',
    {
      ...base,
      schema: {
        ...base.schema,
        summary: 'Remove a friend (both ways)',
        params: friendParams,
        response: { 200: removeFriendResponse, ...denied, 404: e },
      },
    },
    async (req) => (
      self(req),
      await removeFriend(db, req.user.id, req.params.friendId),
      ok(null, 'Friend removed')
    ),
  );
};
