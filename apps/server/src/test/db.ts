import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, createPool, type Db } from '../db/pool.js';
import { withDatabase } from './global-setup.js';

export type TestDatabase = { name: string; url: string; pool: pg.Pool; db: Db; drop(): Promise<void> };

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file: a clone of the migrated template, or empty with `{ empty: true }`. */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `outing_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? 'template0' : inject('templateDatabase');
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const pool = createPool(url, 10);
  return {
    name,
    url,
    pool,
    db: createDb(pool),
    async drop() {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
