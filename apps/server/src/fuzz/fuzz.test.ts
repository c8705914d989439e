import { afterAll, describe, expect, it, vi } from 'vitest';
import { argon2Options } from '../lib/passwords.js';
import { createUser } from '../test/users.js';
import { fuzzRoute, NUM_RUNS, ONLY, seedOf } from './harness.js';
import { createLanes } from './lanes.js';
import { checkMalformedIds } from './malformed-ids.js';
import { collectRoutes } from './routes.js';

// Collects every route with its zod schemas as the app declares it (see routes.ts).
vi.mock('fastify-type-provider-zod', async (original) =>
  (await import('./routes.js')).withRouteCapture(await original()),
);

/** The contract fuzzer (issue #10): routes run concurrently in lanes (lanes.ts). */
const LANES = Number(process.env.FUZZ_LANES ?? 4);

// Hashing is not under test here, and argon2 at full cost would dominate the run (login and sign-up hash on every
// valid-looking body). The parameters travel inside each hash, so verification stays correct.
Object.assign(argon2Options, { memoryCost: 1024, timeCost: 1 });

const { lanes, withLane, close } = await createLanes(LANES);
afterAll(close);

const all = collectRoutes(lanes[0]!.t.app);
const routes = all.filter((r) => !ONLY || r.key === ONLY);

describe(`contract fuzzer (${NUM_RUNS} requests per route)`, () => {
  it('captures every route of the app', () => {
    // Guards the capture itself: if the mock stopped working, nothing would be fuzzed.
    expect(all.length).toBeGreaterThanOrEqual(45);
    expect(all.map((r) => r.key)).toContain('POST /v1/bills');
  });

  it('answers a malformed path id 401 without a token, else 404 NOT_FOUND, on every route (issue #17)', async () => {
    const t = lanes[0]!.t;
    const { token } = await createUser(t);
    const withParams = routes.filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThanOrEqual(ONLY ? 0 : 20);
    const problems = [];
    for (const route of withParams) problems.push(...(await checkMalformedIds(t, route, token)));
    expect(problems).toEqual([]);
  });

  for (const route of routes) {
    it.concurrent(`${route.key} (seed ${seedOf(route)})`, { timeout: 600_000 }, () =>
      withLane(async ({ t, changes }) => {
        const result = await fuzzRoute(t, route, changes);
        expect(result.runs).toBe(NUM_RUNS);
        console.warn(`fuzz ${route.key}: ${result.ms} ms ${JSON.stringify(result.statuses)}`);
      }),
    );
  }
});
