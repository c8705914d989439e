import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints as system } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { unavailable } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { version } from '../../version.js';
import { databaseIsUp, publicConfig } from './service.js';

/** Health (readiness) and the public configuration clients read at run time (packages/contract/src/endpoints). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, system.health, async () => {
    if (!(await databaseIsUp(app.deps.pool)))
      throw unavailable('The database is not reachable.', 'DATABASE_UNAVAILABLE');
    return ok({ ok: true, database: 'up' as const, version, uptimeSeconds: Math.round(process.uptime()) });
  });

  route(app, system.config, async () =>
    ok(await publicConfig(app.deps.config, app.deps.auth.google, app.deps.vapid?.publicKey)),
  );
};
