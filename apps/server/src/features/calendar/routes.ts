import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedResponse,
  calendarFeedStatusResponse,
  emptyResponse,
  errorEnvelopeSchema as e,
  roomIdParams,
  userIdParams,
} from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { byIp } from '../../lib/rate-limit.js';
import { createFeed, FeedCache, feedIcs, feedStatus, revokeFeed, roomIcs } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Requests a minute one address may make to feeds: calendar apps poll hourly, a guesser gets nowhere. */
export const FEED_LIMIT_PER_MINUTE = 120;

/** Add to calendar and the personal calendar feed: docs/api/README.md#calendar, decision 007. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db, publicUrl: app.deps.config.publicUrl, feeds: new FeedCache() };
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string, tags = ['calendar']) => ({ tags, security: [{ bearer: [] }], summary });

  app.get(
    '/rooms/:id/calendar.ics',
    {
      ...base,
      schema: {
        ...doc('The room as an iCalendar file (RFC 5545) with one event, to add to a calendar (members)', [
          'rooms',
          'calendar',
        ]),
        params: roomIdParams,
        produces: ['text/calendar'],
        response: { 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) => {
      const { body, disposition } = await roomIcs(ctx, req.user.id, req.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', disposition)
        .header('cache-control', 'private, no-cache')
        .send(body as never); // text, not the JSON envelope
    },
  );

  app.post(
    '/users/:id/calendar-feed',
    {
      ...base,
      schema: {
        ...doc(
          'A new secret link to subscribe to your outings from a calendar app; the earlier link stops working (self only). The link is shown only here.',
          ['users', 'calendar'],
        ),
        params: userIdParams,
        response: { 200: calendarFeedResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await createFeed(ctx, req.user.id), 'Calendar link created');
    },
  );

  app.get(
    '/users/:id/calendar-feed',
    {
      ...base,
      schema: {
        ...doc('Whether you have an active calendar link, and since when (self only)', ['users', 'calendar']),
        params: userIdParams,
        response: { 200: calendarFeedStatusResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await feedStatus(ctx, req.user.id));
    },
  );

  app.delete(
    '/users/:id/calendar-feed',
    {
      ...base,
      schema: {
        ...doc('Revoke your calendar link: subscribed calendar apps stop getting updates (self only)', [
          'users',
          'calendar',
        ]),
        params: userIdParams,
        response: { 200: emptyResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      await revokeFeed(ctx, req.user.id);
      return ok(null, 'Calendar link revoked');
    },
  );

  app.get(
    '/calendar/:secret.ics',
    {
      preHandler: app.limiter('calendar-feed-ip', FEED_LIMIT_PER_MINUTE, byIp),
      schema: {
        tags: ['calendar'],
        summary:
          'Your outings as a calendar feed, for a calendar app to subscribe to: no token, the secret link is the key. Open rooms, and rooms closed in the last 30 days as cancelled.',
        params: z.object({ secret: z.string() }),
        produces: ['text/calendar'],
        response: { 404: e, 429: e },
      },
    },
    async (req, reply) => {
      const body = await feedIcs(ctx, req.params.secret);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body as never);
    },
  );
};
