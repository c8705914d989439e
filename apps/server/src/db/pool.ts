import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * The database as the queries run it: drizzle's `execute` of `sql` templates and its transactions, on a pg pool
 * (`$client`, which `executePrepared` names statements on). No table schema: every statement is SQL text in a
 * `queries*.ts` (decision 023), the migrations (db/migrations) the one description of the tables.
 */
export type Db = NodePgDatabase & { $client: pg.Pool };

// Identity columns are `integer`; counts come back as bigint text — parse them as numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// `date` columns are calendar days: keep them as 'YYYY-MM-DD' text instead of local-time Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function createPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    // PostgreSQL's default random_page_cost (4) prices index lookups for spinning disks; this database is small
    // enough to stay in memory. With the default the planner scanned a room's messages backwards through every
    // newer message of other rooms, and hashed the whole users table for a list of transactions (api benchmark).
    // An `options` parameter in DATABASE_URL takes precedence.
    options: '-c random_page_cost=1.1',
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle({ client: pool }) as Db;
}
