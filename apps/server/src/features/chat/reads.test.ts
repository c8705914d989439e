import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chatReadResponse,
  CHAT_UNREAD_CAP,
  errorEnvelopeSchema,
  muteResponse,
  roomsUnreadResponse,
} from '@outing/contract';
import type { TestApp } from '../../test/app.js';
import { listeningApp } from '../../test/listening.js';
import { waitFor } from '../../test/reminders.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { settle } from '../../test/sockets.js';
import type { TestUser } from '../../test/users.js';

/** Issue #21: chat read markers, unread counts for Home's cards, VIEWING, and mutes. */

const live = listeningApp();
const device = live.device;
let t: TestApp;
beforeAll(() => {
  t = live.t;
});

const send = async (u: TestUser, roomId: string, content: string) => {
  const res = await as(t, u)('POST', `/v1/rooms/${roomId}/messages`, { content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const unreadOf = async (u: TestUser) => {
  const res = await as(t, u)('GET', '/v1/rooms/unread');
  expect(res.statusCode, res.body).toBe(200);
  return roomsUnreadResponse.parse(res.json()).data;
};
const read = (u: TestUser, roomId: string, body?: object) =>
  as(t, u)('PUT', `/v1/rooms/${roomId}/messages/read`, body);
const marker = async (u: TestUser, roomId: string) =>
  (
    await t.database.pool.query<{ m: number }>(
      'SELECT last_read_message_id AS m FROM room_members WHERE room_id = $1 AND user_id = $2',
      [roomId, u.id],
    )
  ).rows[0]!.m;

describe('unread counts', () => {
  it('count others’ messages after the marker, per open room; a new member starts at their joining', async () => {
    const [host, ann, ben] = await createUsers(t, 3);
    const { room } = await createRoom(t, host, { name: 'Board games' });
    const closed = await createRoom(t, host, { name: 'Done' });
    for (const r of [room.id, closed.room.id]) await as(t, ann)('PATCH', `/v1/rooms/${r}/join`);
    await send(host, room.id, 'one');
    await send(host, room.id, 'two');
    const mine = await send(ann, room.id, 'mine');
    await send(host, closed.room.id, 'bye');
    await as(t, host)('PATCH', `/v1/rooms/${closed.room.id}/close`);
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    await send(host, room.id, 'three');

    expect(await unreadOf(ann)).toEqual([{ roomId: room.id, lastReadId: 0, unread: 3, muted: false }]);
    expect(await unreadOf(ben)).toEqual([{ roomId: room.id, lastReadId: mine, unread: 1, muted: false }]);
    expect((await unreadOf(host)).find((r) => r.roomId === room.id)).toMatchObject({ unread: 1 });
    const [stranger] = await createUsers(t, 1);
    expect(await unreadOf(stranger)).toEqual([]);
  });

  it(`stop at ${CHAT_UNREAD_CAP}`, async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    await t.database.pool.query(
      `INSERT INTO messages (room_id, sender_id, content) SELECT $1, $2, 'm' || g FROM generate_series(1, 130) g`,
      [room.id, host.id],
    );
    expect((await unreadOf(ann))[0]!.unread).toBe(CHAT_UNREAD_CAP);
  });
});

describe('PUT /rooms/{id}/messages/read', () => {
  it('moves forward only, clamps to the room, and tells the user’s other devices', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    const other = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const [m1, m2, m3] = [
      await send(host, room.id, 'a'),
      await send(host, room.id, 'b'),
      await send(host, room.id, 'c'),
    ];
    const elsewhere = await send(host, other.room.id, 'not here');
    const phone = await device(ann);

    const res = await read(ann, room.id, { messageId: m2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(chatReadResponse.parse(res.json()).data).toEqual({ roomId: room.id, lastReadId: m2, unread: 1 });
    expect((await phone.next('CHAT_READ')).data).toEqual({ roomId: room.id, lastReadId: m2, unread: 1 });

    // Back: nothing moves, nothing is sent.
    expect((await read(ann, room.id, { messageId: m1 })).json().data).toEqual({
      roomId: room.id,
      lastReadId: m2,
      unread: 1,
    });
    // An id past the room's newest (another room's message) reads up to the room's newest; no body: the same.
    expect((await read(ann, room.id, { messageId: elsewhere })).json().data.lastReadId).toBe(m3);
    expect((await read(ann, room.id)).json().data).toEqual({ roomId: room.id, lastReadId: m3, unread: 0 });
    await settle();
    expect(phone.frames.filter((f) => f.type === 'CHAT_READ')).toHaveLength(2);
    expect(await marker(ann, room.id)).toBe(m3);
  });

  it('members only: 403 for a stranger (nothing changes), 404 for no room or a malformed id, 400 for a bad id', async () => {
    const [host, stranger] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await send(host, room.id, 'x');
    const denied = await read(stranger, room.id);
    expect(denied.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(denied.json()).code).toBe('NOT_MEMBER');
    expect((await read(stranger, randomUUID())).statusCode).toBe(404);
    expect((await read(stranger, 'not-a-room')).statusCode).toBe(404);
    expect((await read(host, room.id, { messageId: -1 })).statusCode).toBe(400);
    expect(await marker(host, room.id)).toBe(0);
  });
});

describe('VIEWING', () => {
  it('reads the chat on arrival and every message while viewed; other devices hear it; leaving stops it', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const first = await send(host, room.id, 'before');
    const [laptop, phone] = [await device(ann), await device(ann)];

    laptop.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } }));
    expect((await phone.next('CHAT_READ')).data).toEqual({ roomId: room.id, lastReadId: first, unread: 0 });

    const second = await send(host, room.id, 'while viewing');
    expect((await phone.next('CREATE_MESSAGE')).data).toMatchObject({ id: second });
    expect((await phone.next('CHAT_READ')).data).toEqual({ roomId: room.id, lastReadId: second, unread: 0 });
    expect(await marker(ann, room.id)).toBe(second);

    laptop.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: null } }));
    await settle();
    await send(host, room.id, 'after leaving');
    await phone.next('CREATE_MESSAGE');
    await settle();
    expect(await marker(ann, room.id)).toBe(second);
    expect((await unreadOf(ann))[0]!.unread).toBe(1);
  });

  it('acts on a VIEWING sent the moment the socket opens, even when its token check was slow', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const first = await send(host, room.id, 'before');
    const phone = await device(ann);
    // The token check waits on the users table, held by another transaction.
    const locker = await t.database.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      t.app.sessions.forget(ann.id);
      const laptop = live.opening(ann);
      laptop.ws.on('open', () =>
        laptop.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } })),
      );
      await settle();
      expect(t.app.hub.viewersOf(room.id)).toEqual([]);
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
    expect((await phone.next('CHAT_READ')).data).toEqual({ roomId: room.id, lastReadId: first, unread: 0 });
    expect(t.app.hub.viewersOf(room.id)).toEqual([ann.id]);
  });

  it('ignores what is not a VIEWING frame, a room the user is not in, and binary frames', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await send(host, room.id, 'x');
    const s = await device(ann);
    for (const junk of ['nonsense', '{}', '{"type":"VIEWING"}', '{"type":"VIEWING","data":{"roomId":"x"}}'])
      s.ws.send(junk);
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    s.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } }));
    await settle();
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    expect(s.frames).toEqual([]);
    const { rows } = await t.database.pool.query('SELECT 1 FROM room_members WHERE user_id = $1', [ann.id]);
    expect(rows).toEqual([]);
  });

  it('many viewers and a burst of messages: every viewer ends on the newest message', async () => {
    const [host, ...viewers] = await createUsers(t, 6);
    const { room } = await createRoom(t, host);
    for (const v of viewers) await as(t, v)('PATCH', `/v1/rooms/${room.id}/join`);
    for (const v of viewers)
      (await device(v)).ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } }));
    await settle();
    const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => send(host, room.id, `burst ${i}`)));
    const newest = Math.max(...ids);
    await waitFor('every marker at the newest message', async () => {
      const { rows } = await t.database.pool.query<{ m: number }>(
        'SELECT last_read_message_id AS m FROM room_members WHERE room_id = $1 AND user_id <> $2',
        [room.id, host.id],
      );
      return rows.length === viewers.length && rows.every((r) => r.m === newest);
    });
  });
});

describe('PATCH /rooms/{id}/mute', () => {
  it('mutes and unmutes for the caller only; members only', async () => {
    const [host, ann, stranger] = await createUsers(t, 3);
    const { room } = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const mute = (u: TestUser, body: object, id = room.id) => as(t, u)('PATCH', `/v1/rooms/${id}/mute`, body);
    const res = await mute(ann, { muted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(muteResponse.parse(res.json())).toMatchObject({
      message: 'Muted',
      data: { roomId: room.id, muted: true },
    });
    expect((await unreadOf(ann))[0]!.muted).toBe(true);
    expect((await unreadOf(host))[0]!.muted).toBe(false);
    expect((await mute(ann, { muted: false })).json().data.muted).toBe(false);
    expect((await unreadOf(ann))[0]!.muted).toBe(false);

    expect((await mute(stranger, { muted: true })).statusCode).toBe(403);
    expect((await mute(stranger, { muted: true }, randomUUID())).statusCode).toBe(404);
    const bad = await mute(ann, { muted: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json()).message).toMatch(/^muted: /);
  });
});
