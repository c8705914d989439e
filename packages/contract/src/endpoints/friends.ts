import { z } from 'zod';
import { userIdParams } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { friendDetailData } from '../friend-detail.js';
import {
  countData,
  friendParams,
  friendRequestsQuery,
  friendSearchQuery,
  friendsCountData,
  friendsQuery,
  respondFriendRequestBody,
  sendFriendRequestBody,
} from '../friends.js';
import { nextCursorField } from '../pages.js';
import { friendRequestSchema, friendSchema, userSearchResultSchema } from '../shapes.js';

const tag = 'friends';

/** Friends and friend requests, each about the caller's own `{id}` (docs/api/README.md#users-and-friends). */
export const friendEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/users/{id}/friends',
    params: userIdParams,
    query: friendsQuery,
    data: z.array(friendSchema),
    extra: nextCursorField,
    errors: [400, 401, 403],
    access: 'self',
    summary: 'Your friends, by username',
    tag,
  }),
  count: endpoint({
    method: 'GET',
    path: '/users/{id}/friends/count',
    params: userIdParams,
    data: friendsCountData,
    errors: [401, 403],
    access: 'self',
    summary: 'How many friends you have',
    tag,
  }),
  search: endpoint({
    method: 'GET',
    path: '/users/{id}/friends/search',
    params: userIdParams,
    query: friendSearchQuery,
    data: z.array(userSearchResultSchema),
    errors: [400, 401, 403],
    access: 'self',
    summary: 'Find people to befriend by username (not yourself, not friends; at most 10)',
    tag,
  }),
  sendRequest: endpoint({
    method: 'POST',
    path: '/users/{id}/friends/requests',
    params: userIdParams,
    body: sendFriendRequestBody,
    data: friendRequestSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'self',
    summary: 'Send a friend request; the receiver is notified',
    tag,
  }),
  requests: endpoint({
    method: 'GET',
    path: '/users/{id}/friends/requests',
    params: userIdParams,
    query: friendRequestsQuery,
    data: z.array(friendRequestSchema),
    extra: nextCursorField,
    errors: [400, 401, 403],
    access: 'self',
    summary: 'Friend requests you received (default: pending), newest first',
    tag,
  }),
  requestsCount: endpoint({
    method: 'GET',
    path: '/users/{id}/friends/requests/count',
    params: userIdParams,
    data: countData,
    errors: [401, 403],
    access: 'self',
    summary: 'Pending friend requests you received',
    tag,
  }),
  respond: endpoint({
    method: 'PATCH',
    path: '/users/{id}/friends/requests',
    params: userIdParams,
    body: respondFriendRequestBody,
    data: friendRequestSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'self',
    summary: 'Accept or reject a friend request you received',
    tag,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/users/{id}/friends/{friendId}',
    params: friendParams,
    data: friendDetailData,
    errors: [400, 401, 403, 404],
    access: 'self',
    summary: 'One friend: who they are, since when, and the rooms you share (at most 50)',
    tag,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/{id}/friends/{friendId}',
    params: friendParams,
    data: z.null(),
    errors: [401, 403, 404],
    access: 'self',
    summary: 'Remove a friend (both ways)',
    tag,
  }),
};
