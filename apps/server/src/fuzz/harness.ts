import fc from 'fast-check';
import { errorEnvelopeSchema } from '@outing/contract';
import type { TestApp } from '../test/app.js';
import { schemaArbitraries } from './arbitraries.js';
import { describeRequest, requestArbitrary, type FuzzRequest } from './requests.js';
import type { FuzzRoute } from './routes.js';
import { buildWorld, type World } from './world.js';

/**
 * The fuzzer's fixed base seed (replayable: the same seed gives the same requests). Each route runs with this seed
 * plus a hash of its key, so adding a route does not change what the others are sent. Override with FUZZ_SEED.
 */
export const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_240_610);
export const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** FUZZ_ONLY='POST /v1/bills' runs one route (to replay a failure). */
export const ONLY = process.env.FUZZ_ONLY;
/** FUZZ_SURVEY=1 logs every distinct problem and carries on, instead of stopping at a route's first one. */
const SURVEY = process.env.FUZZ_SURVEY === '1';

export function seedOf(route: FuzzRoute): number {
  let h = 0;
  for (const ch of route.key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return (BASE_SEED + h) | 0;
}

type Changes = { n: string; last: string | null };

/**
 * Counts every row inserted, deleted or really changed in any table, transactionally: a trigger on each table
 * bumps one counter row, so work rolled back with a refused request counts for nothing, and reading the counter is
 * one cheap query (a digest hashing every row of every table took 5–8 ms a call here, most of the run's budget).
 * Instruments the test's own database only.
 */
export async function installChangeCounter(t: TestApp): Promise<() => Promise<Changes>> {
  const { pool } = t.database;
  const { rows } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  await pool.query(`
    CREATE TABLE fuzz_changes (n bigint NOT NULL, last text);
    INSERT INTO fuzz_changes VALUES (0, NULL);
    CREATE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
      UPDATE fuzz_changes SET n = n + 1, last = TG_OP || ' ' || TG_TABLE_NAME;
      RETURN NULL;
    END $$;
    ${rows
      .map(
        ({ table_name: name }) =>
          `CREATE TRIGGER fuzz_count_change AFTER INSERT OR UPDATE OR DELETE ON "${name}"
             FOR EACH ROW EXECUTE FUNCTION fuzz_count_change();`,
      )
      .join('\n')}
  `);
  return async () => (await pool.query<Changes>('SELECT n, last FROM fuzz_changes')).rows[0]!;
}

/** Validator text that must never reach a person: every 400 says what to fix in a sentence (issue 17). */
export const VALIDATOR_JARGON = /Invalid input|\bexpected\b|\breceived\b|\bundefined\b/i;

/** What is wrong with one response, if anything (an empty list means the request was handled well). */
function checkResponse(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  // File downloads (the room's CSV export, its .ics) are the successes that are not JSON; their errors still are.
  if (res.statusCode < 300 && /^text\/(csv|calendar);/.test(String(res.headers['content-type'])))
    return problems;
  // A JSON file to download (the account's export) is JSON but not the envelope.
  const attachment = /^attachment;/.test(String(res.headers['content-disposition']));
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    problems.push('the body is not JSON');
    return problems;
  }
  if (res.statusCode >= 400) {
    const parsed = errorEnvelopeSchema.safeParse(json);
    if (!parsed.success) problems.push(`not the error envelope: ${parsed.error.message}`);
    // A malformed path id names nothing: 404, never a validation error (docs/api/README.md#status-rules, issue #17); and a
    // validation error is a 400 (or a 413 body, or a 415 body type), never a 403 or anything else.
    else if (parsed.data.issues?.some((i) => i.path === 'params' || i.path.startsWith('params.')))
      problems.push('a malformed path id answered as a validation error');
    else if (parsed.data.code === 'VALIDATION' && ![400, 413, 415].includes(res.statusCode))
      problems.push(`a validation error with status ${res.statusCode}`);
    else if (res.statusCode === 400) {
      const texts = [parsed.data.message, ...(parsed.data.issues ?? []).map((i) => i.message)];
      const raw = texts.find((m) => VALIDATOR_JARGON.test(m));
      if (raw !== undefined) problems.push(`a 400 in validator jargon: ${raw}`);
    }
    if (!String(res.headers['content-type']).startsWith('application/json')) {
      problems.push(`content-type ${String(res.headers['content-type'])}`);
    }
  } else if (!attachment && (json as { status?: unknown })?.status !== 'success') {
    problems.push('a 2xx without the success envelope');
  }
  return problems;
}

export type RouteResult = { runs: number; statuses: Record<number, number>; ms: number };

export type FuzzAnswer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** A run's departures from the default: another caller, further checks, fewer requests. */
export type FuzzOptions = {
  /** Whose token the requests carry (the world's caller by default), with values it adds to the arbitraries' pool. */
  caller?: (world: World) => Promise<{ token: string; pool?: unknown[] }>;
  /** Further problems with one answer (the guest run's scope: guest-fuzz.test.ts). */
  check?: (req: FuzzRequest, res: FuzzAnswer, world: World) => string[];
  /** Requests per route; `NUM_RUNS` by default. */
  numRuns?: number;
};

/**
 * Fuzzes one route: `NUM_RUNS` requests through `app.inject` as the caller of a fresh world. Every answer must be
 * below 500 and in the contract's envelope, and a 4xx to a write must leave every table as it was.
 */
export async function fuzzRoute(
  t: TestApp,
  route: FuzzRoute,
  changes: () => Promise<Changes>,
  options: FuzzOptions = {},
): Promise<RouteResult> {
  const started = performance.now();
  const world = await buildWorld(t);
  const caller = options.caller ? await options.caller(world) : { token: world.caller.token };
  const arbs = schemaArbitraries([...world.pool, ...(caller.pool ?? [])]);
  const statuses: Record<number, number> = {};
  // The change count as the last check left it; unknown after a success, which may change rows.
  let known: Changes | undefined;
  let runs = 0;
  const surveyed = new Set<string>();

  const property = fc.asyncProperty(requestArbitrary(route, arbs, caller.token), async (req: FuzzRequest) => {
    runs += 1;
    // GETs change nothing by design (and the database is the fuzzer's bottleneck): only writes are counted.
    const mutating = req.method !== 'GET';
    if (mutating) known ??= await changes();
    const before = known;
    const res = await t.app.inject(req);
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const problems = [...checkResponse(res), ...(options.check?.(req, res, world) ?? [])];
    if (res.statusCode < 400) known = undefined;
    else if (mutating && before) {
      known = await changes();
      if (known.n !== before.n) problems.push(`a ${res.statusCode} changed rows (last: ${known.last})`);
    }
    if (problems.length && SURVEY) {
      const kind = `${res.statusCode} ${problems.map((p) => p.replace(/:[\s\S]*/, '')).join('; ')}`;
      if (!surveyed.has(kind)) {
        surveyed.add(kind);
        console.warn(
          `SURVEY ${route.key}: ${problems.join('; ')}\n  ${describeRequest(req)}\n  → ${res.body.slice(0, 300)}`,
        );
      }
    } else if (problems.length) {
      throw new Error(
        `${problems.join('; ')}\n  request: ${describeRequest(req)}\n  response: ${res.statusCode} ${res.body.slice(0, 500)}`,
      );
    }
  });

  const seed = seedOf(route);
  try {
    await fc.assert(property, {
      numRuns: options.numRuns ?? NUM_RUNS,
      seed,
      endOnFailure: process.env.FUZZ_SHRINK !== '1',
    });
  } catch (err) {
    const replay = `replay: FUZZ_SEED=${BASE_SEED} FUZZ_ONLY='${route.key}' (route seed ${seed})`;
    throw new Error(`${route.key}: ${(err as Error).message}\n${replay}`, { cause: err });
  }
  return { runs, statuses, ms: Math.round(performance.now() - started) };
}
