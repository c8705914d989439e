import type pg from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';
import { migrate } from './migrate.js';
import { createDb, createPool, type Db } from './pool.js';

type Logger = { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

export type Database = { db: Db; pool: pg.Pool; embedded: boolean; close(): Promise<void> };

/**
 * The configured PostgreSQL, or an embedded one in DATA_DIR/pg when DATABASE_URL is unset; migrated. `starting`
 * is an embedded PostgreSQL the caller has already launched (`launchEmbeddedPostgres`).
 */
export async function openDatabase(
  config: Config,
  log: Logger,
  starting?: Promise<EmbeddedPostgres>,
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await (starting ?? startEmbeddedPostgres(config.dataDir, log));
  const pool = createPool(config.databaseUrl ?? embedded!.url, config.databasePoolSize);
  try {
    const { applied } = await migrate(pool);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    throw err;
  }
  return {
    db: createDb(pool),
    pool,
    embedded: Boolean(embedded),
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
