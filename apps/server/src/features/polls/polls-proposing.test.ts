import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../lib/events.js';
import type { TestApp } from '../../test/app.js';
import { createPollWorld, day, options, pollHelpers, pollUrl } from '../../test/polls.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/** Proposing dates, reading the poll and cancelling it (docs/api/README.md#plans). */

let t: TestApp;
let host: TestUser;
let member: TestUser;
let stranger: TestUser;
let invitee: TestUser;
const delivered: NotificationEvent[] = [];
const updated: string[] = [];
beforeAll(async () => {
  ({ t, host, member, stranger, invitee } = await createPollWorld(delivered, updated));
});
/** Forgets what the set-up of a test raised. */
function reset() {
  delivered.length = 0;
  updated.length = 0;
}
afterEach(reset);
afterAll(() => t.close());

const { room, start, read, castVote, notesOf } = pollHelpers(() => ({ t, host, member, stranger, invitee }));

describe('POST /v1/rooms/{id}/date-poll', () => {
  it('the host proposes dates: options in date order with their start in the room’s zone, members told', async () => {
    const id = await room();
    await t.database.pool.query(`UPDATE rooms SET time_zone = 'Europe/London' WHERE id = $1`, [id]);
    const before = (await notesOf(member)).length;
    reset();
    const poll = await start(id, [...options, { date: '2027-03-28', time: '19:30' }]);
    expect(poll.roomId).toBe(id);
    expect(poll.options.map((o) => [o.date.slice(0, 10), o.time])).toEqual([
      [options[1]!.date, '20:30'],
      [options[2]!.date, '12:00'],
      [options[0]!.date, '19:00'],
      ['2027-03-28', '19:30'],
    ]);
    // The last Sunday of March: British Summer Time, UTC+1.
    expect(poll.options[3]).toMatchObject({ startsAt: '2027-03-28T18:30:00.000Z', yes: 0, maybe: 0, no: 0 });
    expect(poll.options.every((o) => o.myVote === null && o.votes.length === 0)).toBe(true);
    expect(await read(member, id)).toEqual(poll);
    const notes = await notesOf(member);
    expect(notes.slice(before)).toEqual([
      {
        title: 'Pick a date',
        content: 'poll_host proposed dates for Friday dinner: vote for the ones that suit you.',
      },
    ]);
    expect(delivered.map((d) => [d.notification.userId, d.url])).toEqual([[member.id, `/room/${id}`]]);
    expect(updated).toEqual([id]);
  });

  it('replaces an open poll, dropping its options and their votes', async () => {
    const id = await room();
    const first = await start(id);
    expect((await castVote(member, id, first.options[0]!.id, 'yes')).statusCode).toBe(200);
    const second = await start(id, [
      { date: day(20), time: '18:00' },
      { date: day(21), time: '18:00' },
    ]);
    expect(second.options.map((o) => o.date.slice(0, 10))).toEqual([day(20), day(21)]);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM date_votes WHERE option_id = ANY($1)',
      [first.options.map((o) => o.id)],
    );
    expect(rows[0].n).toBe(0);
    expect((await castVote(member, id, first.options[0]!.id, 'yes')).statusCode).toBe(404);
  });

  it('refuses bad proposals with a sentence: past dates, duplicates, too few or too many, bad times', async () => {
    const id = await room();
    const post = (opts: unknown) => as(t, host)('POST', pollUrl(id), { options: opts });
    const past = await post([{ date: day(-2), time: '19:00' }, options[0]]);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Date must be in the future',
      issues: [{ path: 'options.0.date', message: 'Date must be in the future' }],
    });
    const twice = await post([options[0], options[1], { ...options[0] }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      issues: [{ path: 'options.2', message: 'This date and time is already proposed' }],
    });
    const cases: [unknown, string][] = [
      [[options[0]], 'Propose at least 2 dates'],
      [Array.from({ length: 6 }, (_, i) => ({ date: day(3 + i), time: '19:00' })), 'Propose at most 5 dates'],
      [[options[0], { date: day(3), time: '25:00' }], 'Time must be HH:MM'],
      [[options[0], { date: 'tomorrow', time: '19:00' }], 'Date must be an ISO date'],
    ];
    for (const [opts, message] of cases) {
      const res = await post(opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(400);
      expect(res.body).toContain(message);
    }
    // Yesterday is still allowed, as for a room's own date (every zone's today).
    expect((await post([{ date: day(-1), time: '23:00' }, options[0]])).statusCode).toBe(200);
  });

  it('is the host’s: 403 for a member or a stranger, 404 for no room, 409 once closed; nothing changes', async () => {
    const id = await room();
    for (const u of [member, stranger, invitee]) {
      const res = await as(t, u)('POST', pollUrl(id), { options });
      expect(res.statusCode).toBe(403);
    }
    expect((await as(t, host)('POST', pollUrl(randomUUID()), { options })).statusCode).toBe(404);
    expect((await as(t, host)('POST', pollUrl('nope'), { options })).statusCode).toBe(404);
    expect((await as(t, host)('PATCH', `/v1/rooms/${id}/close`)).statusCode).toBe(200);
    const closed = await as(t, host)('POST', pollUrl(id), { options });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: 'This room is closed.' });
    const { rows } = await t.database.pool.query('SELECT 1 FROM date_options WHERE room_id = $1', [id]);
    expect(rows).toEqual([]);
  });
});

describe('GET /v1/rooms/{id}/date-poll', () => {
  it('answers members and pending invitees null when there is no poll; refuses anyone else', async () => {
    const id = await room();
    expect(await read(member, id)).toBeNull();
    expect(await read(host, id)).toBeNull();
    expect(await read(invitee, id)).toBeNull();
    const refused = await as(t, stranger)('GET', pollUrl(id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'NOT_MEMBER' });
    expect((await as(t, member)('GET', pollUrl(randomUUID()))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pollUrl(id) })).statusCode).toBe(401);
  });
});

describe('DELETE /v1/rooms/{id}/date-poll', () => {
  it('the host cancels the poll; others are refused', async () => {
    const id = await room();
    await start(id);
    for (const u of [member, stranger]) expect((await as(t, u)('DELETE', pollUrl(id))).statusCode).toBe(403);
    reset();
    const res = await as(t, host)('DELETE', pollUrl(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: null });
    expect(await read(member, id)).toBeNull();
    expect(updated).toEqual([id]);
    expect((await as(t, host)('DELETE', pollUrl(id))).statusCode).toBe(200);
  });
});
