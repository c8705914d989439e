import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushEndpoints as push } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { findByEndpoint, subscribe, unsubscribe } from './service.js';

/** Push subscriptions (docs/api/README.md#push), declared in packages/contract/src/endpoints/push.ts. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  route(app, push.subscribe, async (req) =>
    ok(await subscribe(db, req.user.id, req.body, config.vapid.allowPrivateEndpoints), 'Subscribed'),
  );

  route(app, push.byEndpoint, async (req) => ok(await findByEndpoint(db, req.user.id, req.params.endpoint)));

  route(app, push.remove, async (req) => {
    await unsubscribe(db, req.user.id, req.params.id);
    return ok(null, 'Unsubscribed');
  });
};
