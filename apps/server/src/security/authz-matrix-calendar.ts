import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../test/app.js';
import { as, createRoom } from '../test/rooms.js';
import { createUser, type TestUser } from '../test/users.js';
import type { CalendarWorld, PollRoom, World } from './authz-world.js';
import {
  get,
  membersAndInvitees,
  membersOnly,
  open,
  r,
  selfOnly,
  signedIn,
  type Method,
  type Row,
} from './authz-kinds.js';

/** Matrix rows of the room .ics, the calendar feed and date polls (docs/api/README.md#calendar, #plans, issue #20 items 6 and 8). */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const pollBody = {
  options: [
    { date: day(8), time: '19:00' },
    { date: day(9), time: '20:00' },
  ],
};

export async function buildCalendarWorld(
  t: TestApp,
  users: { host: TestUser; member: TestUser; invitee: TestUser },
  tag: string,
): Promise<CalendarWorld> {
  const { host, member, invitee } = users;
  const call = async (u: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await as(t, u)(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: unknown };
  };
  const room = async (name: string) => {
    const { room } = await createRoom(t, host, { name, isPrivate: true }, [invitee.id]);
    await call(member, 'PATCH', `/v1/rooms/${room.id}/join`);
    return room.id;
  };
  const withPoll = async (name: string): Promise<PollRoom> => {
    const id = await room(name);
    const { data } = await call(host, 'POST', `/v1/rooms/${id}/date-poll`, pollBody);
    return { id, options: (data as { options: { id: number }[] }).options.map((o) => o.id) };
  };
  const polls = {
    vote: await withPoll(`Poll vote ${tag}`),
    fix: await withPoll(`Poll fix ${tag}`),
    cancel: await withPoll(`Poll cancel ${tag}`),
    start: { id: await room(`Poll start ${tag}`) },
  };

  const owner = await createUser(t, { username: `feed_${tag}` });
  const feed = async () => {
    const { data } = await call(owner, 'POST', `/v1/users/${owner.id}/calendar-feed`);
    return new URL((data as { url: string }).url).pathname;
  };
  const revoked = await feed();
  const live = await feed();
  return { polls, feeds: { live, revoked, unknown: `/v1/calendar/${'x'.repeat(43)}.ics` } };
}

const C = (w: World) => w.calendar;
/** The same call on a room that does not exist: 404 for every signed-in caller (docs/api/README.md#status-rules). */
const noRoom = (method: Method, suffix: string, payload?: object) => ({
  status: 404,
  request: () => r(method, `/v1/rooms/${randomUUID()}${suffix}`, payload),
});

export const calendar: Row[] = [
  {
    method: 'GET',
    route: '/v1/rooms/:id/calendar.ics',
    request: (w) => get(`/v1/rooms/${w.rooms.priv.id}/calendar.ics`),
    expect: membersOnly(),
    missing: noRoom('GET', '/calendar.ics'),
  },
  ...(['POST', 'GET', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/v1/users/:id/calendar-feed',
    scope: 'self',
    request: (_w, c) => r(method, `/v1/users/${c.id}/calendar-feed`),
    expect: selfOnly(200),
  })),
  // No token: the secret link is the key, whatever Authorization header comes with it.
  {
    method: 'GET',
    route: '/v1/calendar/:secret.ics',
    variant: 'a live secret',
    request: (w) => get(C(w).feeds.live),
    expect: open(200),
  },
  {
    method: 'GET',
    route: '/v1/calendar/:secret.ics',
    variant: 'a revoked secret',
    request: (w) => get(C(w).feeds.revoked),
    expect: open(404),
  },
  {
    method: 'GET',
    route: '/v1/calendar/:secret.ics',
    variant: 'a secret nobody had',
    request: (w) => get(C(w).feeds.unknown),
    expect: open(404),
  },
];

const vote = { vote: 'yes' };
export const polls: Row[] = [
  {
    method: 'GET',
    route: '/v1/rooms/:id/date-poll',
    request: (w) => get(`/v1/rooms/${C(w).polls.vote.id}/date-poll`),
    expect: membersAndInvitees(),
    missing: noRoom('GET', '/date-poll'),
  },
  {
    method: 'PUT',
    route: '/v1/rooms/:id/date-poll/:optionId',
    request: (w) => r('PUT', `/v1/rooms/${C(w).polls.vote.id}/date-poll/${C(w).polls.vote.options[0]}`, vote),
    expect: membersOnly(),
    missing: {
      status: 404,
      request: (w) => r('PUT', `/v1/rooms/${randomUUID()}/date-poll/${C(w).polls.vote.options[0]}`, vote),
    },
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id/date-poll/:optionId/fix',
    request: (w) => r('POST', `/v1/rooms/${C(w).polls.fix.id}/date-poll/${C(w).polls.fix.options[1]}/fix`),
    expect: signedIn(403, { host: 200 }),
    missing: {
      status: 404,
      request: (w) => r('POST', `/v1/rooms/${randomUUID()}/date-poll/${C(w).polls.fix.options[1]}/fix`),
    },
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id/date-poll',
    request: (w) => r('POST', `/v1/rooms/${C(w).polls.start.id}/date-poll`, pollBody),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom('POST', '/date-poll', pollBody),
  },
  {
    method: 'DELETE',
    route: '/v1/rooms/:id/date-poll',
    request: (w) => r('DELETE', `/v1/rooms/${C(w).polls.cancel.id}/date-poll`),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom('DELETE', '/date-poll'),
  },
];
