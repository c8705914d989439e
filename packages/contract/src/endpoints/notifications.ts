import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { countData, notificationParams, reminderBody } from '../friends.js';
import { notificationsQuery, readAllBody, readAllData } from '../notifications.js';
import { nextCursorField } from '../pages.js';
import { notificationSchema } from '../shapes.js';

const tag = 'notifications';

/** The caller's notifications, their unread count and read state, and payment reminders (docs/notifications.md). */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    query: notificationsQuery,
    data: z.array(notificationSchema),
    extra: nextCursorField,
    errors: [400, 401],
    access: 'signedIn',
    guests: 'room',
    summary: 'The caller’s notifications, newest first (keyset pages with `limit` and `cursor`)',
    tag,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    data: countData,
    errors: [401],
    access: 'signedIn',
    guests: 'room',
    summary: 'How many of the caller’s notifications are unread',
    tag,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    // The body may be left out: everything.
    body: readAllBody.nullish(),
    data: readAllData,
    errors: [400, 401],
    access: 'signedIn',
    guests: 'room',
    summary:
      'Mark all as read; with `roomId`, the room’s notifications that only inform (what opening the room reads)',
    tag,
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/users/{id}/notifications/{notificationId}',
    params: notificationParams,
    data: notificationSchema,
    errors: [401, 403, 404],
    access: 'self',
    guests: 'room',
    summary: 'Mark a notification read (idempotent)',
    tag,
  }),
  remind: endpoint({
    method: 'POST',
    path: '/notifications',
    body: reminderBody,
    data: notificationSchema,
    errors: [400, 401, 403, 429],
    access: 'payee',
    guests: 'room',
    summary: 'Send a payment reminder (payee of an unpaid transaction only, once an hour)',
    tag,
  }),
};
