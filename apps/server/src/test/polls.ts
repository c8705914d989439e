import { expect } from 'vitest';
import { datePollResponse, type DatePoll } from '@outing/contract';
import type { NotificationEvent } from '../lib/events.js';
import { createTestApp, type TestApp } from './app.js';
import { as, createRoom } from './rooms.js';
import { createUser, makeFriends, type TestUser } from './users.js';

/**
 * The date-poll tests' set-up and shorthands (features/polls/polls-*.test.ts): an app with a host, a member, a
 * stranger and an invitee (the host's friend), whose notifications and room updates are collected in the arrays
 * given; a room of the host's, and the poll's calls.
 */
export type PollWorld = {
  t: TestApp;
  host: TestUser;
  member: TestUser;
  stranger: TestUser;
  invitee: TestUser;
};

export async function createPollWorld(delivered: NotificationEvent[], updated: string[]): Promise<PollWorld> {
  const t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  const [host, member, stranger, invitee] = await Promise.all([
    createUser(t, { username: 'poll_host' }),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  await makeFriends(t, host, invitee);
  t.app.deps.events.onNotification((e) => void delivered.push(e));
  t.app.deps.events.onRoomUpdated((id) => void updated.push(id));
  return { t, host, member, stranger, invitee };
}

export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const options = [
  { date: day(10), time: '19:00' },
  { date: day(9), time: '20:30' },
  { date: day(10), time: '12:00' },
];

export const pollUrl = (roomId: string) => `/v1/rooms/${roomId}/date-poll`;

export function pollHelpers(world: () => PollWorld) {
  /** A room of the host with the member in it and a pending invite for the invitee. */
  async function room(overrides: Record<string, unknown> = {}) {
    const { t, host, member, invitee } = world();
    const { room } = await createRoom(t, host, { name: 'Friday dinner', ...overrides }, [invitee.id]);
    expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    return room.id;
  }

  async function start(roomId: string, opts = options): Promise<DatePoll> {
    const res = await as(world().t, world().host)('POST', pollUrl(roomId), { options: opts });
    expect(res.statusCode, res.body).toBe(200);
    return datePollResponse.parse(res.json()).data!;
  }

  async function read(u: TestUser, roomId: string) {
    const res = await as(world().t, u)('GET', pollUrl(roomId));
    expect(res.statusCode, res.body).toBe(200);
    return datePollResponse.parse(res.json()).data;
  }

  const castVote = (u: TestUser, roomId: string, optionId: number, vote: string) =>
    as(world().t, u)('PUT', `${pollUrl(roomId)}/${optionId}`, { vote });

  async function notesOf(u: TestUser) {
    const { rows } = await world().t.database.pool.query<{ title: string; content: string }>(
      'SELECT title, content FROM notifications WHERE user_id = $1 ORDER BY id',
      [u.id],
    );
    return rows;
  }

  return { room, start, read, castVote, notesOf };
}
