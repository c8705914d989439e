import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyResponse,
  errorEnvelopeSchema as e,
  subscribeBody,
  subscriptionEndpointParams,
  subscriptionIdParams,
  subscriptionResponse,
} from '@outing/contract';
import { findByEndpoint, subscribe, unsubscribe } from './service.js';

/** Push subscriptions (docs/api/README.md#push). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string) => ({ tags: ['push'], security: [{ bearer: [] }], summary });

  app.post(
    '/subscriptions',
    {
      ...base,
      schema: {
        ...doc('Store this browser’s push subscription for the caller (upsert by endpoint)'),
        body: subscribeBody,
        response: { 200: subscriptionResponse, 400: e, 401: e, 403: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Subscribed',
      data: await subscribe(db, req.user.id, req.body, config.vapid.allowPrivateEndpoints),
    }),
  );

  app.get(
    '/subscriptions/endpoint/:endpoint',
    {
      ...base,
      schema: {
        ...doc('The caller’s subscription with this (URL-encoded) endpoint'),
        params: subscriptionEndpointParams,
        response: { 200: subscriptionResponse, 401: e, 404: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await findByEndpoint(db, req.user.id, req.params.endpoint),
    }),
  );

  app.delete(
    '/subscriptions/:id',
    {
      ...base,
      schema: {
        ...doc('Delete one of the caller’s subscriptions'),
        params: subscriptionIdParams,
        response: { 200: emptyResponse, 401: e, 404: e },
      },
    },
    async (req) => (
      await unsubscribe(db, req.user.id, req.params.id),
      { status: 'success' as const, message: 'Unsubscribed', data: null }
    ),
  );
};
