import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { datePollResponse, roomResponse, type DatePoll } from '@outing/contract';
import type { NotificationEvent } from '../../lib/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { formatWhen } from './service.js';

let t: TestApp;
let host: TestUser;
let member: TestUser;
let stranger: TestUser;
let invitee: TestUser;
const delivered: NotificationEvent[] = [];
const updated: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  [host, member, stranger, invitee] = await Promise.all([
    createUser(t, { username: 'poll_host' }),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  await makeFriends(t, host, invitee);
  t.app.deps.events.onNotification((e) => void delivered.push(e));
  t.app.deps.events.onRoomUpdated((id) => void updated.push(id));
});
/** Forgets what the set-up of a test raised. */
function reset() {
  delivered.length = 0;
  updated.length = 0;
}
afterEach(reset);
afterAll(() => t.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const options = [
  { date: day(10), time: '19:00' },
  { date: day(9), time: '20:30' },
  { date: day(10), time: '12:00' },
];

/** A room of the host with the member in it and a pending invite for the invitee. */
async function room(overrides: Record<string, unknown> = {}) {
  const { room } = await createRoom(t, host, { name: 'Friday dinner', ...overrides }, [invitee.id]);
  expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room.id;
}

const pollUrl = (roomId: string) => `/v1/rooms/${roomId}/date-poll`;

async function start(roomId: string, opts = options): Promise<DatePoll> {
  const res = await as(t, host)('POST', pollUrl(roomId), { options: opts });
  expect(res.statusCode, res.body).toBe(200);
  return datePollResponse.parse(res.json()).data!;
}

async function read(u: TestUser, roomId: string) {
  const res = await as(t, u)('GET', pollUrl(roomId));
  expect(res.statusCode, res.body).toBe(200);
  return datePollResponse.parse(res.json()).data;
}

const castVote = (u: TestUser, roomId: string, optionId: number, vote: string) =>
  as(t, u)('PUT', `${pollUrl(roomId)}/${optionId}`, { vote });

async function notesOf(u: TestUser) {
  const { rows } = await t.database.pool.query<{ title: string; content: string }>(
    'SELECT title, content FROM notifications WHERE user_id = $1 ORDER BY id',
    [u.id],
  );
  return rows;
}

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
  it('answers members null when there is no poll; refuses non-members', async () => {
    const id = await room();
    expect(await read(member, id)).toBeNull();
    expect(await read(host, id)).toBeNull();
    for (const u of [stranger, invitee]) expect((await as(t, u)('GET', pollUrl(id))).statusCode).toBe(403);
    expect((await as(t, member)('GET', pollUrl(randomUUID()))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pollUrl(id) })).statusCode).toBe(401);
  });
});

describe('PUT /v1/rooms/{id}/date-poll/{optionId}', () => {
  it('records, changes and counts each member’s vote', async () => {
    const id = await room();
    const poll = await start(id);
    reset();
    const [a, b] = poll.options;
    expect((await castVote(member, id, a!.id, 'yes')).statusCode).toBe(200);
    expect((await castVote(host, id, a!.id, 'maybe')).statusCode).toBe(200);
    const res = await castVote(member, id, b!.id, 'no');
    const after = datePollResponse.parse(res.json()).data!;
    expect(after.options[0]).toMatchObject({ id: a!.id, yes: 1, maybe: 1, no: 0, myVote: 'yes' });
    expect(after.options[0]!.votes).toEqual([
      { userId: member.id, vote: 'yes' },
      { userId: host.id, vote: 'maybe' },
    ]);
    expect(after.options[1]).toMatchObject({ id: b!.id, yes: 0, maybe: 0, no: 1, myVote: 'no' });
    // A second vote replaces the first.
    expect((await castVote(member, id, a!.id, 'no')).statusCode).toBe(200);
    const mine = (await read(member, id))!.options[0]!;
    expect(mine).toMatchObject({ yes: 0, maybe: 1, no: 1, myVote: 'no' });
    expect((await read(host, id))!.options[0]!.myVote).toBe('maybe');
    expect(updated.filter((r) => r === id)).toHaveLength(4);
  });

  it('refuses non-members (403), options of another room or none (404), closed rooms (409), bad votes (400)', async () => {
    const id = await room();
    const other = await room();
    const [mine] = (await start(id)).options;
    const [theirs] = (await start(other)).options;
    for (const u of [stranger, invitee])
      expect((await castVote(u, id, mine!.id, 'yes')).statusCode).toBe(403);
    expect((await castVote(member, id, theirs!.id, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, id, 2_147_483_647, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, id, 0, 'yes')).statusCode).toBe(404);
    expect((await castVote(member, randomUUID(), mine!.id, 'yes')).statusCode).toBe(404);
    const bad = await castVote(member, id, mine!.id, 'perhaps');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Vote yes, maybe or no');
    expect((await as(t, host)('PATCH', `/v1/rooms/${id}/close`)).statusCode).toBe(200);
    expect((await castVote(member, id, mine!.id, 'yes')).statusCode).toBe(409);
    const { rows } = await t.database.pool.query('SELECT 1 FROM date_votes WHERE option_id IN ($1, $2)', [
      mine!.id,
      theirs!.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('no longer counts a member who left', async () => {
    const id = await room();
    const [a] = (await start(id)).options;
    expect((await castVote(member, id, a!.id, 'yes')).statusCode).toBe(200);
    expect((await as(t, member)('PATCH', `/v1/rooms/${id}/leave`)).statusCode).toBe(200);
    expect((await read(host, id))!.options[0]).toMatchObject({ yes: 0, votes: [] });
  });
});

describe('POST /v1/rooms/{id}/date-poll/{optionId}/fix', () => {
  it('sets the room’s date and time, ends the poll and tells every member and invitee but the host', async () => {
    const id = await room();
    await t.database.pool.query(`UPDATE rooms SET time_zone = 'Europe/London' WHERE id = $1`, [id]);
    const { rows: before } = await t.database.pool.query('SELECT schedule_seq FROM rooms WHERE id = $1', [
      id,
    ]);
    const poll = await start(id, [
      { date: '2027-12-05', time: '18:00' },
      { date: '2027-03-28', time: '19:30' },
    ]);
    const sunday = poll.options.find((o) => o.date.startsWith('2027-12-05'))!;
    expect((await castVote(member, id, sunday.id, 'yes')).statusCode).toBe(200);
    reset();
    const hostNotes = (await notesOf(host)).length;

    const res = await as(t, host)('POST', `${pollUrl(id)}/${sunday.id}/fix`);
    expect(res.statusCode, res.body).toBe(200);
    const fixed = roomResponse.parse(res.json()).data;
    expect(fixed).toMatchObject({
      id,
      date: '2027-12-05T00:00:00.000Z',
      time: '18:00',
      timeZone: 'Europe/London',
      startsAt: '2027-12-05T18:00:00.000Z',
    });
    const { rows } = await t.database.pool.query('SELECT schedule_seq FROM rooms WHERE id = $1', [id]);
    expect(rows[0].schedule_seq).toBe(before[0].schedule_seq + 1);
    expect(await read(member, id)).toBeNull();
    const { rows: left } = await t.database.pool.query(
      'SELECT (SELECT count(*)::int FROM date_options WHERE room_id = $1) AS options, (SELECT count(*)::int FROM date_votes WHERE option_id = $2) AS votes',
      [id, sunday.id],
    );
    expect(left[0]).toEqual({ options: 0, votes: 0 });

    const message = 'Friday dinner: the date is set — Sun 5 Dec 18:00.';
    for (const u of [member, invitee])
      expect((await notesOf(u)).at(-1)).toEqual({ title: 'Date set', content: message });
    expect((await notesOf(host)).length).toBe(hostNotes);
    expect(delivered.map((d) => d.notification.userId).sort()).toEqual([member.id, invitee.id].sort());
    expect(delivered.every((d) => d.url === `/room/${id}` && d.notification.content === message)).toBe(true);
    expect(updated).toEqual([id]);
    // The room's calendar entry moved with it.
    const ics = await as(t, member)('GET', `/v1/rooms/${id}/calendar.ics`);
    expect(ics.body).toContain('DTSTART:20271205T180000Z');
  });

  it('is the host’s: 403 for members, 404 for an option of another room, 409 for a date that has passed', async () => {
    const id = await room();
    const other = await room();
    const [mine] = (await start(id)).options;
    const [theirs] = (await start(other)).options;
    const fix = (u: TestUser, roomId: string, optionId: number) =>
      as(t, u)('POST', `${pollUrl(roomId)}/${optionId}/fix`);
    for (const u of [member, stranger, invitee]) expect((await fix(u, id, mine!.id)).statusCode).toBe(403);
    expect((await fix(host, id, theirs!.id)).statusCode).toBe(404);
    expect((await fix(host, randomUUID(), mine!.id)).statusCode).toBe(404);
    await t.database.pool.query(`UPDATE date_options SET date = $2 WHERE id = $1`, [mine!.id, day(-3)]);
    const passed = await fix(host, id, mine!.id);
    expect(passed.statusCode).toBe(409);
    expect(passed.json()).toMatchObject({ message: 'This date has passed. Propose new dates.' });
    expect((await read(host, id))!.options).toHaveLength(3);
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

describe('formatWhen', () => {
  it('writes the wall-clock date and time as people read them', () => {
    expect(formatWhen('2026-12-07', '18:00')).toBe('Mon 7 Dec 18:00');
    expect(formatWhen('2027-03-28', '01:30')).toBe('Sun 28 Mar 01:30');
  });
});
