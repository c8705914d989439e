import type { EndpointDeclaration } from '@outing/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { argon2Options } from '../lib/passwords.js';
import { declaredRoutes } from '../lib/route.js';
import type { TestApp } from '../test/app.js';
import { createGuest } from '../test/guests.js';
import { fuzzRoute, NUM_RUNS, ONLY, seedOf, type FuzzAnswer } from './harness.js';
import { createLanes } from './lanes.js';
import type { FuzzRequest } from './requests.js';
import { collectRoutes, type FuzzRoute } from './routes.js';
import type { World } from './world.js';

// Collects every route with its zod schemas as the app declares it (see routes.ts).
vi.mock('fastify-type-provider-zod', async (original) =>
  (await import('./routes.js')).withRouteCapture(await original()),
);

/**
 * The contract fuzzer with a guest's token (issue 35, docs/decisions/026-guests.md): every route is fuzzed as a guest
 * of the world's room 1, with what fuzz.test.ts asserts (no 5xx, well-formed envelopes, a refused write changes no
 * row) and the guest's scope: no success on an endpoint not declared `guests: 'room'` (public ones aside), and none
 * on a `guests: 'room'` endpoint naming another room of the world in its path, or as `roomId` in its query or body.
 * FUZZ_GUEST_RUNS sets the requests per route (250 by default, never more than the fuzz suite's NUM_RUNS).
 */
const LANES = Number(process.env.FUZZ_LANES ?? 4);
const GUEST_RUNS = Math.min(NUM_RUNS, Number(process.env.FUZZ_GUEST_RUNS ?? 250));

// Hashing is not under test (as in fuzz.test.ts): login and sign-up hash on every valid-looking body.
Object.assign(argon2Options, { memoryCost: 1024, timeCost: 1 });

const { lanes, withLane, close } = await createLanes(LANES);
afterAll(close);

const app = lanes[0]!.t.app;
const all = collectRoutes(app);
const routes = all.filter((r) => !ONLY || r.key === ONLY);
/** The declaration behind each route (the same in every lane: one contract). */
const declarations = declaredRoutes(app);

/** A guest of the world's room 1; its id and name join the pool, so self paths (`/users/{id}/…`) name it too. */
async function asGuest(t: TestApp, world: World): Promise<{ token: string; pool: unknown[] }> {
  const guest = await createGuest(t, world.rooms[0], `Guest ${world.caller.username}`);
  return { token: guest.token, pool: [guest.id, String(guest.id), guest.username] };
}

/** The query's `roomId`, if the URL has one that decodes. */
function queryRoomId(url: string): string | undefined {
  try {
    return new URL(url, 'http://x').searchParams.get('roomId')?.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The JSON body's `roomId`, if the body is an object with one. */
function bodyRoomId(payload: FuzzRequest['payload']): string | undefined {
  try {
    const body: unknown = JSON.parse(String(payload));
    const roomId = (body as { roomId?: unknown } | null)?.roomId;
    return typeof roomId === 'string' ? roomId.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The scope's problems with one answer to a guest of `world.rooms[0]` on `route`. */
function scopeCheck(route: FuzzRoute, endpoint: EndpointDeclaration | undefined) {
  return (req: FuzzRequest, res: FuzzAnswer, world: World): string[] => {
    if (res.statusCode < 200 || res.statusCode >= 300 || endpoint?.access === 'public') return [];
    if (endpoint?.guests !== 'room')
      return [`a ${res.statusCode} to a guest on ${route.key}, not declared \`guests: 'room'\``];
    const path = req.url.split('?')[0]!.toLowerCase();
    const [, ...others] = world.rooms;
    const named = others.find(
      (r) => path.includes(r) || queryRoomId(req.url) === r || bodyRoomId(req.payload) === r,
    );
    return named ? [`a ${res.statusCode} to a guest of room 1 naming another room (${named})`] : [];
  };
}

describe(`contract fuzzer as a guest (${GUEST_RUNS} requests per route)`, () => {
  it('captures the routes and their declarations (a route without one counts as closed to guests)', () => {
    expect(all.length).toBeGreaterThanOrEqual(45);
    const open = all.filter((r) => declarations.get(r.key)?.guests === 'room');
    expect(open.length).toBeGreaterThan(15);
  });

  for (const route of routes) {
    it.concurrent(`${route.key} (seed ${seedOf(route)})`, { timeout: 600_000 }, () =>
      withLane(async ({ t, changes }) => {
        const result = await fuzzRoute(t, route, changes, {
          caller: (world) => asGuest(t, world),
          check: scopeCheck(route, declarations.get(route.key)),
          numRuns: GUEST_RUNS,
        });
        expect(result.runs).toBe(GUEST_RUNS);
        console.warn(`guest fuzz ${route.key}: ${result.ms} ms ${JSON.stringify(result.statuses)}`);
      }),
    );
  }
});
