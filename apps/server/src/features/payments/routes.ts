import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema as e,
  paymentMethodsBody,
  paymentMethodsResponse,
  paymentOptionsResponse,
  transactionIdParams,
  userIdParams,
} from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { getPaymentMethods, setPaymentMethods, transactionPaymentOptions } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Payment handles and "pay from the app": docs/api/README.md#payments. Every answer holds personal data: never cached. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db };
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string, tags = ['users']) => ({ tags, security: [{ bearer: [] }], summary });
  const errors = { 400: e, 401: e, 403: e, 404: e };

  app.get(
    '/users/:id/payment-methods',
    {
      ...base,
      schema: {
        ...doc('Your payment handles, in your order (self only)'),
        params: userIdParams,
        response: { 200: paymentMethodsResponse, ...errors },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await getPaymentMethods(ctx, req.user.id));
    },
  );

  app.put(
    '/users/:id/payment-methods',
    {
      ...base,
      schema: {
        ...doc(
          'Replace your payment handles (self only): PayNow, IBAN, UPI, PayPal.me, Revolut or an https link, at most 10',
        ),
        params: userIdParams,
        body: paymentMethodsBody,
        response: { 200: paymentMethodsResponse, ...errors },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await setPaymentMethods(ctx, req.user.id, req.body), 'Payment methods saved');
    },
  );

  app.get(
    '/transactions/:id/payment-options',
    {
      ...base,
      schema: {
        ...doc('How to pay an unpaid transaction: the payee’s handles as QR payloads and links (the payer)', [
          'transactions',
        ]),
        params: transactionIdParams,
        response: { 200: paymentOptionsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await transactionPaymentOptions(ctx, req.user.id, req.params.id));
    },
  );
};
