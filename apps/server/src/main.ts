import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Database } from './db/connect.js';
import { EmbeddedPostgresError, launchEmbeddedPostgres } from './db/embedded.js';
import { loggerOptions } from './lib/logger.js';
import { ensureSecret, readSecrets, writeSecrets } from './lib/secrets.js';
import { generateVapidKeys } from './lib/push-sender.js';

// Only what is needed to launch the embedded PostgreSQL is imported up front. The app's modules (Fastify, Drizzle,
// the contract's schemas, …: most of a later start) are imported while PostgreSQL starts in its own process.
async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino(loggerOptions(config));
  const launched = config.databaseUrl
    ? undefined
    : await launchEmbeddedPostgres(config.dataDir, log, { avoidPort: config.port });
  const jwtSecret = config.jwtSecret ?? (await ensureSecret(config.dataDir, 'jwtSecret'));
  const vapid = await vapidKeys(config);
  const redisUrl = config.redisUrl;
  const [opened, appModule, redisModule] = await Promise.allSettled([
    import('./db/connect.js').then(({ openDatabase }) => openDatabase(config, log, launched?.ready)),
    import('./app.js'),
    redisUrl ? import('ioredis') : undefined,
  ]);
  if (opened.status === 'rejected') throw opened.reason;
  const database: Database = opened.value;
  if (appModule.status === 'rejected' || redisModule.status === 'rejected') {
    await database.close();
    throw appModule.status === 'rejected' ? appModule.reason : (redisModule as PromiseRejectedResult).reason;
  }
  const { buildApp } = appModule.value;
  const redis = redisUrl
    ? new redisModule.value!.Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (err) => log.warn({ err: { message: err.message } }, 'redis error'));
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      jwtSecret,
      redis,
      vapid,
      loggerInstance: log,
    });
  } catch (err) {
    await database.close();
    throw err;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close(); // then the pool, then the embedded PostgreSQL
      await redis?.quit().catch(() => {});
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    log.error({ err }, 'could not listen');
    await app.close();
    await database.close();
    process.exit(1);
  }
  log.info(
    {
      url: config.publicUrl,
      embeddedDatabase: database.embedded,
      // The job queue's runner (reminders) started with the app (features/reminders/jobs.ts); JOBS=off leaves it out.
      jobRunner: config.jobs.enabled,
      startupMs: Math.round(process.uptime() * 1000),
    },
    'Outing is ready',
  );
}

/** The configured VAPID pair, or one generated once into DATA_DIR and then kept. */
async function vapidKeys(config: Config) {
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };
  }
  const stored = await readSecrets(config.dataDir);
  if (stored.vapidPublicKey && stored.vapidPrivateKey)
    return { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey };
  const pair = generateVapidKeys();
  await writeSecrets(config.dataDir, { vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey });
  return pair;
}

main().catch((err: unknown) => {
  // A failure the person starting the server can fix is said in its one sentence, without a stack.
  console.error(err instanceof EmbeddedPostgresError ? err.message : err);
  process.exit(1);
});
