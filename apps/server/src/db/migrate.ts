import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drainLedgerQueue } from '../features/bills/ledger.js';
import type { Runner } from '../features/rooms/queries.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant: serialises concurrent migrators (several instances starting at once). */
const LOCK_KEY = 7_240_118;

export type MigrationResult = { applied: string[] };

/** graphile-worker's own migrations say nothing worth a log line at start-up. */
const silent = new Logger(() => () => {});

/**
 * Applies the job queue's schema (graphile-worker's `graphile_worker` schema, its own versioned migrations), then
 * every `migrations/NNNN_*.sql` not yet recorded, each in its own transaction, all under an advisory lock. The
 * queue's schema comes first: our triggers (0008) call `graphile_worker.add_job`, and migration 0008 plans the
 * reminders of rooms that exist already.
 */
export async function migrate(pool: pg.Pool): Promise<MigrationResult> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    // Idempotent: a no-op on an up-to-date schema. It uses another connection of the pool, which it wants guarded
    // against a connection error while checked out (else it warns on the console).
    const ignore = () => {};
    const guard = (c: pg.PoolClient) => c.on('error', ignore);
    pool.on('error', ignore).on('connect', guard);
    try {
      await runJobQueueMigrations({ pgPool: pool, logger: silent });
    } finally {
      pool.off('error', ignore).off('connect', guard);
    }
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(`${migrationsDir}${file}`, 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
    // Rooms a migration queued for their ledger (0020): their unpaid transactions brought to the fewest transfers
    // by the ledger package, in one transaction, before anything serves them.
    const { rows: queue } = await client.query<{ exists: boolean }>(
      "SELECT to_regclass('ledger_queue') IS NOT NULL AS exists",
    );
    if (queue[0]?.exists) {
      await client.query('BEGIN');
      try {
        await drainLedgerQueue(drizzle({ client }) as unknown as Runner);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`bringing rooms to their ledger failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return { applied };
}
