import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema as e, venueSearchQuery, venuesResponse } from '@outing/contract';
import { createVenueProvider } from './providers.js';

/** Venue search through the configured provider (docs/api/README.md#venues). */
export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createVenueProvider(app.deps.config, app.deps.db);
  app.get(
    '/rooms/venues/search',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['venues'],
        security: [{ bearer: [] }],
        summary: 'Up to 5 venues for the text',
        querystring: venueSearchQuery,
        response: { 200: venuesResponse, 400: e, 401: e, 502: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await provider.search(req.query.query, req.user.id),
    }),
  );
};
