import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema as e,
  notificationParams,
  notificationResponse,
  notificationsResponse,
  pageQuery,
  reminderBody,
} from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { remind } from '../bills/service.js';
import { listNotifications, markRead } from './service.js';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate] };
  const security = [{ bearer: [] }];

  app.get(
    '/notifications',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first',
        security,
        querystring: pageQuery,
        response: { 200: notificationsResponse, 400: e, 401: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await listNotifications(app.deps.db, req.user.id, req.query.page, req.query.pageSize),
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
        data: await markRead(app.deps.db, req.user.id, req.params.notificationId),
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
        { db: app.deps.db, events: app.deps.events, hub: app.hub },
        req.user,
        req.body.userId,
        req.body.title,
        req.body.content,
      ),
    }),
  );
};
