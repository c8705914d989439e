import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';
import { createUser } from '../../test/users.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' }, undefined, { pingIntervalMs: 150 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('authentication at upgrade', () => {
  it('closes with 4401 without a token, with a bad one, an expired one or a revoked one', async () => {
    const u = await createUser(t);
    const expired = await new SignJWT({
      user_id: u.id,
      user_email: u.email,
      username: u.username,
      picture_url: '',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const revoked = await createUser(t);
    await as(t, revoked)('POST', '/v1/auth/logout');
    for (const token of [undefined, '', 'garbage', expired, revoked.token]) {
      expect(await connect(base, token).closed).toBe(4401);
    }
  });

  it('registers a socket before its client sees it open: a frame published on `open` reaches it', async () => {
    const u = await createUser(t);
    // The token check waits on the users table, held by another transaction: the client must not see the socket
    // open meanwhile, or what it catches up on at `open` could miss a frame published before its registration.
    const locker = await t.database.pool.connect();
    let s: ReturnType<typeof connect>;
    let opened = false;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      t.app.sessions.forget(u.id);
      s = connect(base, u.token);
      s.ws.on('open', () => {
        opened = true;
        void t.app.hub.toUsers([u.id], { type: 'ROOM_UPDATED', data: { roomId: 'published-on-open' } });
      });
      await settle();
      expect(opened).toBe(false);
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
    await s.opened;
    expect((await s.next('ROOM_UPDATED')).data).toEqual({ roomId: 'published-on-open' });
    s.ws.close();
  });

  it('closes with 1008 for a foreign Origin and accepts the app’s own', async () => {
    const u = await createUser(t);
    expect(await connect(base, u.token, 'https://evil.example').closed).toBe(1008);
    const ok = connect(base, u.token, 'http://localhost:3000');
    await ok.opened;
    await settle();
    expect(ok.ws.readyState).toBe(ok.ws.OPEN);
    ok.ws.close();
  });

  it('closes an open socket when its user logs out elsewhere, and when its token expires', async () => {
    const u = await createUser(t);
    const s = connect(base, u.token);
    await s.opened;
    await settle();
    expect((await as(t, u)('POST', '/v1/auth/logout')).statusCode).toBe(200);
    expect(await s.closed).toBe(4401);

    const v = await createUser(t);
    const shortLived = await new SignJWT({
      user_id: v.id,
      user_email: v.email,
      username: v.username,
      picture_url: '',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Date.now() / 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const started = Date.now();
    const e = connect(base, shortLived);
    await e.opened;
    expect(await e.closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(3500);
  });
});

describe('frames', () => {
  it('a message reaches every member, the sender included, and nobody else', async () => {
    const host = await createUser(t, { username: 'chat_host' });
    const member = await createUser(t);
    const outsider = await createUser(t);
    const { room } = await createRoom(t, host);
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    const [h, m, o] = [connect(base, host.token), connect(base, member.token), connect(base, outsider.token)];
    await Promise.all([h.opened, m.opened, o.opened]);
    await settle();
    const res = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: '  Hello all  ' });
    expect(res.statusCode).toBe(200);
    const stored = res.json().data;
    expect(stored).toMatchObject({
      roomId: room.id,
      senderId: host.id,
      content: 'Hello all',
      sender: { username: 'chat_host' },
    });
    for (const s of [h, m]) {
      expect(await s.next('CREATE_MESSAGE')).toEqual({
        type: 'CREATE_MESSAGE',
        data: {
          id: stored.id,
          roomId: room.id,
          senderId: host.id,
          senderName: 'chat_host',
          senderDisplayName: '',
          content: 'Hello all',
          sentAt: stored.sentAt,
        },
      });
    }
    await settle();
    expect(o.frames).toEqual([]);
    for (const s of [h, m, o]) s.ws.close();
  });

  it('notifications and room updates reach their users', async () => {
    const a = await createUser(t, { username: 'notif_a' });
    const b = await createUser(t);
    const sb = connect(base, b.token);
    await sb.opened;
    await settle();
    await as(t, a)('POST', `/v1/users/${a.id}/friends/requests`, { friendId: b.id });
    const frame = await sb.next('NOTIFICATION');
    expect(frame.data).toMatchObject({
      userId: b.id,
      title: 'Friend request',
      content: 'notif_a sent you a friend request.',
      isRead: false,
    });

    const { room } = await createRoom(t, b);
    await as(t, a)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(await sb.next('ROOM_UPDATED')).toEqual({ type: 'ROOM_UPDATED', data: { roomId: room.id } });
    sb.ws.close();
  });
});

describe('presence and dead sockets', () => {
  it('marks a user online while connected; a peer that stops answering pings is dropped and marked away', async () => {
    const u = await createUser(t);
    const s = connect(base, u.token);
    await s.opened;
    await settle();
    const online = async () =>
      (
        await t.database.db.execute<{ is_online: boolean; last_seen: Date | null }>(
          sql`SELECT is_online, last_seen FROM users WHERE id = ${u.id}`,
        )
      ).rows[0]!;
    // Presence is written in batches (a 50 ms window): eventually, not at a fixed moment.
    await expect.poll(async () => (await online()).is_online, { timeout: 5000 }).toBe(true);
    const before = t.app.hub.size;
    // Stop reading from the socket: pongs are no longer sent, as with a phone that lost its network.
    (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const deadline = Date.now() + 3000;
    while (t.app.hub.size >= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(t.app.hub.size).toBe(before - 1);
    await expect.poll(async () => (await online()).is_online, { timeout: 5000 }).toBe(false);
    expect((await online()).last_seen).not.toBeNull();
    s.ws.terminate();
  });
});

describe('presence of many users at once (written in batches)', () => {
  it('marks every user of sockets opened together online, and away with last_seen once they close', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const ids = users.map((u) => u.id);
    const sockets = users.map((u) => connect(base, u.token));
    await Promise.all(sockets.map((s) => s.opened));
    await settle();
    const states = async () =>
      (
        await t.database.pool.query<{ is_online: boolean; last_seen: Date | null }>(
          'SELECT is_online, last_seen FROM users WHERE id = ANY($1)',
          [ids],
        )
      ).rows;
    // Batched (a 50 ms window), so polled: on a busy machine the write may land after any fixed pause.
    await expect
      .poll(async () => (await states()).map((r) => r.is_online), { timeout: 5000 })
      .toEqual(ids.map(() => true));
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
    await expect
      .poll(async () => (await states()).every((r) => !r.is_online && r.last_seen !== null), {
        timeout: 5000,
      })
      .toBe(true);
  });
});

describe('shutdown', () => {
  it('marks connected users away before the database closes, and logs no failed presence update', async () => {
    const own = await createTestApp();
    const ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const u = await createUser(own);
    const s = connect(ownBase, u.token);
    await s.opened;
    await settle();
    const state = async () =>
      (await own.database.pool.query('SELECT is_online FROM users WHERE id = $1', [u.id])).rows[0].is_online;
    await expect.poll(state, { timeout: 5000 }).toBe(true);
    await own.app.close();
    await s.closed;
    expect(await state()).toBe(false);
    await own.database.drop();
    expect(own.logs.join('\n')).not.toContain('presence update failed');
  });
});
