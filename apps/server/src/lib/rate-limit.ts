import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

type KeyFn = (req: FastifyRequest) => string | undefined;

export type Limiter = preHandlerAsyncHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook allowing `max` requests per minute per key; stackable (per IP and per account on one route). */
    limiter(name: string, max: number, key: KeyFn): Limiter[];
  }
}

export const byIp: KeyFn = (req) => req.ip;

/**
 * Counters in Redis when configured (shared by every instance), else in memory. With rate limits off
 * (`RATE_LIMITS=off`, tests and benchmarks) `limiter` returns no hook at all.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { enabled: boolean; redis?: Redis }) {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis } : {}),
    nameSpace: 'outing-rl:',
    skipOnError: true, // a Redis outage must not lock everybody out
  });
  app.decorate('limiter', (name: string, max: number, key: KeyFn): Limiter[] => {
    if (!opts.enabled) return [];
    const check = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (req) => `${name}:${key(req) ?? ''}`,
    });
    return [
      async (req, reply) => {
        if (key(req) === undefined) return;
        // While Redis is away its commands queue for seconds per reconnect attempt; let the request through at
        // once, as `skipOnError` would after the wait.
        if (opts.redis && opts.redis.status !== 'ready') return;
        const result = await check(req);
        // `isAllowed` only reports the allow-list; the verdict is `isExceeded`.
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
      },
    ];
  });
}
