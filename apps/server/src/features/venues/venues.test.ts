import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, venuesResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createRoom } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';
import { slug, venueUrl } from './providers.js';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A local HTTP server standing in for a provider; `reply` decides each answer. */
async function standIn(reply: (req: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(s);
      const r = reply(s);
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => server.close(r)),
  };
}

const search = (t: TestApp, token: string, q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/rooms/venues/search?query=${encodeURIComponent(q)}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('local provider (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers the typed text first, then earlier venues the caller can see', async () => {
    const host = await createUser(t);
    const me = await createUser(t);
    await createRoom(t, host, { venue: 'Café Central', venuePlaceId: 'local:cafe-central' });
    await createRoom(t, host, { venue: 'Café Secret', venuePlaceId: 'local:cafe-secret', isPrivate: true });
    const res = await search(t, me.token, 'café');
    expect(res.statusCode).toBe(200);
    expect(venuesResponse.parse(res.json()).data).toEqual([
      { name: 'café', address: '', googleMapsPlaceId: 'local:cafe' },
      { name: 'Café Central', address: '', googleMapsPlaceId: 'local:cafe-central' },
    ]);
    expect((await search(t, me.token, '   ')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/rooms/venues/search?query=x' })).statusCode).toBe(
      401,
    );
  });
});

describe('nominatim provider', () => {
  let t: TestApp;
  let osm: Awaited<ReturnType<typeof standIn>>;
  let fail = false;
  beforeAll(async () => {
    osm = await standIn((req) =>
      fail
        ? { status: 503, body: { error: 'busy' } }
        : {
            status: 200,
            body: req.url.includes('q=nowhere')
              ? []
              : [
                  {
                    place_id: 1,
                    osm_type: 'way',
                    osm_id: 4082972,
                    lat: '51.5',
                    lon: '-0.16',
                    category: 'leisure',
                    type: 'park',
                    name: 'Hyde Park',
                    display_name: 'Hyde Park, London, Greater London, England, United Kingdom',
                  },
                  {
                    place_id: 2,
                    osm_type: 'node',
                    osm_id: 26559743,
                    lat: '51.5',
                    lon: '-0.1',
                    category: 'amenity',
                    type: 'pub',
                    name: '',
                    display_name: 'The Park Tavern, Hyde Road, London, United Kingdom',
                  },
                ],
          },
    );
    t = await createTestApp({ VENUE_PROVIDER: 'nominatim', NOMINATIM_URL: osm.url });
  });
  afterAll(async () => {
    await t.close();
    await osm.close();
  });

  it('maps jsonv2 results to venues with osm place ids, and identifies itself', async () => {
    const me = await createUser(t);
    const res = await search(t, me.token, 'hyde park');
    expect(venuesResponse.parse(res.json()).data).toEqual([
      {
        name: 'Hyde Park',
        address: 'Hyde Park, London, Greater London, England, United Kingdom',
        googleMapsPlaceId: 'osm:way:4082972',
      },
      {
        name: 'The Park Tavern',
        address: 'The Park Tavern, Hyde Road, London, United Kingdom',
        googleMapsPlaceId: 'osm:node:26559743',
      },
    ]);
    const last = osm.seen.at(-1)!;
    expect(last.url).toBe('/search?q=hyde+park&format=jsonv2&limit=5');
    expect(last.headers['user-agent']).toMatch(/^Outing\//);
    expect(venuesResponse.parse((await search(t, me.token, 'nowhere')).json()).data).toEqual([]);
  });

  it('a failing provider is a 502 with a readable message', async () => {
    const me = await createUser(t);
    fail = true;
    const res = await search(t, me.token, 'hyde park');
    fail = false;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Venue search failed (OpenStreetMap answered 503). Please try again in a moment.',
    });
  });
});

describe('google provider (Places API New)', () => {
  let t: TestApp;
  let places: Awaited<ReturnType<typeof standIn>>;
  beforeAll(async () => {
    places = await standIn((req) =>
      req.headers['x-goog-api-key'] !== 'test-key'
        ? {
            status: 403,
            body: { error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } },
          }
        : {
            status: 200,
            body: {
              places: [
                {
                  id: 'ChIJdd4hrwug2EcRmSrV3Vo6llI',
                  displayName: { text: 'Big Ben', languageCode: 'en' },
                  formattedAddress: 'London SW1A 0AA, UK',
                },
              ],
            },
          },
    );
    t = await createTestApp({
      VENUE_PROVIDER: 'google',
      GOOGLE_PLACES_URL: places.url,
      GOOGLE_PLACES_API_KEY: 'test-key',
    });
  });
  afterAll(async () => {
    await t.close();
    await places.close();
  });

  it('posts a text search with key and field mask, and maps places to venues', async () => {
    const me = await createUser(t);
    const res = await search(t, me.token, 'big ben');
    expect(venuesResponse.parse(res.json()).data).toEqual([
      { name: 'Big Ben', address: 'London SW1A 0AA, UK', googleMapsPlaceId: 'ChIJdd4hrwug2EcRmSrV3Vo6llI' },
    ]);
    const req = places.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/places:searchText');
    expect(req.headers['x-goog-fieldmask']).toBe('places.id,places.displayName,places.formattedAddress');
    expect(JSON.parse(req.body)).toEqual({ textQuery: 'big ben', pageSize: 5 });
  });

  it('the venue link of a Google place is its Maps URL', () => {
    expect(venueUrl('Big Ben', 'ChIJdd4hrwug2EcRmSrV3Vo6llI')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Big%20Ben&query_place_id=ChIJdd4hrwug2EcRmSrV3Vo6llI',
    );
    expect(slug('  Café   Central! ')).toBe('cafe-central');
  });
});

// Regression (contract fuzzer, issue #10): PostgreSQL text cannot hold U+0000; the local search was a 500.
describe('a NUL character in the query (fuzzer regression)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a 400 envelope', async () => {
    const me = await createUser(t);
    const res = await search(t, me.token, '\u0000');
    expect(res.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('VALIDATION');
  });
});
