import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countResponse,
  errorEnvelopeSchema as e,
  notificationParams,
  notificationResponse,
  notificationsQuery,
  notificationsResponse,
  readAllBody,
  readAllResponse,
  reminderBody,
} from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { remind } from '../bills/service.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.deps;
  const auth = { onRequest: [app.authenticate] };
  const security = [{ bearer: [] }];

  // Badges stay live: every device of the user hears when some of their notifications became read, with the count.
  events.onNotificationsRead(async ({ userId, ids, all }) =>
    app.hub.toUsers([userId], {
      type: 'NOTIFICATIONS_READ',
      data: { ids: ids.slice(0, 100), all, unread: await unreadCount(db, userId) },
    }),
  );

  app.get(
    '/notifications',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first (keyset pages with `limit` and `cursor`)',
        security,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, 400: e, 401: e },
      },
    },
    async (req) => {
      const { notifications, nextCursor } = await listNotifications(db, req.user.id, req.query);
      return {
        status: 'success' as const,
        message: 'OK',
        data: notifications,
        ...(nextCursor !== undefined ? { nextCursor } : {}),
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'How many of the caller’s notifications are unread',
        security,
        response: { 200: countResponse, 401: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: { count: await unreadCount(db, req.user.id) },
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary:
          'Mark all as read; with `roomId`, the room’s notifications that only inform (what opening the room reads)',
        security,
        // The body may be left out: everything.
        body: readAllBody.nullish(),
        response: { 200: readAllResponse, 400: e, 401: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Marked as read',
      data: await markAllRead(db, events, req.user.id, req.body?.roomId),
    }),
  );

  app.patch(
    '/users/:id/notifications/:notificationId',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read (idempotent)',
        security,
        params: notificationParams,
        response: { 200: notificationResponse, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      return {
        status: 'success' as const,
        message: 'Marked as read',
        data: await markRead(db, events, req.user.id, req.params.notificationId),
      };
    },
  );

  app.post(
    '/notifications',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Send a payment reminder (payee of an unpaid transaction only, once an hour)',
        security,
        body: reminderBody,
        response: { 200: notificationResponse, 400: e, 401: e, 403: e, 429: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Reminder created successfully!',
      data: await remind(
        { db, events, hub: app.hub },
        req.user,
        req.body.userId,
        req.body.title,
        req.body.content,
      ),
    }),
  );
};
