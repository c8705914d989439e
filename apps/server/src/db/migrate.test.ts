import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';
import { createPool } from './pool.js';

/**
 * Migrating a database from nothing, alone and by several instances at once. The upgrades of a database with data
 * in it are in migrate-<topic>.test.ts beside this file (migrate-member-count, migrate-ledger, …), the constraints
 * in migrate-constraints.test.ts.
 */

/** Every migration file, in the order they apply. */
const MIGRATIONS = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .sort();

describe('migrations on an empty database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('apply from scratch, then are idempotent', async () => {
    const first = await migrate(t.pool);
    const all = MIGRATIONS;
    expect(first.applied).toEqual(all);
    const second = await migrate(t.pool);
    expect(second.applied).toEqual([]);
    const { rows } = await t.pool.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows).toEqual(all.map((name) => ({ name })));
  });

  it('create exactly the tables, columns, types and nullability recorded in catalogue.snapshot.txt', async () => {
    // The migrations are the one description of the tables (decision 023: no TypeScript mirror). The catalogue they
    // leave is recorded beside this test, so that a migration changing a table shows in its diff: a change on
    // purpose is recorded with `vitest run -u` (reviewed like any other diff), an accidental one fails here.
    const { rows } = await t.pool.query<{
      table_name: string;
      column_name: string;
      type: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, CASE WHEN data_type = 'ARRAY' THEN udt_name ELSE data_type END AS type,
         is_nullable
       FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
    );
    // Sorted here by code point, whatever the database's collation.
    const key = (r: (typeof rows)[number]) => `${r.table_name}\u0000${r.column_name}`;
    rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const tables = new Map<string, string[]>();
    for (const r of rows) {
      if (!tables.has(r.table_name)) tables.set(r.table_name, []);
      tables
        .get(r.table_name)!
        .push(`  ${r.column_name} ${r.type}${r.is_nullable === 'NO' ? ' not null' : ''}`);
    }
    const catalogue = [...tables].map(([name, columns]) => `${name}\n${columns.join('\n')}\n`).join('\n');
    expect(tables.size).toBeGreaterThan(0);
    await expect(catalogue).toMatchFileSnapshot('./catalogue.snapshot.txt');
  });
});

describe('concurrent start-up', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('several instances migrating at once apply each migration exactly once', async () => {
    const pools = [0, 1, 2, 3].map(() => createPool(t.url, 2));
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      expect(results.flatMap((r) => r.applied)).toEqual(MIGRATIONS);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
