import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedResponse, calendarFeedStatusResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { parseIcs } from '../../test/ics.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import type { CalendarRoom } from './ics.js';
import { FEED_LIMIT_PER_MINUTE } from './routes.js';
import { FeedCache } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
});
afterAll(() => t.close());

const feedPath = (u: TestUser) => `/v1/users/${u.id}/calendar-feed`;

async function subscribe(u: TestUser) {
  const res = await as(t, u)('POST', feedPath(u));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const { url } = calendarFeedResponse.parse(res.json()).data;
  const m = /^https:\/\/outing\.example(\/v1\/calendar\/([A-Za-z0-9_-]+)\.ics)$/.exec(url);
  expect(m, url).not.toBeNull();
  return { url, path: m![1]!, secret: m![2]! };
}

/** The feed as a calendar app fetches it: no token. */
const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('POST /v1/users/{id}/calendar-feed', () => {
  it('gives a secret link of 256 random bits and keeps only its SHA-256', async () => {
    const u = await createUser(t);
    const { secret } = await subscribe(u);
    expect(secret).toHaveLength(43); // 32 bytes, base64url
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const { rows } = await t.database.pool.query('SELECT * FROM calendar_feeds WHERE user_id = $1', [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);
    const status = await as(t, u)('GET', feedPath(u));
    expect(calendarFeedStatusResponse.parse(status.json()).data).toEqual({
      active: true,
      createdAt: (rows[0].created_at as Date).toISOString(),
    });
    expect(status.body).not.toContain(secret);
  });

  it('a new link revokes the earlier one; DELETE revokes the current one; both then answer the same 404', async () => {
    const u = await createUser(t);
    const first = await subscribe(u);
    expect((await fetchFeed(first.path)).statusCode).toBe(200);
    const second = await subscribe(u);
    expect(second.secret).not.toBe(first.secret);
    const revoked = await fetchFeed(first.path);
    expect(revoked.statusCode).toBe(404);
    expect((await fetchFeed(second.path)).statusCode).toBe(200);

    const del = await as(t, u)('DELETE', feedPath(u));
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ status: 'success', data: null });
    const gone = await fetchFeed(second.path);
    expect(gone.statusCode).toBe(404);
    const unknown = await fetchFeed(`/v1/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await fetchFeed('/v1/calendar/short.ics');
    for (const res of [gone, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(revoked.body);
    }
    expect(revoked.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
    expect(calendarFeedStatusResponse.parse((await as(t, u)('GET', feedPath(u))).json()).data).toEqual({
      active: false,
      createdAt: null,
    });
    // Revoking with no link is fine too.
    expect((await as(t, u)('DELETE', feedPath(u))).statusCode).toBe(200);
  });

  it('is self only: another user’s id is 403 and changes nothing; no token is 401', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await subscribe(other);
    const before = await t.database.pool.query('SELECT * FROM calendar_feeds WHERE user_id = $1', [other.id]);
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      const res = await as(t, u)(method, feedPath(other));
      expect(res.statusCode, method).toBe(403);
      const anonymous = await t.app.inject({ method, url: feedPath(other) });
      expect(anonymous.statusCode).toBe(401);
    }
    const after = await t.database.pool.query('SELECT * FROM calendar_feeds WHERE user_id = $1', [other.id]);
    expect(after.rows).toEqual(before.rows);
  });
});

describe('GET /v1/calendar/{secret}.ics', () => {
  it('lists the owner’s open rooms and recently closed ones as cancelled, and nothing else', async () => {
    const [owner, host] = await Promise.all([createUser(t), createUser(t)]);
    await makeFriends(t, owner, host);
    const join = async (name: string) => {
      const { room } = await createRoom(t, host, { name });
      expect((await as(t, owner)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
      return room;
    };
    const own = (await createRoom(t, owner, { name: 'Mine' })).room;
    const joined = await join('Joined');
    const closedRecently = await join('Closed last week');
    const closedLongAgo = await join('Closed in spring');
    const declined = await join('Cannot come');
    await createRoom(t, host, { name: 'Not mine' });
    await createRoom(t, host, { name: 'Only invited' }, [owner.id]);
    for (const r of [closedRecently, closedLongAgo])
      expect((await as(t, host)('PATCH', `/v1/rooms/${r.id}/close`)).statusCode).toBe(200);
    await t.database.pool.query(
      `UPDATE rooms SET updated_at = now() - CASE WHEN id = $1 THEN interval '7 days' ELSE interval '31 days' END
        WHERE id IN ($1, $2)`,
      [closedRecently.id, closedLongAgo.id],
    );
    await t.database.pool.query(
      `UPDATE room_members SET rsvp = 'declined' WHERE room_id = $1 AND user_id = $2`,
      [declined.id, owner.id],
    );
    // Soonest first: the joined room a day earlier, the closed one a day later than the owner's own.
    await t.database.pool.query(`UPDATE rooms SET date = date - 1 WHERE id = $1`, [joined.id]);
    await t.database.pool.query(`UPDATE rooms SET date = date + 1 WHERE id = $1`, [closedRecently.id]);

    const { path } = await subscribe(owner);
    const res = await fetchFeed(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const { calendar, events } = parseIcs(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Outing');
    expect(events.map((e) => [e.summary, e.status])).toEqual([
      ['Joined', 'CONFIRMED'],
      ['Mine', 'CONFIRMED'],
      ['Closed last week', 'CANCELLED'],
    ]);
    expect(events.map((e) => e.uid)).toEqual(
      [joined, own, closedRecently].map((r) => `${r.id}@outing.example`),
    );
    // The feed's entry is the one the room's own .ics gives (same UID, same SEQUENCE).
    const single = parseIcs((await as(t, owner)('GET', `/v1/rooms/${own.id}/calendar.ics`)).body).events[0];
    expect(events[1]).toEqual(single);
  });

  it('follows edits: a moved room comes with a higher SEQUENCE at the next refresh', async () => {
    const owner = await createUser(t);
    const { room } = await createRoom(t, owner, { name: 'Moving' });
    const { path } = await subscribe(owner);
    const before = parseIcs((await fetchFeed(path)).body).events[0]!;
    await t.database.pool.query(`UPDATE rooms SET time = '22:00' WHERE id = $1`, [room.id]);
    const after = parseIcs((await fetchFeed(path)).body).events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(Date.parse(after.start) - Date.parse(before.start)).toBe(150 * 60_000);
  });

  it('an empty calendar is still a valid calendar', async () => {
    const owner = await createUser(t);
    await t.database.pool.query('DELETE FROM room_members WHERE user_id = $1', [owner.id]);
    const { path } = await subscribe(owner);
    const res = await fetchFeed(path);
    expect(res.statusCode).toBe(200);
    expect(parseIcs(res.body).events).toEqual([]);
  });

  it('never writes the secret to the log', async () => {
    const owner = await createUser(t);
    const { path, secret } = await subscribe(owner);
    const guessed = 'B'.repeat(43);
    const from = t.logs.length;
    expect((await fetchFeed(path)).statusCode).toBe(200);
    expect((await fetchFeed(`${path}?x=1`)).statusCode).toBe(200);
    expect((await fetchFeed(`/v1/calendar/${guessed}.ics`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(200);
    // The router decodes the path: an encoded spelling reaches the feed, and is not logged either.
    expect((await fetchFeed(path.replace('/calendar/', '/%63alendar/'))).statusCode).toBe(200);
    expect((await fetchFeed(path.replace('/v1/', '/v1//'))).statusCode).toBe(404);
    const lines = t.logs.slice(from).join('');
    expect(lines).toContain('/v1/calendar/[REDACTED]');
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain(guessed);
    // The answer that created it is not logged with its body either.
    expect(t.logs.join('')).not.toContain(secret);
  });
});

describe('the feed’s rate limit', () => {
  it(`answers 429 with Retry-After past ${FEED_LIMIT_PER_MINUTE} requests a minute from one address`, async () => {
    const limited = await createTestApp({ PUBLIC_URL: 'https://outing.example', RATE_LIMITS: 'on' });
    try {
      const url = `/v1/calendar/${'C'.repeat(43)}.ics`;
      for (let i = 0; i < FEED_LIMIT_PER_MINUTE; i++)
        expect((await limited.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const res = await limited.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('FeedCache', () => {
  const room = (seq: number): CalendarRoom => ({
    id: '6f1c2d1e-1111-4222-8333-444455556666',
    name: 'Dinner',
    venue: 'Hall',
    description: '',
    startsAt: new Date('2027-03-28T18:30:00Z'),
    createdAt: new Date('2026-11-01T10:00:00Z'),
    updatedAt: new Date('2026-11-02T10:00:00Z'),
    scheduleSeq: seq,
    isClosed: false,
  });

  it('writes a calendar once for the same rooms, again for any change, and keeps at most its size', () => {
    const cache = new FeedCache(2);
    let made = 0;
    const make = (text: string) => () => ((made += 1), text);
    expect(cache.get([room(0)], make('a'))).toBe('a');
    expect(cache.get([room(0)], make('x'))).toBe('a');
    expect(made).toBe(1);
    expect(cache.get([room(1)], make('b'))).toBe('b');
    expect(cache.get([{ ...room(1), name: 'Lunch' }], make('c'))).toBe('c');
    expect(made).toBe(3);
    expect(cache.size).toBe(2);
    // The oldest (rooms at SEQUENCE 0) went first.
    expect(cache.get([room(0)], make('d'))).toBe('d');
    expect(made).toBe(4);
  });
});
