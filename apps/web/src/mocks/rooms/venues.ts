import { venueEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { mockRoute } from '../route';
import type { RoomsStore } from './store';

/** GET /v1/rooms/venues/search (docs/api/README.md#venues): the seed's venues, and the typed text as a venue of its own. */
export function venueHandlers({ venues, asMe }: RoomsStore) {
  return [
    mockRoute(
      venueEndpoints.search,
      asMe(({ request }) => {
        const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
        if (query === '') return fail(400, 'VALIDATION', 'query is required');
        const lower = query.toLowerCase();
        const found = venues
          .filter((v) => `${v.name} ${v.address}`.toLowerCase().includes(lower))
          .slice(0, 4);
        const typed = {
          name: query,
          address: '',
          googleMapsPlaceId: `local:${lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'venue'}`,
        };
        const exact = found.some((v) => v.name.toLowerCase() === lower);
        return ok(exact ? found : [...found, typed].slice(0, 5));
      }),
    ),
  ];
}
