import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { venueSearchQuery } from '../rooms.js';
import { venueSchema } from '../shapes.js';

/** Venue search through the configured provider (docs/api/README.md#venues). */
export const venueEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/rooms/venues/search',
    query: venueSearchQuery,
    data: z.array(venueSchema),
    errors: [400, 401, 502],
    access: 'signedIn',
    summary: 'Up to 5 venues for the text',
    tag: 'venues',
  }),
};
