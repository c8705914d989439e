import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

/** What a limit counts by; may look something up (the account a login name resolves to). */
type KeyFn = (req: FastifyRequest) => string | undefined | Promise<string | undefined>;

export type Limiter = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook allowing `max` requests per minute per key; stackable (per IP and per account on one route). */
    limiter(name: string, max: number, key: KeyFn): Limiter[];
    /** The general limit per signed-in user (docs/api/README.md#rate-limits), run by `authenticate`; absent when limits are off. */
    limitUser: ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;
  }
}

/** The client's address: the peer's, or what the trusted proxies say it is (`TRUST_PROXY`, see below). */
export const byIp = (req: FastifyRequest): string => req.ip;

/**
 * Fastify's `trustProxy` for the `TRUST_PROXY` setting. Fastify (5.12.8 on) trusts nothing for a bare hop count, so a
 * count becomes the function proxy-addr uses for one: believe the nearest `n` hops of `X-Forwarded-For`. Right only
 * when every request comes through exactly those proxies; a list of their addresses is safer.
 */
export function fastifyTrustProxy(
  setting: boolean | number | readonly string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  if (typeof setting === 'boolean') return setting;
  return [...setting];
}

/** Requests per minute a signed-in user may make in all (docs/api/README.md#rate-limits). */
export const USER_LIMIT_PER_MINUTE = 300;
const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows in this process: what limits requests while Redis is unreachable, so that an outage
 * neither locks everybody out nor lifts the limits (each instance then counts on its own).
 */
export class LocalWindows {
  readonly #counts = new Map<string, { n: number; resetAt: number }>();

  hit(key: string, max: number, now = Date.now()): { exceeded: boolean; ttlSeconds: number } {
    let entry = this.#counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#counts.size >= 10_000) this.#sweep(now);
      entry = { n: 0, resetAt: now + WINDOW_MS };
      this.#counts.set(key, entry);
    }
    entry.n += 1;
    return { exceeded: entry.n > max, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#counts) if (entry.resetAt <= now) this.#counts.delete(key);
  }
}

function tooMany(reply: FastifyReply, ttlSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, ttlSeconds)));
  throw new AppError(
    429,
    'RATE_LIMITED',
    'Too many attempts. Please wait a minute and try again.',
    undefined,
    {
      reason: 'TOO_MANY_ATTEMPTS',
    },
  );
}

/**
 * Counters in Redis when configured (shared by every instance), else in memory; during a Redis outage, in memory
 * per instance. With rate limits off (`RATE_LIMITS=off`, tests and benchmarks) there are no hooks at all.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { enabled: boolean; redis?: Redis }) {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis } : {}),
    nameSpace: 'outing-rl:',
    skipOnError: true, // a Redis error must not lock everybody out; the local windows take over below
  });
  const local = new LocalWindows();
  const limiter = (name: string, max: number, key: KeyFn): Limiter[] => {
    if (!opts.enabled) return [];
    // The key is worked out once per request (it may cost a query) and handed to the plugin's counter here.
    const keys = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (req) => `${name}:${keys.get(req) ?? ''}`,
    });
    return [
      async (req, reply) => {
        const k = await key(req);
        if (k === undefined) return;
        keys.set(req, k);
        // While Redis is away its commands would queue for seconds per reconnect attempt: count here instead.
        if (opts.redis && opts.redis.status !== 'ready') {
          const hit = local.hit(`${name}:${k}`, max);
          if (hit.exceeded) tooMany(reply, hit.ttlSeconds);
          return;
        }
        const result = await check(req);
        // `isAllowed` only reports the allow-list; the verdict is `isExceeded`.
        if (result.isAllowed || !result.isExceeded) return;
        tooMany(reply, result.ttlInSeconds);
      },
    ];
  };
  app.decorate('limiter', limiter);
  const [perUser] = limiter('user', USER_LIMIT_PER_MINUTE, (req) =>
    req.user ? String(req.user.id) : undefined,
  );
  app.decorate(
    'limitUser',
    perUser ? (req: FastifyRequest, reply: FastifyReply) => perUser.call(app, req, reply) : undefined,
  );
}
