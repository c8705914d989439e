import { createTestApp, type TestApp } from '../test/app.js';
import { installChangeCounter } from './harness.js';

/**
 * Routes run concurrently in lanes: each lane is the app on its own database, so that one route's successes never
 * look like another route's 4xx changing rows; within a lane routes take turns.
 */
export type Lane = { t: TestApp; changes: Awaited<ReturnType<typeof installChangeCounter>> };

export async function createLanes(count: number) {
  const lanes: Lane[] = await Promise.all(
    Array.from({ length: count }, async () => {
      // Nothing numbers messages in the background: a batch of a route's sends numbered during a later request
      // would look like that request's 4xx changing rows.
      const t = await createTestApp({ LOG_LEVEL: 'warn' }, undefined, { messageNumbering: null });
      return { t, changes: await installChangeCounter(t) };
    }),
  );
  const free = [...lanes];
  const waiting: ((lane: Lane) => void)[] = [];
  /** Runs `fn` on the next free lane. */
  async function withLane<T>(fn: (lane: Lane) => Promise<T>): Promise<T> {
    const lane = free.pop() ?? (await new Promise<Lane>((resolve) => waiting.push(resolve)));
    try {
      return await fn(lane);
    } finally {
      const next = waiting.shift();
      if (next) next(lane);
      else free.push(lane);
    }
  }
  return { lanes, withLane, close: () => Promise.all(lanes.map((l) => l.t.close())) };
}
