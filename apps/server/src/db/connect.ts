import type pg from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { migrate, type MigrationResult } from './migrate.js';
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
    const { applied } = await untilReachable(() => migrate(pool), log);
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

/** How long a starting server waits for its database to accept connections before it gives up. */
export const REACH_DATABASE_MS = 30_000;

/**
 * The first call to the database, again while the database cannot be reached yet (refused, reset, timed out,
 * "starting up"): a server started with its database (a compose file, a restart after a crash, an embedded
 * PostgreSQL just out of recovery on a busy host) waits for it instead of exiting. Any other error, or still
 * unreachable after `withinMs`, is thrown.
 */
export async function untilReachable(
  call: () => Promise<MigrationResult>,
  log: Pick<Logger, 'warn'>,
  { withinMs = REACH_DATABASE_MS, pauseMs = 250 }: { withinMs?: number; pauseMs?: number } = {},
): Promise<MigrationResult> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + pauseMs > deadline) throw err;
      log.warn({ attempt, err: (err as Error).message }, 'database not reachable yet; trying again');
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
