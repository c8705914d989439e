import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES, maxMinor, minorToAmount } from '@outing/ledger';
import { createTestApp, type TestApp } from '../../test/app.js';
import { amountInSql } from './export.js';

/** The export computes amounts in PostgreSQL; they must be the numbers the ledger gives everywhere else. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each (minor, currency) through the export's SQL expression and a JSON text, as the file carries it. */
async function throughSql(pairs: readonly (readonly [number, string])[]): Promise<number[]> {
  const values = sql.raw(pairs.map(([m, c], i) => `(${m}::bigint, '${c}'::text, ${i})`).join(','));
  const { rows } = await t.app.deps.db.execute<{ j: string }>(
    sql`SELECT json_build_object('a', ${amountInSql('v.m', 'v.c')})::text AS j
        FROM (VALUES ${values}) AS v(m, c, i) ORDER BY v.i`,
  );
  return rows.map((r) => (JSON.parse(r.j) as { a: number }).a);
}

describe('export amounts', () => {
  const codes = Object.keys(CURRENCIES);

  it('equal minorToAmount for every currency at its edges (0, 1, the largest amount)', async () => {
    const pairs = codes.flatMap((c) =>
      [0, 1, 5, 99, 100, 101, maxMinor(CURRENCIES[c]!)].map((m) => [m, c] as const),
    );
    expect(await throughSql(pairs)).toEqual(pairs.map(([m, c]) => minorToAmount(m, CURRENCIES[c]!)));
  });

  it('equal minorToAmount for any amount in any currency', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc
            .constantFrom(...codes)
            .chain((c) => fc.tuple(fc.integer({ min: 0, max: maxMinor(CURRENCIES[c]!) }), fc.constant(c))),
          { minLength: 1, maxLength: 50 },
        ),
        async (pairs) => {
          expect(await throughSql(pairs)).toEqual(pairs.map(([m, c]) => minorToAmount(m, CURRENCIES[c]!)));
        },
      ),
      { numRuns: 40 },
    );
  });
});
