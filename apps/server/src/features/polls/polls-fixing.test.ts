import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roomResponse } from '@outing/contract';
import type { NotificationEvent } from '../../lib/events.js';
import type { TestApp } from '../../test/app.js';
import { createPollWorld, day, pollHelpers, pollUrl } from '../../test/polls.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';
import { formatWhen } from './service.js';

/** The host fixes one of the proposed dates, and how its notification writes the date. */

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

describe('formatWhen', () => {
  it('writes the wall-clock date and time as people read them', () => {
    expect(formatWhen('2026-12-07', '18:00')).toBe('Mon 7 Dec 18:00');
    expect(formatWhen('2027-03-28', '01:30')).toBe('Sun 28 Mar 01:30');
  });
});
