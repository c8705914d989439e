import type pg from 'pg';

/** One round trip to the database (`GET /v1/health`); throws when it is down. */
export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}
