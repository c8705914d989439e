import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsResponse, type PushPayload } from '@outing/contract';
import { generateVapidKeys } from '../../lib/push-sender.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { pushInbox } from '../../test/push-inbox.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';
import type { TestUser } from '../../test/users.js';

/** Issue #21: the notify and push switches, applied where notifications are stored and pushed. */

let t: TestApp;
let base: string;
let service: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  service = await startPushEndpoint();
  t = await createTestApp(
    { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on', PUBLIC_URL: 'http://localhost:3000' },
    undefined,
    {
      vapid: generateVapidKeys(),
      pushOptions: { backoffMs: 20, maxAttempts: 2, timeoutMs: 2000 },
    },
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const prefs = async (u: TestUser, body: object) =>
  expect((await as(t, u)('PATCH', `/v1/users/${u.id}/preferences`, body)).statusCode).toBe(200);
const titles = async (u: TestUser) =>
  (
    await t.database.pool.query<{ title: string; is_read: boolean }>(
      'SELECT title, is_read FROM notifications WHERE user_id = $1 ORDER BY id',
      [u.id],
    )
  ).rows;

describe('preferences per group', () => {
  it('notify off: nothing stored, sent or pushed; push off: stored and sent live, not pushed; on: all three', async () => {
    const [ann, ben, cat, dan] = await createUsers(t, 4);
    await prefs(ben, { notify: { friends: false } });
    await prefs(cat, { push: { friends: false } });
    const inboxes = await Promise.all([ben, cat, dan].map((u) => pushInbox(t, service, u)));
    const sockets = [ben, cat, dan].map((u) => connect(base, u.token));
    await Promise.all(sockets.map((s) => s.opened));
    await settle();
    for (const u of [ben, cat, dan]) {
      const res = await as(t, ann)('POST', `/v1/users/${ann.id}/friends/requests`, { friendId: u.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [benPushes, catPushes, danPushes] = (await Promise.all(inboxes.map((i) => i.received()))) as [
      PushPayload[],
      PushPayload[],
      PushPayload[],
    ];
    await settle();
    const frames = sockets.map((s) => s.frames.filter((f) => f.type === 'NOTIFICATION').length);
    for (const s of sockets) s.ws.close();

    // ben: the request is there to answer; no notification of it anywhere.
    expect(await titles(ben)).toEqual([]);
    expect((await as(t, ben)('GET', `/v1/users/${ben.id}/friends/requests/count`)).json().data.count).toBe(1);
    expect(benPushes).toEqual([]);
    expect(await titles(cat)).toEqual([{ title: 'Friend request', is_read: false }]);
    expect(catPushes).toEqual([]);
    expect(await titles(dan)).toEqual([{ title: 'Friend request', is_read: false }]);
    expect(danPushes.map((p) => p.title)).toEqual(['Friend request']);
    expect(frames).toEqual([0, 1, 1]);
  });

  it('a payment reminder is the payee’s own words: stored whatever notify says; its push follows money', async () => {
    const [host, ann, ben] = await createUsers(t, 3);
    const { room } = await createRoom(t, host);
    for (const u of [ann, ben]) await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`);
    await prefs(ann, { notify: { money: false } });
    await prefs(ben, { push: { money: false } });
    await as(t, host)('POST', '/v1/bills', {
      name: 'Tickets',
      roomId: room.id,
      amount: 30,
      includeOwner: true,
      payers: [ann.id, ben.id],
    });
    const made = await as(t, host)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(transactionsResponse.parse(made.json()).data).toHaveLength(2);
    const annInbox = await pushInbox(t, service, ann);
    const benInbox = await pushInbox(t, service, ben);
    // ann was told nothing of the consolidation, ben was; now the reminders.
    for (const u of [ann, ben]) {
      const res = await as(t, host)('POST', '/v1/notifications', {
        userId: u.id,
        title: 'Reminder',
        content: 'Pay up!',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ userId: u.id, kind: 'payment_reminder', isRead: false });
    }
    expect((await titles(ann)).map((n) => n.title)).toEqual(['Reminder']);
    // The bill's notice and the Settle up's are money notices (not for ann); the reminder is stored whatever.
    expect((await titles(ben)).map((n) => n.title)).toEqual(['New bill', 'What you owe now', 'Reminder']);
    expect((await annInbox.received()).map((p) => p.title)).toEqual(['Reminder']);
    expect(await benInbox.received()).toEqual([]);
  });
});
