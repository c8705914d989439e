import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limit.js';

/**
 * A per-hour limit (joins as a guest per address, docs/api/README.md#guests), counted as lib/rate-limit.ts counts its
 * per-minute ones: by @fastify/rate-limit, in Redis when configured (shared by every instance), else in memory; while
 * Redis is unreachable, in this process's own windows. With rate limits off (`RATE_LIMITS=off`) there is no hook.
 */

const HOUR_MS = 3_600_000;

/** Fixed one-hour windows in this process, for a Redis outage (as LocalWindows in lib/rate-limit.ts per minute). */
class HourWindows {
  readonly #counts = new Map<string, { n: number; resetAt: number }>();

  hit(key: string, max: number, now = Date.now()): { exceeded: boolean; ttlSeconds: number } {
    let entry = this.#counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#counts.size >= 10_000)
        for (const [k, e] of this.#counts) if (e.resetAt <= now) this.#counts.delete(k);
      entry = { n: 0, resetAt: now + HOUR_MS };
      this.#counts.set(key, entry);
    }
    entry.n += 1;
    return { exceeded: entry.n > max, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }
}

function tooMany(reply: FastifyReply, ttlSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, ttlSeconds)));
  throw new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please try again later.', undefined, {
    reason: 'TOO_MANY_ATTEMPTS',
  });
}

/** A hook allowing `max` requests per hour per key (none when rate limits are off). */
export function hourlyLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  key: (req: FastifyRequest) => string,
): Limiter[] {
  if (!app.deps.config.rateLimits) return [];
  const redis = app.deps.redis;
  const local = new HourWindows();
  const check = app.createRateLimit({
    max,
    timeWindow: HOUR_MS,
    keyGenerator: (req) => `${name}:${key(req)}`,
  });
  return [
    async (req, reply) => {
      if (redis && redis.status !== 'ready') {
        const hit = local.hit(`${name}:${key(req)}`, max);
        if (hit.exceeded) tooMany(reply, hit.ttlSeconds);
        return;
      }
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      tooMany(reply, result.ttlInSeconds);
    },
  ];
}
