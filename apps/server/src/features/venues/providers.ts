import type { Venue } from '@outing/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { badGateway } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { version } from '../../version.js';
import { selectVenues } from './queries.js';

export const MAX_VENUES = 5;
/** How many rooms whose venue contains the text a local search ranks at most. */
export const VENUE_CANDIDATES = 500;
const TIMEOUT_MS = 5000;

export type VenueProvider = { search(query: string, viewerId: number): Promise<Venue[]> };

export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return s || 'venue';
}

/**
 * Offline provider: the typed text itself (always first), then venues of rooms the caller can see that contain it.
 */
export function localProvider(db: Db): VenueProvider {
  return {
    async search(query, viewerId) {
      const pattern = containsPattern(query);
      const rows = await selectVenues(db, {
        pattern,
        query,
        viewerId,
        candidates: VENUE_CANDIDATES,
        limit: MAX_VENUES - 1,
      });
      return [
        { name: query, address: '', googleMapsPlaceId: `local:${slug(query)}` },
        ...rows.map((r) => ({ name: r.venue, address: '', googleMapsPlaceId: r.venue_place_id })),
      ];
    },
  };
}

async function fetchJson(url: string, init: RequestInit, provider: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw badGateway(
      'Venue search is unavailable right now. Please try again in a moment.',
      'VENUE_SEARCH_UNAVAILABLE',
    );
  }
  if (!res.ok)
    throw badGateway(
      `Venue search failed (${provider} answered ${res.status}). Please try again in a moment.`,
      'VENUE_SEARCH_UNAVAILABLE',
    );
  try {
    return await res.json();
  } catch {
    throw badGateway(
      'Venue search returned something unreadable. Please try again in a moment.',
      'VENUE_SEARCH_UNAVAILABLE',
    );
  }
}

type NominatimPlace = { osm_type?: string; osm_id?: number; name?: string; display_name?: string };

/** OpenStreetMap's Nominatim `/search` (jsonv2). */
export function nominatimProvider(baseUrl: string, publicUrl: string): VenueProvider {
  return {
    async search(query) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({ q: query, format: 'jsonv2', limit: String(MAX_VENUES) }).toString();
      const body = await fetchJson(
        url.toString(),
        // Nominatim's usage policy asks for an identifying User-Agent.
        { headers: { 'user-agent': `Outing/${version} (${publicUrl})`, accept: 'application/json' } },
        'OpenStreetMap',
      );
      if (!Array.isArray(body))
        throw badGateway(
          'Venue search returned something unreadable. Please try again in a moment.',
          'VENUE_SEARCH_UNAVAILABLE',
        );
      return (body as NominatimPlace[])
        .filter((p) => p.osm_type && p.osm_id && p.display_name)
        .slice(0, MAX_VENUES)
        .map((p) => ({
          name: p.name || p.display_name!.split(',')[0]!.trim(),
          address: p.display_name!,
          googleMapsPlaceId: `osm:${p.osm_type}:${p.osm_id}`,
        }));
    },
  };
}

type GooglePlace = { id?: string; displayName?: { text?: string }; formattedAddress?: string };

/** Google Places API (New) Text Search. */
export function googleProvider(baseUrl: string, apiKey: string): VenueProvider {
  return {
    async search(query) {
      const url = new URL('v1/places:searchText', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      const body = await fetchJson(
        url.toString(),
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-goog-api-key': apiKey,
            'x-goog-fieldmask': 'places.id,places.displayName,places.formattedAddress',
          },
          body: JSON.stringify({ textQuery: query, pageSize: MAX_VENUES }),
        },
        'Google Places',
      );
      const places = (body as { places?: GooglePlace[] }).places ?? [];
      if (!Array.isArray(places))
        throw badGateway(
          'Venue search returned something unreadable. Please try again in a moment.',
          'VENUE_SEARCH_UNAVAILABLE',
        );
      return places
        .filter((p) => p.id && p.displayName?.text)
        .slice(0, MAX_VENUES)
        .map((p) => ({
          name: p.displayName!.text!,
          address: p.formattedAddress ?? '',
          googleMapsPlaceId: p.id!,
        }));
    },
  };
}

export function createVenueProvider(config: Config, db: Db): VenueProvider {
  switch (config.venues.provider) {
    case 'nominatim':
      return nominatimProvider(config.venues.nominatimUrl, config.publicUrl);
    case 'google':
      return googleProvider(config.venues.googlePlacesUrl, config.venues.googlePlacesApiKey!);
    default:
      return localProvider(db);
  }
}

const placeIdForms = /^(local:[a-z0-9-]{1,80}|osm:(node|way|relation):\d{1,20}|[A-Za-z0-9_-]{10,300})$/;

/** Whether a place id has the form one of our providers gives. */
export const isPlaceId = (placeId: string) => placeIdForms.test(placeId);

/** The map link of a venue, built from its place id's form; never a URL the client chose. */
export function venueUrl(venue: string, placeId: string): string {
  const osm = /^osm:(node|way|relation):(\d+)$/.exec(placeId);
  if (osm) return `https://www.openstreetmap.org/${osm[1]}/${osm[2]}`;
  const q = encodeURIComponent(venue);
  if (placeId.startsWith('local:')) return `https://www.google.com/maps/search/?api=1&query=${q}`;
  return `https://www.google.com/maps/search/?api=1&query=${q}&query_place_id=${encodeURIComponent(placeId)}`;
}
