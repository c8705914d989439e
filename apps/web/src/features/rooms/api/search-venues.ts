import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { venueEndpoints, type Venue } from '@outing/contract';
import { api } from '@/lib/api-client';
import { venueKeys } from '@/lib/query-keys';

/** docs/product.md#form-rules, #constants: a venue search starts only when the text is longer than 2 characters. */
export const VENUE_SEARCH_MIN_LENGTH = 3;

/** GET /v1/rooms/venues/search?query=: up to 5 venues; 502 when the provider fails. */
export function searchVenues(query: string, signal?: AbortSignal): Promise<Venue[]> {
  return api.call(venueEndpoints.search, { query: { query }, signal });
}

export const venueSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: venueKeys.search(query),
    queryFn: ({ signal }) => searchVenues(query, signal),
    enabled: query.length >= VENUE_SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
  });

/** `query` is the debounced, trimmed text; the previous results stay while the next load. */
export function useVenueSearch(query: string) {
  return useQuery({ ...venueSearchQueryOptions(query), placeholderData: keepPreviousData });
}
