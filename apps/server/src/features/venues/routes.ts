import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { venueEndpoints as venues } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { createVenueProvider } from './providers.js';

/** Venue search through the configured provider (docs/api/README.md#venues). */
export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createVenueProvider(app.deps.config, app.deps.db);
  route(app, venues.search, async (req) => ok(await provider.search(req.query.query, req.user.id)));
};
