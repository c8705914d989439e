import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { cursorFields, cursorQuery, nextCursorField } from './pages.js';
import { idParam, userIdInput } from './primitives.js';
import {
  friendRequestSchema,
  friendRequestStatus,
  friendSchema,
  notificationSchema,
  userSearchResultSchema,
} from './shapes.js';
import { multiLineText, oneLineText } from './text.js';

const positiveId = idParam;

export const friendParams = z.object({ id: positiveId, friendId: positiveId });
export const notificationParams = z.object({ id: positiveId, notificationId: positiveId });

/** `GET /users/{id}/friends`: all of them by username; with `limit`/`cursor`, keyset pages (docs/pagination.md). */
export const friendsQuery = cursorQuery;
export const friendsResponse = successEnvelope(z.array(friendSchema)).extend(nextCursorField);
export const friendsCountData = z.object({ numFriends: z.number().int().nonnegative() });
export const friendsCountResponse = successEnvelope(friendsCountData);
export const countData = z.object({ count: z.number().int().nonnegative() });
export const countResponse = successEnvelope(countData);

export const friendSearchQuery = z.object({ query: z.string().max(100).default('') });
export const friendSearchResponse = successEnvelope(z.array(userSearchResultSchema));

export const sendFriendRequestBody = z.object({ friendId: userIdInput });
export const friendRequestResponse = successEnvelope(friendRequestSchema);

export const friendRequestsQuery = z
  .object({ status: friendRequestStatus.default('pending') })
  .extend(cursorFields);
export const friendRequestsResponse = successEnvelope(z.array(friendRequestSchema)).extend(nextCursorField);

export const friendRequestActions = ['accept', 'reject'] as const;
export const respondFriendRequestBody = z.object({
  requestId: userIdInput,
  action: z.enum(friendRequestActions, { error: 'action must be accept or reject' }),
});

export const removeFriendResponse = successEnvelope(z.null());

export const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
  })
  .extend(cursorFields);
/** `GET /notifications`; `nextCursor` only with `limit` (issue #21: null on the last page). */
export const notificationsResponse = successEnvelope(z.array(notificationSchema)).extend({
  nextCursor: z.string().nullable().optional(),
});
export const notificationResponse = successEnvelope(notificationSchema);

export const reminderBody = z.object({
  userId: userIdInput,
  title: oneLineText('Title').min(1, 'title is required').max(60, 'title must be at most 60 characters'),
  content: multiLineText('Content')
    .min(1, 'content is required')
    .max(280, 'content must be at most 280 characters'),
});
