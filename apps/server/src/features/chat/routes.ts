import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema as e,
  messageResponse,
  messagesPageResponse,
  messagesQuery,
  roomIdParams,
  sendMessageBody,
} from '@outing/contract';
import { listMessages, sendMessage } from './service.js';

/** Room chat: api-contract §8. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = {
    db: app.deps.db,
    events: app.deps.events,
    publicUrl: app.deps.config.publicUrl,
    defaultCurrency: app.deps.config.defaultCurrency,
    hub: app.hub,
  };
  const doc = (summary: string) => ({ tags: ['chat'], security: [{ bearer: [] }], summary });

  app.post(
    '/rooms/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('Send a message to the room (members)'),
        params: roomIdParams,
        body: sendMessageBody,
        response: { 200: messageResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Sent',
      data: await sendMessage(ctx, req.user, req.params.id, req.body.content),
    }),
  );

  app.get(
    '/rooms/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('A page of the room’s messages (newest first unless asc=true)'),
        params: roomIdParams,
        querystring: messagesQuery,
        response: { 200: messagesPageResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await listMessages(ctx, req.user, req.params.id, req.query),
    }),
  );
};
