import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarEndpoints as calendar } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { createFeed, FeedCache, feedIcs, feedStatus, revokeFeed, roomIcs } from './service.js';

/** Requests a minute one address may make to feeds: calendar apps poll hourly, a guesser gets nowhere. */
export const FEED_LIMIT_PER_MINUTE = 120;

/**
 * Add to calendar and the personal calendar feed: docs/api/README.md#calendar, decision 007; declared in
 * packages/contract/src/endpoints/calendar.ts (`self` routes refuse another user's id before their handler runs).
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db, publicUrl: app.deps.config.publicUrl, feeds: new FeedCache() };

  route(app, calendar.roomIcs, async (req, reply) => {
    const { body, disposition } = await roomIcs(ctx, req.user.id, req.params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', disposition)
      .header('cache-control', 'private, no-cache')
      .send(body as never); // text, not the JSON envelope
  });

  route(app, calendar.createFeed, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await createFeed(ctx, req.user.id), 'Calendar link created');
  });

  route(app, calendar.feedStatus, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await feedStatus(ctx, req.user.id));
  });

  route(app, calendar.revokeFeed, async (req) => {
    await revokeFeed(ctx, req.user.id);
    return ok(null, 'Calendar link revoked');
  });

  route(
    app,
    calendar.feed,
    async (req, reply) => {
      const body = await feedIcs(ctx, req.params.secret);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body as never);
    },
    { preHandler: app.limiter('calendar-feed-ip', FEED_LIMIT_PER_MINUTE, byIp) },
  );
};
