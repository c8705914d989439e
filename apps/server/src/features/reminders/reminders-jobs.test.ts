import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../lib/push-sender.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';
import { sendReminder } from './service.js';
import {
  deliveries,
  jobsEnv,
  queueSettled,
  queuedJobs,
  reminderNotifications,
  sleep,
  startsInTwoHoursAnd,
  subscribePush,
  waitFor,
} from '../../test/reminders.js';

/**
 * Reminders through the real job queue (graphile-worker) on real PostgreSQL: several server instances on one
 * database, runners stopped and started, pushes received and decrypted by a push endpoint on loopback.
 */

const vapid = generateVapidKeys();
const pushOptions = { backoffMs: 20, maxAttempts: 2, timeoutMs: 2000 };
let database: TestDatabase;
let service: Awaited<ReturnType<typeof startPushEndpoint>>;
let setup: TestApp; // no runner: creates users and rooms
const running: TestApp[] = [];

const instance = async (env: Record<string, string> = jobsEnv) => {
  const t = await createTestApp(env, undefined, { database, vapid, pushOptions });
  running.push(t);
  return t;
};
const stop = async (t: TestApp) => {
  running.splice(running.indexOf(t), 1);
  await t.close();
};

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startPushEndpoint();
  setup = await instance({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' });
});
afterAll(async () => {
  for (const t of [...running]) await t.close();
  await database.drop();
  await service.close();
});

let n = 0;
/** A public room of `host` that `members` joined, all going; its name is unique. */
async function roomWith(host: TestUser, members: TestUser[]) {
  n += 1;
  const { room } = await createRoom(setup, host, { name: `Outing ${n} ${process.pid}` });
  for (const m of members) {
    const res = await as(setup, m)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return room;
}

type Keys = Awaited<ReturnType<typeof subscribePush>>['keys'];
/** Which of `users` each push received since `mark` was for (it decrypts with exactly one user's keys). */
function pushesSince(mark: number, users: { id: number; keys: Keys }[]) {
  const per = new Map<number, string[]>();
  for (const got of service.received.slice(mark)) {
    for (const u of users) {
      try {
        const body = JSON.parse(u.keys.decrypt(got.body)) as { message: string };
        per.set(u.id, [...(per.get(u.id) ?? []), body.message]);
        break;
      } catch {
        // another user's subscription
      }
    }
  }
  return per;
}

const sentLines = (t: TestApp) =>
  t.logs.filter((l) => l.includes('"msg":"room reminder"') && l.includes('"sent"')).length;

describe('reminders on the job queue', () => {
  it('two instances with runners: each due reminder goes out once (notification + push), the past day-before one never', async () => {
    const [host, ann, ben] = await Promise.all([createUser(setup), createUser(setup), createUser(setup)]);
    const subs = await Promise.all([host, ann, ben].map((u) => subscribePush(setup, service, u)));
    const users = [host, ann, ben].map((u, i) => ({ id: u.id, keys: subs[i]!.keys }));
    const [a, b] = await Promise.all([instance(), instance()]);
    const rooms: Awaited<ReturnType<typeof roomWith>>[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await roomWith(host, [ann, ben]));
    // The joins tell the host (rsvp_changed, pushed too): only what comes after them is counted.
    await setup.app.deps.events.idle();
    await setup.app.push!.drain();
    const mark = service.received.length;
    for (const room of rooms) {
      await startsInTwoHoursAnd(database, room.id, 2);
      expect(Object.keys(await queuedJobs(database, room.id))).toEqual(['hours']);
    }

    await waitFor('the reminders', async () => {
      for (const room of rooms) if ((await deliveries(database, room.id)).length === 0) return false;
      return queueSettled(database);
    });
    await sleep(300); // a second run, if there were one, would have its notifications by now
    await Promise.all([a.app.deps.events.idle(), b.app.deps.events.idle()]);
    await Promise.all([a.app.push!.drain(), b.app.push!.drain()]);

    for (const room of rooms) {
      expect(await deliveries(database, room.id)).toEqual(['hours']);
      const notes = await reminderNotifications(database, room.name);
      expect(notes.map((x) => x.user_id).sort()).toEqual([host.id, ann.id, ben.id].sort());
      expect(notes[0]!.content).toBe(`${room.name} starts in 2 hours at Luigi’s Trattoria.`);
    }
    const pushes = pushesSince(mark, users);
    for (const u of users) {
      expect(pushes.get(u.id)?.sort()).toEqual(
        rooms.map((r) => `${r.name} starts in 2 hours at Luigi’s Trattoria.`).sort(),
      );
    }
    expect(service.received.length - mark).toBe(9);
    // One job, one sending instance: the three sends are split between the two runners, never doubled.
    expect(sentLines(a) + sentLines(b)).toBe(3);
    await Promise.all([stop(a), stop(b)]);
  });

  it('survives a restart: planned while A runs, A stops before the moment, B started later sends it once', async () => {
    const [host, ann] = await Promise.all([createUser(setup), createUser(setup)]);
    const a = await instance();
    const room = await roomWith(host, [ann]);
    const { due } = await startsInTwoHoursAnd(database, room.id, 2);
    await stop(a); // graceful: nothing was due yet
    expect(Object.keys(await queuedJobs(database, room.id))).toEqual(['hours']);
    await sleep(Math.max(0, due.getTime() - Date.now()) + 500);
    // Past its moment with no runner anywhere: still queued, not lost and not sent.
    expect(await deliveries(database, room.id)).toEqual([]);
    expect(Object.keys(await queuedJobs(database, room.id))).toEqual(['hours']);

    const b = await instance();
    await waitFor('B to send it', async () => (await deliveries(database, room.id)).length === 1);
    await waitFor('the queue to settle', () => queueSettled(database));
    await b.app.deps.events.idle();
    const notes = await reminderNotifications(database, room.name);
    expect(notes.map((x) => x.user_id).sort()).toEqual([host.id, ann.id].sort());
    expect(sentLines(a)).toBe(0);
    expect(sentLines(b)).toBe(1);
    await stop(b);
  });

  it('stops gracefully: a job running when the server closes finishes, and its push still goes out', async () => {
    const host = await createUser(setup);
    const sub = await subscribePush(setup, service, host);
    const t = await instance();
    const room = await roomWith(host, []);
    const mark = service.received.length;
    // Another transaction holds the room: the job, once started, waits for it inside its own transaction.
    const blocker = await database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await startsInTwoHoursAnd(database, room.id, 1); // planned (and committed) before the lock is taken
      await blocker.query('SELECT 1 FROM rooms WHERE id = $1 FOR UPDATE', [room.id]);
      await waitFor('the job to start', async () => {
        const { rows } = await database.pool.query(
          'SELECT 1 FROM graphile_worker._private_jobs WHERE key = $1 AND locked_at IS NOT NULL',
          [`reminder:${room.id}:hours`],
        );
        return rows.length === 1;
      });
      let closed = false;
      const closing = stop(t).then(() => (closed = true));
      await sleep(400);
      expect(closed).toBe(false); // waiting for the running job
      await blocker.query('COMMIT');
      await closing;
    } finally {
      blocker.release();
    }
    expect(await deliveries(database, room.id)).toEqual(['hours']);
    expect(await reminderNotifications(database, room.name)).toHaveLength(1);
    expect(await queuedJobs(database, room.id)).toEqual({});
    expect(pushesSince(mark, [{ id: host.id, keys: sub.keys }]).get(host.id)).toHaveLength(1);
  });

  it('reaches only members going or maybe with reminders on; a retried job sends nothing more', async () => {
    const [host, ann, ben, cat] = await Promise.all([1, 2, 3, 4].map(() => createUser(setup)));
    const room = await roomWith(host!, [ann!, ben!, cat!]);
    const off = await as(setup, ann!)('PATCH', `/v1/users/${ann!.id}/preferences`, { eventReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    await database.pool.query(
      `UPDATE room_members SET rsvp = CASE user_id WHEN $2 THEN 'declined' ELSE 'maybe' END
       WHERE room_id = $1 AND user_id IN ($2, $3)`,
      [room.id, ben!.id, cat!.id],
    );
    const t = await instance();
    await startsInTwoHoursAnd(database, room.id, 1);
    await waitFor('the reminder', async () => (await deliveries(database, room.id)).length === 1);
    await waitFor('the queue to settle', () => queueSettled(database));
    const sent = await reminderNotifications(database, room.name);
    expect(sent.map((x) => x.user_id).sort()).toEqual([host!.id, cat!.id].sort());

    // The same job again (a retry after a crash between the commit and the job's completion, or a duplicate).
    const { rows } = await database.pool.query<{ starts_at: string }>(
      `SELECT to_json(starts_at) #>> '{}' AS starts_at FROM rooms WHERE id = $1`, // to the microsecond
      [room.id],
    );
    const payload = { roomId: room.id, kind: 'hours' as const, startsAt: rows[0]!.starts_at };
    await database.pool.query(
      `SELECT graphile_worker.add_job('room-reminder', $1::json, job_key => 'again')`,
      [JSON.stringify(payload)],
    );
    await sleep(200);
    await waitFor('the retry to run', () => queueSettled(database));
    expect(t.logs.some((l) => l.includes('"skipped":"already sent"'))).toBe(true);
    expect(await sendReminder(t.app.deps.db, t.app.deps.events, payload)).toEqual({
      skipped: 'already sent',
    });
    expect(await reminderNotifications(database, room.name)).toEqual(sent);
    await stop(t);
  });
});
