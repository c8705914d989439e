import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { executePrepared } from './prepared.js';
import { isoTimestamp } from './timestamps.js';

/** A timestamptz as PostgreSQL writes it in UTC: trailing zeros of the fraction dropped, no fraction when 0. */
function pgText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoTimestamp', () => {
  it('gives what Date gives for every UTC timestamp PostgreSQL writes (years 1000–9999, any microseconds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        (ms, micros, whole) => {
          const text = whole ? pgText(ms - (ms % 1000), 0) : pgText(ms, micros);
          expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('falls back to Date for other zones, styles and values', () => {
    for (const text of [
      '2026-11-24 15:14:53.91656+05:30',
      '2026-11-24 15:14:53-08',
      '2026-11-24T15:14:53.916Z',
      'Tue Nov 24 15:14:53.91656 2026 UTC',
    ])
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    const d = new Date('2026-11-24T15:14:53.916Z');
    expect(isoTimestamp(d)).toBe('2026-11-24T15:14:53.916Z');
  });

  describe('on PostgreSQL', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    it('turns the text of real timestamptz values into the ISO form Date gives', async () => {
      const { rows } = await executePrepared<{ t: string }>(
        database.db,
        sql`SELECT t::text AS t FROM (VALUES (now()), (now() - interval '1 year 3 days 7 min'),
              ('2026-01-02 03:04:05+00'::timestamptz), ('2026-01-02 03:04:05.1+00'), ('2026-01-02 03:04:05.999999+00'),
              ('2026-01-02 03:04:05.000001+00'), ('1999-12-31 23:59:59.5-02'), ('1000-01-01 00:00:00+00')) AS v(t)`,
      );
      expect(rows).toHaveLength(8);
      for (const { t } of rows) expect(isoTimestamp(t)).toBe(new Date(t).toISOString());
    });

    it('is right when the session is in another time zone', async () => {
      const client = await database.pool.connect();
      try {
        await client.query(`SET TimeZone = 'Asia/Kolkata'`);
        const { rows } = await client.query<{ t: string }>(
          `SELECT '2026-01-02 03:04:05.123456+00'::timestamptz::text AS t`,
        );
        expect(rows[0]!.t).toBe('2026-01-02 08:34:05.123456+05:30');
        expect(isoTimestamp(rows[0]!.t)).toBe('2026-01-02T03:04:05.123Z');
      } finally {
        client.release(true);
      }
    });
  });
});
