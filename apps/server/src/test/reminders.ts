import { expect } from 'vitest';
import { subscriptionResponse } from '@outing/contract';
import type { TestApp } from './app.js';
import type { TestDatabase } from './db.js';
import { browserKeys, type startPushEndpoint } from './push-endpoint.js';
import { as } from './rooms.js';
import type { TestUser } from './users.js';

/** The job runner on, looking for due jobs ten times a second, pushing to the loopback test endpoint. */
export const jobsEnv = { JOBS: 'on', JOBS_POLL_INTERVAL_MS: '100', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 8_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Moves the room's start to `now + 2 h + seconds` (straight in the database: the API takes whole minutes), which
 * the trigger re-plans: the two-hour reminder is due in `seconds`, the day-before one is already past.
 */
export async function startsInTwoHoursAnd(db: TestDatabase, roomId: string, seconds: number) {
  const { rows } = await db.pool.query<{ starts_at: Date; due: Date }>(
    `UPDATE rooms SET starts_at = now() + interval '2 hours' + make_interval(secs => $2)
     WHERE id = $1 RETURNING starts_at, starts_at - interval '2 hours' AS due`,
    [roomId, seconds],
  );
  return rows[0]!;
}

export type QueuedJob = {
  key: string;
  run_at: Date;
  payload: { roomId: string; kind: string; startsAt: string };
};

/** The room's reminder jobs still in the queue (not yet done), by kind. */
export async function queuedJobs(db: TestDatabase, roomId: string): Promise<Record<string, QueuedJob>> {
  const { rows } = await db.pool.query<QueuedJob>(
    `SELECT key, run_at, payload FROM graphile_worker._private_jobs WHERE key LIKE $1 ORDER BY key`,
    [`reminder:${roomId}:%`],
  );
  return Object.fromEntries(rows.map((r) => [r.key.split(':')[2]!, r]));
}

export async function deliveries(db: TestDatabase, roomId: string) {
  const { rows } = await db.pool.query<{ kind: string }>(
    'SELECT kind FROM reminder_deliveries WHERE room_id = $1 ORDER BY kind',
    [roomId],
  );
  return rows.map((r) => r.kind);
}

/** Reminder notifications of the room (its name is unique in the test), per user id. */
export async function reminderNotifications(db: TestDatabase, roomName: string) {
  const { rows } = await db.pool.query<{ user_id: number; content: string }>(
    `SELECT user_id, content FROM notifications WHERE title = 'Reminder' AND starts_with(content, $1)
     ORDER BY user_id, id`,
    [`${roomName} `],
  );
  return rows;
}

/** Everything queued is done: nothing left due in the queue, nor locked by a runner, nor failed (and retried later). */
export async function queueSettled(db: TestDatabase) {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs 
     WHERE run_at <= now() OR locked_at IS NOT NULL OR last_error IS NOT NULL`,
  );
  return rows[0]!.n === 0;
}

/** Subscribes the user to push at the test endpoint; their pushes are the endpoint's requests to `endpoint`. */
export async function subscribePush(
  t: TestApp,
  service: Awaited<ReturnType<typeof startPushEndpoint>>,
  u: TestUser,
) {
  const keys = browserKeys();
  const endpoint = service.endpoint(`u${u.id}`);
  const res = await as(t, u)('POST', '/v1/subscriptions', {
    userId: u.id,
    endpoint,
    auth: keys.auth,
    p256dh: keys.p256dh,
  });
  expect(res.statusCode, res.body).toBe(200);
  subscriptionResponse.parse(res.json());
  return { keys, path: new URL(endpoint).pathname };
}
