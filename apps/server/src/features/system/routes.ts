import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, healthResponse, publicConfigResponse } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { unavailable } from '../../lib/errors.js';
import { version } from '../../version.js';
import { databaseIsUp, publicConfig } from './service.js';

/** Health (readiness) and the public configuration clients read at run time. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 200 when the server can reach its database, else 503',
        response: { 200: healthResponse, 503: errorEnvelopeSchema },
      },
    },
    async () => {
      if (!(await databaseIsUp(app.deps.pool)))
        throw unavailable('The database is not reachable.', 'DATABASE_UNAVAILABLE');
      return ok({ ok: true, database: 'up' as const, version, uptimeSeconds: Math.round(process.uptime()) });
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public configuration: push key, sign-in options, venue provider',
        response: { 200: publicConfigResponse },
      },
    },
    async () => ok(await publicConfig(app.deps.config, app.deps.auth.google, app.deps.vapid?.publicKey)),
  );
};
