import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomEndpoints } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { getPreview } from './service.js';

/** Previews a signed-out visitor may ask for per minute from one address (a public route). */
export const PREVIEWS_PER_MINUTE = 60;

/** The signed-out preview of a room (issue #20 item 9); declared in packages/contract/src/endpoints/rooms.ts. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  route(
    app,
    roomEndpoints.preview,
    async (req) => ok(await getPreview(db, config.publicUrl, req.params.id)),
    {
      onRequest: app.limiter('preview', PREVIEWS_PER_MINUTE, byIp),
    },
  );
};
