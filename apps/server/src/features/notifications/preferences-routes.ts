import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, preferencesBody, preferencesResponse, userIdParams } from '@outing/contract';
import { requireSelf } from '../../lib/auth.js';
import { getPreferences, setPreferences } from './preferences.js';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** A user's own preferences: reminders before outings, and notifications and pushes per group (issue #21). */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Your preferences: reminders before outings, and notifications and pushes per group',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: preferencesResponse, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      const data = await getPreferences(app.deps.db, req.user.id);
      return { status: 'success' as const, message: 'Preferences', data };
    },
  );

  app.patch(
    '/users/:id/preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Change your preferences; fields left out keep their value',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: preferencesBody,
        response: { 200: preferencesResponse, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      const data = await setPreferences(app.deps.db, req.user.id, req.body);
      return { status: 'success' as const, message: 'Preferences saved', data };
    },
  );
};
