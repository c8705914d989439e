import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, updateUserBody, updateUserResponse, userIdParams } from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { changeUsername } from './service.js';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/users/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Change the username; the answer carries a token with the new name',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: updateUserBody,
        response: { 200: updateUserResponse, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      const row = await changeUsername(app.deps.db, req.user.id, req.body.value);
      app.deps.events.emitUserChanged(row.id);
      const token = await app.tokens.sign(row);
      return {
        status: 'success' as const,
        message: 'Username updated',
        data: { field: 'username' as const, value: row.username },
        token,
      };
    },
  );
};
