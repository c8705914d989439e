import { createRoomResponse } from '@outing/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { createUser, type TestUser } from './users.js';

export const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

export function roomPayload(overrides: Record<string, unknown> = {}, invitees: unknown[] = []) {
  return {
    room: {
      name: 'Friday dinner',
      date: nextWeek(),
      venue: 'Luigi’s Trattoria',
      venuePlaceId: 'local:luigi-s-trattoria',
      time: '19:30',
      imageUrl: '/imgs/party.png',
      isPrivate: false,
      description: 'Pasta and stories',
      ...overrides,
    },
    invitees,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const as = (t: TestApp, u: TestUser) => (method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${u.token}` },
    ...(payload ? { payload } : {}),
  });

export async function createRoom(
  t: TestApp,
  host: TestUser,
  overrides: Record<string, unknown> = {},
  invitees: unknown[] = [],
) {
  const res = await as(t, host)('POST', '/v1/rooms', roomPayload(overrides, invitees));
  expect(res.statusCode, res.body).toBe(200);
  return createRoomResponse.parse(res.json()).data;
}

/** The texts of a user's notifications, oldest first. */
export async function notificationTexts(t: TestApp, userId: number): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ content: string }>(
    'SELECT content FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => r.content);
}

/** Moves a room's start into the past (yesterday at noon, UTC) straight in the database: the API refuses that. */
export async function startedRoom(t: TestApp, roomId: string) {
  await t.database.pool.query(
    `UPDATE rooms SET date = current_date - 1, time = '12:00', time_zone = 'UTC' WHERE id = $1`,
    [roomId],
  );
}

/** A room's maintained counts next to the counts of its rows. */
export async function countsOf(t: TestApp, roomId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT r.going_count, r.maybe_count, r.waitlist_count, r.invited_count,
       (SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id AND m.rsvp = 'going') AS going,
       (SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id AND m.rsvp = 'maybe') AS maybe,
       (SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id AND m.rsvp = 'waitlisted') AS waitlisted,
       (SELECT count(*)::int FROM invites i WHERE i.room_id = r.id AND i.status = 'pending') AS invited
     FROM rooms r WHERE r.id = $1`,
    [roomId],
  );
  return rows[0] as Record<
    | 'going_count'
    | 'maybe_count'
    | 'waitlist_count'
    | 'invited_count'
    | 'going'
    | 'maybe'
    | 'waitlisted'
    | 'invited',
    number
  >;
}

/** `n` new users (the type names 8 so that each destructured one is defined). */
export async function createUsers(t: TestApp, n: number) {
  const list = await Promise.all(Array.from({ length: n }, () => createUser(t)));
  return list as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    ...TestUser[],
  ];
}
