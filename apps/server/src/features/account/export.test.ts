import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { browserKeys } from '../../test/push-endpoint.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { EXPORT_PAGE } from './export.js';

/** Download my data (issue #21 item 5). */

let t: TestApp;
let me: TestUser, friend: TestUser, stranger: TestUser, payee: TestUser;
let roomId: string;
const keys = browserKeys();

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
};
const exportOf = (u: TestUser, id = u.id) => as(t, u)('GET', `/v1/users/${id}/export`);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  const made = await Promise.all(
    ['me', 'friend', 'stranger', 'payee'].map((n) => createUser(t, { username: `exp_${n}` })),
  );
  [me, friend, stranger, payee] = made as [TestUser, TestUser, TestUser, TestUser];
  await makeFriends(t, me, friend);
  roomId = (await createRoom(t, me, { name: 'Export night' }, [friend.id])).room.id;
  await ok(as(t, stranger)('PATCH', `/v1/rooms/${roomId}/join`));
  await ok(as(t, payee)('PATCH', `/v1/rooms/${roomId}/join`));
  await ok(as(t, me)('POST', `/v1/rooms/${roomId}/messages`, { content: 'mine, all mine' }));
  await ok(as(t, stranger)('POST', `/v1/rooms/${roomId}/messages`, { content: 'not yours' }));
  await ok(
    as(t, payee)('POST', '/v1/bills', {
      name: 'Pizza',
      roomId,
      amount: 30,
      split: { mode: 'equal', userIds: [payee.id, me.id, stranger.id] },
    }),
  );
  await ok(as(t, me)('POST', '/v1/bills/consolidate', { roomId }));
  await ok(as(t, stranger)('POST', '/v1/bills', { name: 'Not mine', roomId, amount: 8, payers: [payee.id] }));
  await ok(
    as(t, me)('PUT', `/v1/users/${me.id}/payment-methods`, [{ kind: 'paypal', value: 'MyOwnHandle' }]),
  );
  await ok(
    as(t, payee)('PUT', `/v1/users/${payee.id}/payment-methods`, [{ kind: 'paypal', value: 'PayeeSecret' }]),
  );
  await ok(as(t, stranger)('POST', `/v1/users/${stranger.id}/friends/requests`, { friendId: me.id }));
  await ok(as(t, me)('POST', '/v1/subscriptions', { endpoint: 'https://push.example.test/me', ...keys }));
  await ok(as(t, me)('POST', `/v1/users/${me.id}/calendar-feed`));
  await ok(as(t, me)('GET', `/v1/users/${me.id}/invite-link`));
});
afterAll(() => t.close());

describe('GET /v1/users/{id}/export', () => {
  let file: AccountExport;
  let raw: string;

  it('is a JSON attachment, never cached, that the contract’s schema reads', async () => {
    const res = await exportOf(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="outing-${me.username}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    raw = res.body;
    file = accountExportSchema.strict().parse(JSON.parse(raw));
  });

  it('holds the user’s own data', () => {
    expect(file.profile).toMatchObject({
      id: me.id,
      username: me.username,
      displayName: '',
      email: me.email,
      hasPassword: true,
    });
    expect(file.friends).toEqual([expect.objectContaining({ id: friend.id, email: friend.email })]);
    expect(file.friendRequests).toEqual([
      expect.objectContaining({
        direction: 'received',
        other: { id: stranger.id, username: stranger.username },
      }),
    ]);
    expect(file.rooms).toEqual([
      expect.objectContaining({ id: roomId, name: 'Export night', isHost: true, rsvp: 'going' }),
    ]);
    expect(file.invites).toEqual([
      expect.objectContaining({ direction: 'sent', other: { id: friend.id, username: friend.username } }),
    ]);
    expect(file.messages.map((m) => m.content)).toEqual(['mine, all mine']);
    expect(file.bills).toEqual([
      expect.objectContaining({
        name: 'Pizza',
        amount: 30,
        currency: 'USD',
        paidBy: { id: payee.id, username: payee.username },
        shares: [payee, me, stranger]
          .map((u) => ({ userId: u.id, username: u.username, amount: 10 }))
          .sort((a, b) => a.userId - b.userId),
      }),
    ]);
    expect(file.transactions).toEqual([
      expect.objectContaining({ payer: { id: me.id, username: me.username }, amount: 10, status: 'unpaid' }),
    ]);
    expect(file.paymentMethods).toEqual([{ kind: 'paypal', value: 'MyOwnHandle', name: null }]);
    expect(file.notifications.length).toBeGreaterThan(0);
    expect(file.pushSubscriptions).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example.test/me' }),
    ]);
    expect(file.calendarFeed.active).toBe(true);
    expect(file.inviteLink?.url).toMatch(/^https:\/\/outing\.example\/signup\?invite=/);
    expect(file.preferences).toMatchObject({
      eventReminders: true,
      notify: { friends: true },
      push: { chat: true },
    });
  });

  it('holds nobody else’s secrets: no stranger’s email, no one’s handles, hashes or keys', async () => {
    for (const secret of [
      stranger.email,
      payee.email,
      'PayeeSecret',
      'not yours',
      'Not mine',
      keys.auth,
      keys.p256dh,
    ])
      expect(raw, secret).not.toContain(secret);
    const { rows } = await t.database.pool.query<{ h: string; s: string }>(
      `SELECT u.password_hash AS h, f.secret_hash AS s FROM users u JOIN calendar_feeds f ON f.user_id = u.id WHERE u.id = $1`,
      [me.id],
    );
    expect(raw).not.toContain(rows[0]!.h);
    expect(raw).not.toContain(rows[0]!.s);
    expect(raw).not.toMatch(/password_?hash|code_?hash|secret_?hash/i);
  });

  it('is another user’s to download: 403, and signed out: 401', async () => {
    const res = await exportOf(stranger, me.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', data: null });
    expect(res.body).not.toContain(me.email);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/users/${me.id}/export` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages through a heavy user’s lists: every message, notification and picture, once, in order', async () => {
    const heavy = await createUser(t);
    const { room } = await createRoom(t, heavy, { name: 'Chatty' });
    const n = EXPORT_PAGE * 2 + 7;
    await t.database.pool.query(
      `INSERT INTO messages (room_id, sender_id, content) SELECT $1, $2, 'm' || i FROM generate_series(1, $3) i`,
      [room.id, heavy.id, n],
    );
    await t.database.pool.query(
      `INSERT INTO notifications (user_id, title, content) SELECT $1, 'T', 'n' || i FROM generate_series(1, $2) i`,
      [heavy.id, n],
    );
    // Pictures page on a uuid key: the key's order is PostgreSQL's, and the next page starts after the last one.
    const { rows: pictures } = await t.database.pool.query<{ id: string }>(
      `INSERT INTO pictures (id, uploader_id, width, height)
         SELECT gen_random_uuid(), $1, 10, 10 FROM generate_series(1, $2) RETURNING id`,
      [heavy.id, EXPORT_PAGE + 3],
    );
    const res = await exportOf(heavy);
    expect(res.statusCode).toBe(200);
    const heavyFile = accountExportSchema.strict().parse(res.json());
    const { rows: inOrder } = await t.database.pool.query<{ id: string }>(
      'SELECT id FROM pictures WHERE id = ANY($1::uuid[]) ORDER BY id',
      [pictures.map((p) => p.id)],
    );
    expect(heavyFile.pictures.map((p) => p.id)).toEqual(inOrder.map((p) => p.id));
    expect(inOrder).toHaveLength(EXPORT_PAGE + 3);
    expect(heavyFile.messages.map((m) => m.content)).toEqual(
      Array.from({ length: n }, (_, i) => `m${i + 1}`),
    );
    expect(heavyFile.notifications.map((x) => x.content)).toEqual(
      Array.from({ length: n }, (_, i) => `n${i + 1}`),
    );
  });
});
