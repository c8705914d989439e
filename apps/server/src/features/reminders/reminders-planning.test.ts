import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, nextWeek } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';
import { reminderText, sendReminder } from './service.js';
import { deliveries, queuedJobs, reminderNotifications } from '../../test/reminders.js';

/**
 * How the trigger of migration 0008 plans reminder jobs in the queue, and what a job does when it runs, called
 * directly (this app runs no job runner).
 */

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A room of the host in `timeZone` (set in the database: room creation may not take a time zone yet). */
async function roomIn(timeZone: string, overrides: Record<string, unknown>) {
  const { room } = await createRoom(t, host, overrides);
  await t.database.pool.query('UPDATE rooms SET time_zone = $2 WHERE id = $1', [room.id, timeZone]);
  return room;
}
const dayAfter = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function startOf(roomId: string) {
  const { rows } = await t.database.pool.query<{ starts_at: Date; iso: string }>(
    `SELECT starts_at, to_json(starts_at) #>> '{}' AS iso FROM rooms WHERE id = $1`,
    [roomId],
  );
  return rows[0]!;
}

describe('planning (the trigger on rooms)', () => {
  it('plans the day-before and the two-hour reminder of a new room, keyed by room and kind', async () => {
    const room = await roomIn('Europe/Paris', { date: nextWeek(), time: '19:30' });
    const { starts_at, iso } = await startOf(room.id);
    const { rows } = await t.database.pool.query<{ paris: Date }>(
      `SELECT ($1::date + time '19:30') AT TIME ZONE 'Europe/Paris' AS paris`,
      [nextWeek()],
    );
    expect(starts_at).toEqual(rows[0]!.paris);
    const jobs = await queuedJobs(t.database, room.id);
    expect(Object.keys(jobs)).toEqual(['day', 'hours']);
    expect(jobs.day!.key).toBe(`reminder:${room.id}:day`);
    expect(jobs.day!.run_at.getTime()).toBe(starts_at.getTime() - 24 * HOUR);
    expect(jobs.hours!.run_at.getTime()).toBe(starts_at.getTime() - 2 * HOUR);
    expect(jobs.hours!.payload).toEqual({ roomId: room.id, kind: 'hours', startsAt: iso });
  });

  it('re-plans when the date moves: the old jobs are replaced, none is left for the old start', async () => {
    const { room } = await createRoom(t, host, { date: nextWeek(), time: '19:30' });
    const before = await startOf(room.id);
    const moved = dayAfter(nextWeek());
    const res = await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, {
      venue: 'Harbour Hall',
      placeId: 'local:harbour-hall',
      date: moved,
      time: '18:00',
      description: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await startOf(room.id);
    expect(after.starts_at.getTime()).toBe(Date.parse(`${moved}T18:00:00Z`));
    const jobs = await queuedJobs(t.database, room.id);
    expect(Object.keys(jobs)).toEqual(['day', 'hours']);
    expect(jobs.day!.run_at.getTime()).toBe(after.starts_at.getTime() - 24 * HOUR);
    expect(jobs.hours!.run_at.getTime()).toBe(after.starts_at.getTime() - 2 * HOUR);
    expect(jobs.day!.payload.startsAt).toBe(after.iso);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'roomId' = $1`,
      [room.id],
    );
    expect(rows[0]!.n).toBe(2);
    // A job planned for the old start that runs anyway (it was already running) sends nothing.
    const stale = { roomId: room.id, kind: 'day' as const, startsAt: before.iso };
    expect(await sendReminder(t.app.deps.db, t.app.deps.events, stale)).toEqual({ skipped: 'moved' });
    expect(await deliveries(t.database, room.id)).toEqual([]);
  });

  it('an edit that keeps the start (the venue or the description) leaves the jobs as they were', async () => {
    const { room } = await createRoom(t, host, { date: nextWeek(), time: '19:30' });
    const before = await t.database.pool.query(
      `SELECT id, revision FROM graphile_worker._private_jobs WHERE key LIKE $1 ORDER BY key`,
      [`reminder:${room.id}:%`],
    );
    await t.database.pool.query(
      `UPDATE rooms SET description = 'Bring a jacket', name = 'Renamed' WHERE id = $1`,
      [room.id],
    );
    const after = await t.database.pool.query(
      `SELECT id, revision FROM graphile_worker._private_jobs WHERE key LIKE $1 ORDER BY key`,
      [`reminder:${room.id}:%`],
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('drops the reminders when the room closes (and plans them again if it reopens), or is deleted', async () => {
    const { room } = await createRoom(t, host, { date: nextWeek(), time: '19:30' });
    const res = await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await queuedJobs(t.database, room.id)).toEqual({});
    const payload = { roomId: room.id, kind: 'hours' as const, startsAt: (await startOf(room.id)).iso };
    expect(await sendReminder(t.app.deps.db, t.app.deps.events, payload)).toEqual({ skipped: 'closed' });

    await t.database.pool.query('UPDATE rooms SET is_closed = false WHERE id = $1', [room.id]);
    expect(Object.keys(await queuedJobs(t.database, room.id))).toEqual(['day', 'hours']);
    await t.database.pool.query('DELETE FROM rooms WHERE id = $1', [room.id]);
    expect(await queuedJobs(t.database, room.id)).toEqual({});
  });

  it('does not plan a reminder whose moment has passed: a room 3 hours ahead gets only the two-hour one', async () => {
    const { room } = await createRoom(t, host, { date: nextWeek(), time: '19:30' });
    await t.database.pool.query(`UPDATE rooms SET starts_at = now() + interval '3 hours' WHERE id = $1`, [
      room.id,
    ]);
    expect(Object.keys(await queuedJobs(t.database, room.id))).toEqual(['hours']);
    await t.database.pool.query(`UPDATE rooms SET starts_at = now() + interval '1 hour' WHERE id = $1`, [
      room.id,
    ]);
    expect(await queuedJobs(t.database, room.id)).toEqual({});
  });
});

describe('a reminder job', () => {
  it('the day before: "<room> is tomorrow at <time> at <venue>", in the room’s own time zone, once', async () => {
    const { rows } = await t.database.pool.query<{ d: string }>(
      `SELECT to_char((now() AT TIME ZONE 'Asia/Tokyo')::date + 1, 'YYYY-MM-DD') AS d`,
    );
    const name = `Sushi ${process.pid}`;
    const room = await roomIn('Asia/Tokyo', { name, date: rows[0]!.d, time: '19:30' });
    const job = { roomId: room.id, kind: 'day' as const, startsAt: (await startOf(room.id)).iso };
    expect(await sendReminder(t.app.deps.db, t.app.deps.events, job)).toEqual({ sent: 1 });
    expect(await sendReminder(t.app.deps.db, t.app.deps.events, job)).toEqual({ skipped: 'already sent' });
    const notes = await reminderNotifications(t.database, name);
    expect(notes).toEqual([
      { user_id: host.id, content: `${name} is tomorrow at 19:30 at Luigi’s Trattoria.` },
    ]);
    const { rows: n } = await t.database.pool.query(
      `SELECT title, content FROM notifications WHERE user_id = $1 AND content = $2`,
      [host.id, notes[0]!.content],
    );
    expect(n).toEqual([{ title: 'Reminder', content: notes[0]!.content }]);
  });

  it('runs late only while it is still of use: no day-before reminder within two hours, none after the start', async () => {
    const { room } = await createRoom(t, host, { date: nextWeek(), time: '19:30' });
    const moveTo = async (sql: string) => {
      await t.database.pool.query(`UPDATE rooms SET starts_at = ${sql} WHERE id = $1`, [room.id]);
      return (await startOf(room.id)).iso;
    };
    const soon = await moveTo(`now() + interval '90 minutes'`);
    expect(
      await sendReminder(t.app.deps.db, t.app.deps.events, { roomId: room.id, kind: 'day', startsAt: soon }),
    ).toEqual({
      skipped: 'late',
    });
    const started = await moveTo(`now() - interval '1 minute'`);
    expect(
      await sendReminder(t.app.deps.db, t.app.deps.events, {
        roomId: room.id,
        kind: 'hours',
        startsAt: started,
      }),
    ).toEqual({ skipped: 'late' });
    expect(await deliveries(t.database, room.id)).toEqual([]);
    expect(
      await sendReminder(t.app.deps.db, t.app.deps.events, {
        roomId: '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11',
        kind: 'hours',
        startsAt: started,
      }),
    ).toEqual({ skipped: 'gone' });
  });

  it('words a late two-hour reminder honestly and leaves out an empty venue', () => {
    const room = {
      name: 'Picnic',
      venue: '',
      time: '12:00',
      date: '2026-12-06',
      is_closed: false,
      date_tbd: false,
      same_start: true,
    };
    const at = (seconds_left: number, local_today = '2026-12-06') =>
      reminderText('hours', { ...room, seconds_left, local_today });
    expect(at(7195)).toBe('Picnic starts in 2 hours.');
    expect(at(3000)).toBe('Picnic starts in 1 hour.');
    expect(at(1200)).toBe('Picnic starts in 20 minutes.');
    const day = (local_today: string) =>
      reminderText('day', { ...room, venue: 'The park', seconds_left: 9e4, local_today });
    expect(day('2026-12-05')).toBe('Picnic is tomorrow at 12:00 at The park.');
    expect(day('2026-12-06')).toBe('Picnic is today at 12:00 at The park.');
    expect(day('2026-12-04')).toBe('Picnic is on Sun 6 Dec at 12:00 at The park.');
  });
});
