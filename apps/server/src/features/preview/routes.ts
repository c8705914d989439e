import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema as e, roomIdParams, roomPreviewResponse } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { getPreview } from './service.js';

/** Previews a signed-out visitor may ask for per minute from one address (a public route). */
export const PREVIEWS_PER_MINUTE = 60;

/** The signed-out preview of a room (issue #20 item 9). */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.get(
    '/rooms/:id/preview',
    {
      onRequest: app.limiter('preview', PREVIEWS_PER_MINUTE, byIp),
      schema: {
        tags: ['rooms'],
        summary:
          'What anyone holding the room’s link sees before joining, signed in or not: name, picture, date, venue, ' +
          'host, going count; no member’s name. A private room too: its link is what lets one join.',
        params: roomIdParams,
        response: { 200: roomPreviewResponse, 404: e, 429: e },
      },
    },
    async (req) => ok(await getPreview(db, config.publicUrl, req.params.id)),
  );
};
