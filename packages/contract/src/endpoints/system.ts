import { endpoint } from '../endpoint.js';
import { healthSchema, publicConfigSchema } from '../system.js';

const tag = 'system';

/** Readiness and the public configuration a client reads at run time (docs/api/README.md#transport). */
export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    data: healthSchema,
    errors: [503],
    access: 'public',
    summary: 'Readiness: 200 when the server can reach its database, else 503',
    tag,
  }),
  config: endpoint({
    method: 'GET',
    path: '/config',
    data: publicConfigSchema,
    errors: [],
    access: 'public',
    summary: 'Public configuration: push key, sign-in options, venue provider',
    tag,
  }),
};
