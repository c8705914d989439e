import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { intArray } from './arrays.js';
import { executePrepared, isNamed } from './prepared.js';
import { rows } from './rows.js';

const dialect = new PgDialect();

describe('executePrepared', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('names no statement for a query run in a transaction; the same text on the pool is named', async () => {
    // A text no other test runs, so that only this test can have named it.
    const query = sql`SELECT ${1}::int AS n, ${randomUUID()}::text AS tag, 'prepared.test transaction' AS what`;
    const inTransaction = await t.db.transaction((tx) => executePrepared<{ n: number }>(tx, query));
    expect(inTransaction.rows).toEqual([expect.objectContaining({ n: 1 })]);
    expect(isNamed(query)).toBe(false);

    await executePrepared(t.db, query);
    expect(isNamed(query)).toBe(true);
  });

  it('a list bound with intArray gives one statement text, and one name, for every length', async () => {
    const countOf = (ids: number[]) =>
      sql`SELECT count(*)::int AS n, 'prepared.test list' AS what FROM unnest(${intArray(ids)}) AS x`;
    const lists = [[], [7], [1, 2, 3], Array.from({ length: 250 }, (_, i) => i)];
    const texts = new Set(lists.map((ids) => dialect.sqlToQuery(countOf(ids)).sql));
    expect(texts.size).toBe(1);
    // One parameter whatever the length: the whole list.
    expect(dialect.sqlToQuery(countOf([1, 2, 3])).params).toEqual([[1, 2, 3]]);

    for (const ids of lists) {
      expect(await rows<{ n: number }>(t.db, countOf(ids))).toEqual([
        { n: ids.length, what: 'prepared.test list' },
      ]);
      expect(isNamed(countOf(ids))).toBe(true);
    }
    // And in a transaction, where the statement runs plain, the bound list gives the same answers.
    await t.db.transaction(async (tx) => {
      for (const ids of lists)
        expect(await rows<{ n: number }>(tx, countOf(ids))).toEqual([
          { n: ids.length, what: 'prepared.test list' },
        ]);
    });
  });
});
