import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Env } from '../config.js';
import { loggerOptions } from '../lib/logger.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp.js';
import type { NumberingPolicy } from '../features/chat/numbering.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  logs: string[];
  close(): Promise<void>;
};

/**
 * The real app on a fresh database, configured as in production except for rate limits (off), the job runner (off
 * unless the test passes `JOBS: 'on'`) and a captured log. `prepare` may add routes before the app is readied.
 */
export async function createTestApp(
  env: Env = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
  opts: {
    redis?: Redis;
    database?: TestDatabase;
    pingIntervalMs?: number;
    sessionCacheMs?: number;
    vapid?: { publicKey: string; privateKey: string };
    pushOptions?: { backoffMs?: number; maxAttempts?: number; timeoutMs?: number };
    chatPushDelayMs?: number;
    pictures?: AppDeps['pictures'];
    messageNumbering?: NumberingPolicy | null;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATA_DIR: '/nonexistent-data-dir',
    WEB_DIST: '/nonexistent-web-dist',
    RATE_LIMITS: 'off',
    JOBS: 'off',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    jwtSecret: TEST_JWT_SECRET,
    redis: opts.redis,
    pingIntervalMs: opts.pingIntervalMs,
    sessionCacheMs: opts.sessionCacheMs,
    vapid: opts.vapid,
    pushOptions: opts.pushOptions,
    chatPushDelayMs: opts.chatPushDelayMs,
    pictures: opts.pictures,
    messageNumbering: opts.messageNumbering,
    logger: loggerOptions(config, stream),
  });
  await prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      if (!opts.database) await database.drop();
    },
  };
}

/** Two instances of the app on one database and one Redis, as behind a load balancer. */
export async function createTwoTestApps(
  redisUrl: string,
  env: Env = {},
  opts: { sessionCacheMs?: number; beforeStart?: (redis: Redis) => Promise<void> } = {},
) {
  const { Redis } = await import('ioredis');
  const database = await createTestDatabase();
  const redis = new Redis(redisUrl);
  await opts.beforeStart?.(redis);
  const shared = { redis, database, sessionCacheMs: opts.sessionCacheMs };
  const a = await createTestApp(env, undefined, shared);
  const b = await createTestApp(env, undefined, shared);
  return {
    a,
    b,
    redis,
    async close() {
      await a.close();
      await b.close();
      await redis.quit();
      await database.drop();
    },
  };
}

/** The real app sending its mail to a real SMTP server in the test process. */
export async function createMailTestApp(
  env: Env = {},
): Promise<{ t: TestApp; smtp: SmtpCatcher; close(): Promise<void> }> {
  const smtp = await startSmtpCatcher();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env });
  return {
    t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
