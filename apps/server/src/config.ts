import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { z } from 'zod';
import { venueProviders } from '@outing/contract';
import { isCurrency } from '@outing/ledger';

const here = path.dirname(fileURLToPath(import.meta.url));

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const onOff = z.enum(['on', 'off']).default('on');

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` list also accepts. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose `X-Forwarded-For` to believe (issue 17): by default nobody's, as `req.ip` (the per-IP rate limits' key)
 * would otherwise be whatever a client writes. A hop count, or the proxies' addresses/CIDRs; `on` trusts everyone.
 */
const trustProxy = optional.transform((v, ctx): false | true | number | string[] => {
  if (v === undefined || v === 'off' || v === 'false' || v === '0') return false;
  if (v === 'on' || v === 'true') return true;
  if (/^\d+$/.test(v) && Number(v) <= 100) return Number(v);
  const entries = v.split(',').map((a) => a.trim());
  const bad = entries.filter((a) => !isAddressOrCidr(a));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be off, on, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs (not ${bad.map((a) => JSON.stringify(a)).join(', ')})`,
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  // Twice the cores, at least 4 (PostgreSQL's rule of thumb). On 2 cores, A/B runs of 4 against 20 connections
  // served as many requests or more, with less PostgreSQL CPU per request and a lower p99 (decision 004).
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(Math.max(4, 2 * os.availableParallelism())),
  REDIS_URL: optional.pipe(z.url().optional()),
  JWT_SECRET: optional.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Outing <no-reply@outing.local>'),
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z.string().default('mailto:admin@outing.local'),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: onOff.default('off'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  VENUE_PROVIDER: z.enum(venueProviders).default('local'),
  NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
  GOOGLE_PLACES_URL: z.url().default('https://places.googleapis.com'),
  GOOGLE_PLACES_API_KEY: optional,
  DEFAULT_CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'DEFAULT_CURRENCY must be an ISO 4217 currency code such as USD')
    .default('USD'),
  // Of a new room whose host names none; an IANA name Intl knows (PostgreSQL's zones are the same IANA database).
  DEFAULT_TIME_ZONE: z
    .string()
    .trim()
    .refine((name) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: name });
        return /^[A-Za-z]/.test(name);
      } catch {
        return false;
      }
    }, 'DEFAULT_TIME_ZONE must be an IANA time zone such as Europe/Paris')
    .default('UTC'),
  CORS_ORIGINS: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  RATE_LIMITS: onOff,
  TRUST_PROXY: trustProxy,
  WEB_DIST: optional,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // How long a cached answer of the hot reads may be served at most (decision 012; 0 turns the cache off).
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  // Sockets one instance accepts per user and per client address (issue #17 §5; 0 turns a cap off).
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(0).default(20),
  WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(0).default(100),
  // The job queue's runner (reminders, decision 008): `off` leaves the jobs in the database for another instance.
  JOBS: onOff,
  // How often the runner looks for jobs that became due (new jobs due now are announced by LISTEN/NOTIFY).
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
});

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Typed, frozen configuration. The only place that reads the environment is `main.ts`, which passes it here. */
export function loadConfig(env: Env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.VENUE_PROVIDER === 'google' && !e.GOOGLE_PLACES_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_PLACES_API_KEY: required when VENUE_PROVIDER=google',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const corsOrigins = e.CORS_ORIGINS
    ? e.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [new URL(publicUrl).origin];
  return Object.freeze({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: Object.freeze({
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'on',
    }),
    google: Object.freeze({
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.OIDC_ISSUER,
    }),
    venues: Object.freeze({
      provider: e.VENUE_PROVIDER,
      nominatimUrl: e.NOMINATIM_URL,
      googlePlacesUrl: e.GOOGLE_PLACES_URL,
      googlePlacesApiKey: e.GOOGLE_PLACES_API_KEY,
    }),
    defaultCurrency: e.DEFAULT_CURRENCY,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    corsOrigins: Object.freeze(corsOrigins),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxy: Array.isArray(e.TRUST_PROXY) ? Object.freeze(e.TRUST_PROXY) : e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(here, '..', '..', 'web', 'dist')),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    answerCacheMs: e.ANSWER_CACHE_MS,
    sockets: Object.freeze({ maxPerUser: e.WS_MAX_SOCKETS_PER_USER, maxPerIp: e.WS_MAX_SOCKETS_PER_IP }),
    jobs: Object.freeze({ enabled: e.JOBS === 'on', pollIntervalMs: e.JOBS_POLL_INTERVAL_MS }),
  });
}

export type Config = ReturnType<typeof loadConfig>;
