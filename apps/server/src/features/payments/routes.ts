import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentEndpoints as payments } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { getPaymentMethods, setPaymentMethods, transactionPaymentOptions } from './service.js';

/**
 * Payment handles and "pay from the app": docs/api/README.md#payments, declared in
 * packages/contract/src/endpoints/payments.ts. Every answer holds personal data: never cached.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db };

  // `self`: another user's id is refused before this runs (lib/route.ts).
  route(app, payments.methods, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await getPaymentMethods(ctx, req.user.id));
  });

  route(app, payments.saveMethods, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await setPaymentMethods(ctx, req.user.id, req.body), 'Payment methods saved');
  });

  route(app, payments.options, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await transactionPaymentOptions(ctx, req.user.id, req.params.id));
  });
};
