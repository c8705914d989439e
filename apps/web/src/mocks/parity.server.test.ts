// The parity test of decision 022 (docs/decisions/022-thin-mock-mode.md; issue 34): every call mock mode answers
// through `mockRoute` is replayed against the mocks and against the real server (src/test/real-server.ts), and both
// answers must have the same status and, when they succeed, parse with the endpoint's declared `data` and `extra`
// (packages/contract/src/endpoints). The list of calls is read from the registered handlers: a new mock is replayed
// without editing this file; a call that needs a body or a query gets one in `samples`.
import { getResponse } from 'msw';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointGroups, fillPath, type EndpointDeclaration } from '@outing/contract';
import { roomPayload } from '../../../server/src/test/rooms';
import { realServer } from '@/test/real-server';
import { MOCK_DELAY_MS, setMockDelay } from './delay';
import { handlers } from './handlers';
import { endpointOf } from './route';
import { mockToken } from './token';

const server = realServer();

/** The ids a request names, in one world: the mocks' demo world or the seeded real server. */
interface World {
  me: number;
  /** A friend of `me`, member of `room`. */
  friend: number;
  /** A friend `me` may remove. */
  exFriend: number;
  /** Someone `me` may ask to be friends. */
  stranger: number;
  /** A request someone sent `me`, pending. */
  request: number;
  notification: number;
  /** A room `me` hosts, with `friend` in it, a message, a bill and a transaction. */
  room: string;
  bill: number;
  transaction: number;
  token: string;
}

/** The mocks' demo world (their seeds' ids: features/<name>/api/mocks*.ts). */
const demo: World = {
  me: 7,
  friend: 11,
  exFriend: 12,
  stranger: 21,
  request: 101,
  notification: 9,
  room: '6b1d9e2a-7c3f-4a8b-9d1e-2b3c4d5e6f02',
  bill: 1,
  transaction: 1,
  token: mockToken({ user_id: 7, username: 'ada', user_email: 'ada@example.com', picture_url: '' }),
};

interface Sample {
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /** A file body instead of JSON (the picture upload). */
  file?: { type: string; bytes: () => Uint8Array<ArrayBuffer> };
}

/** A 1×1 PNG, which the server decodes. */
const onePixelPng = () =>
  Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );

/** The body or query of the calls that need one; any other call is made with its path alone. */
const samples: Record<string, Sample> = {
  'friends.search': { query: () => ({ query: 'a' }) },
  'friends.sendRequest': { body: (w) => ({ friendId: w.stranger }) },
  'friends.respond': { body: (w) => ({ requestId: w.request, action: 'reject' }) },
  'chat.send': { body: () => ({ content: 'Parity', clientId: 'parity-1234' }) },
  'chat.mute': { body: () => ({ muted: true }) },
  'account.savePreferences': { body: () => ({ eventReminders: false }) },
  'venues.search': { query: () => ({ q: 'pizza' }) },
  'bills.list': { query: (w) => ({ roomId: w.room }) },
  'pictures.upload': { file: { type: 'image/png', bytes: onePixelPng } },
  'rooms.create': { body: () => roomPayload() },
  'rooms.rsvp': { body: () => ({ status: 'maybe' }) },
};

/**
 * Mocked calls not replayed yet: their features' mocks are being cut down (issue 34) and their requests (bodies, the
 * ids of their records in the seeded server) are not written here yet. The list only shrinks: a feature's session
 * adds its samples and takes its calls out; a call mocked from now on is replayed without being listed.
 */
const notReplayedYet = new Set([
  ...['changePassword', 'deleteAccount', 'updateUsername'].map((n) => `account.${n}`),
  // auth.logout signs the caller out everywhere: it needs a user of its own.
  ...['google', 'inviter', 'logout', 'requestCode', 'reset', 'signup', 'verify'].map((n) => `auth.${n}`),
  ...['consolidate', 'create', 'edit', 'remove', 'restore'].map((n) => `bills.${n}`),
  'notifications.remind',
  ...['options', 'saveMethods'].map((n) => `payments.${n}`),
  ...['cancel', 'fix', 'start', 'vote'].map((n) => `polls.${n}`),
  // The thin rooms mock answers a write without its rules: joining a room one is in, leaving a room one hosts,
  // inviting a member or nudging nobody succeed there and not on the server.
  ...['answerInvite', 'close', 'edit', 'invite', 'join', 'leave', 'nudge'].map((n) => `rooms.${n}`),
  ...['confirm', 'dispute', 'get', 'settle', 'undo'].map((n) => `transactions.${n}`),
]);

/** The value of a path parameter in `w`, by its name and, for `{id}`, by what the path names. */
function paramOf(name: string, e: EndpointDeclaration, w: World): string | number {
  if (name === 'friendId') return w.exFriend;
  if (name === 'notificationId') return w.notification;
  if (name === 'roomId') return w.room;
  if (name === 'billId') return w.bill;
  if (name === 'id') {
    if (e.access === 'self') return w.me;
    if (e.path.startsWith('/bills')) return w.bill;
    if (e.path.startsWith('/transactions')) return w.transaction;
    return w.room;
  }
  throw new Error(`${e.method} ${e.path}: no value for {${name}} in the parity world`);
}

function requestOf(name: string, e: EndpointDeclaration, w: World): Request {
  const sample = samples[name] ?? {};
  const names = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const path = fillPath(e.path, Object.fromEntries(names.map((n) => [n, paramOf(n, e, w)])));
  const url = new URL(`/v1${path}`, location.origin);
  for (const [key, value] of Object.entries(sample.query?.(w) ?? {})) url.searchParams.set(key, value);
  const body = sample.body?.(w);
  const type = sample.file ? sample.file.type : body === undefined ? undefined : 'application/json';
  return new Request(url, {
    method: e.method,
    headers: { authorization: `Bearer ${w.token}`, ...(type ? { 'content-type': type } : {}) },
    body: sample.file ? sample.file.bytes() : body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The declared success envelope: `data` and `extra` of the endpoint. */
const envelopeOf = (e: EndpointDeclaration) =>
  z.object({
    status: z.literal('success'),
    message: z.string(),
    data: e.data ?? z.unknown(),
    ...(e.extra ?? {}),
  });

/** What an answer is checked on: its status, and its body against the declaration when it succeeded. */
async function verdict(e: EndpointDeclaration, response: Response) {
  if (response.status < 200 || response.status > 299 || e.file) return { status: response.status };
  const parsed = envelopeOf(e).safeParse(await response.json());
  return {
    status: response.status,
    schema: parsed.success ? 'as declared' : z.prettifyError(parsed.error),
  };
}

/** Every endpoint a registered handler answers through mockRoute, named as in packages/contract's groups. */
const mocked: [string, EndpointDeclaration][] = [
  ...new Set(handlers.map(endpointOf).filter((e): e is EndpointDeclaration => e !== undefined)),
].map((e) => {
  const [group, endpoints] = Object.entries(endpointGroups).find(([, all]) =>
    Object.values(all).includes(e),
  )!;
  const name = Object.entries(endpoints).find(([, each]) => each === e)![0];
  return [`${group}.${name}`, e];
});

let real: World;

beforeAll(async () => {
  setMockDelay(0);
  const [me, friend, exFriend, stranger, asker] = await server.users(5);
  await server.friends(me, friend);
  await server.friends(me, exFriend);
  const sent = (await server.api(asker).post(`/users/${asker.id}/friends/requests`, { friendId: me.id })) as {
    id: number;
  };
  const { room } = await server.room(me, {}, []);
  await server.api(friend).patch(`/rooms/${room.id}/join`);
  await server.api(friend).post(`/rooms/${room.id}/messages`, { content: 'Hello' });
  const bill = (await server.api(me).post('/bills', {
    name: 'Dinner',
    roomId: room.id,
    amount: 20,
    split: { mode: 'equal', userIds: [me.id, friend.id] },
  })) as { id: number };
  const transaction = (await server
    .api(me)
    .post('/transactions', { roomId: room.id, payerId: friend.id, payeeId: me.id, amount: 5 })) as {
    id: number;
  };
  const notifications = (await server.api(me).get('/notifications')) as { id: number }[];
  real = {
    me: me.id,
    friend: friend.id,
    exFriend: exFriend.id,
    stranger: stranger.id,
    request: sent.id,
    notification: notifications[0]!.id,
    room: room.id,
    bill: bill.id,
    transaction: transaction.id,
    token: me.token,
  };
}, 60_000);

afterAll(() => setMockDelay(MOCK_DELAY_MS));

describe('mock mode answers as the server does (decision 022)', () => {
  it('replays at least the calls of the social features', () => {
    const names = mocked.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['friends.list', 'notifications.list', 'chat.unread']));
  });

  it('lists as not replayed yet only calls that are mocked', () => {
    const names = new Set(mocked.map(([name]) => name));
    expect([...notReplayedYet].filter((name) => !names.has(name))).toEqual([]);
  });

  for (const [name] of mocked.filter(([n]) => notReplayedYet.has(n))) it.todo(`${name}: not replayed yet`);

  const replayed = mocked.filter(([name]) => !notReplayedYet.has(name));
  it.each(replayed)('%s: same status, and both answers as declared', async (name, e) => {
    const fromMock = await getResponse(handlers, requestOf(name, e, demo));
    if (!fromMock) throw new Error(`${name}: no mock handler answered ${e.method} ${e.path}`);
    const fromServer = await fetch(requestOf(name, e, real));
    const [mock, serverVerdict] = [await verdict(e, fromMock), await verdict(e, fromServer)];
    expect({ name, ...mock }).toEqual({ name, ...serverVerdict });
    if (mock.schema !== undefined) expect(mock.schema).toBe('as declared');
  });
});
