import sharp from 'sharp';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { browserKeys } from './push-endpoint.js';
import { as, createRoom } from './rooms.js';
import { createUser, makeFriends, type TestUser } from './users.js';

/**
 * The scenario of the account-deletion test (features/account/delete.test.ts): Dan hosts a room with a settled and
 * an open round, is in Ann's room's open round, in Ben's room without money (which has a waitlist), hosts a room
 * alone, and hosts one with Cat and no money; he has friends, requests, handles, a subscription, a calendar feed, an
 * invite link, messages and two pictures. The app listens on `base`, for sockets.
 */
export type DeleteScenario = {
  t: TestApp;
  base: string;
  dan: TestUser;
  ann: TestUser;
  ben: TestUser;
  cat: TestUser;
  eve: TestUser;
  rooms: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', string>;
  /** Dan's uploads: one is R5's cover, the other no room uses. */
  pictures: Record<'cover' | 'unused', string>;
};

export const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
};

export async function createDeleteScenario(): Promise<DeleteScenario> {
  const rooms = {} as DeleteScenario['rooms'];
  const pictures = {} as DeleteScenario['pictures'];
  const equal = (u: TestUser, roomId: string, amount: number, userIds: number[], name: string) =>
    ok(as(t, u)('POST', '/v1/bills', { name, roomId, amount, split: { mode: 'equal', userIds } }));
  const join = (u: TestUser, roomId: string) => ok(as(t, u)('PATCH', `/v1/rooms/${roomId}/join`));

  const t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const made = await Promise.all(
    ['dan', 'ann', 'ben', 'cat', 'eve'].map((n) => createUser(t, { username: `del_${n}` })),
  );
  const [dan, ann, ben, cat, eve] = made as [TestUser, TestUser, TestUser, TestUser, TestUser];
  await makeFriends(t, dan, ann);
  await makeFriends(t, dan, cat);

  // R1: Dan hosts; a round of his, consolidated (Ann settles hers), and an open round of Ann's.
  rooms.r1 = (await createRoom(t, dan, { name: 'Dan dinner' })).room.id;
  await join(ann, rooms.r1);
  await join(ben, rooms.r1);
  await equal(dan, rooms.r1, 30, [dan.id, ann.id, ben.id], 'Starters');
  const txs = (await ok(as(t, dan)('POST', '/v1/bills/consolidate', { roomId: rooms.r1 }))).data as {
    id: number;
    payerId: number;
  }[];
  await ok(as(t, ann)('PATCH', `/v1/transactions/${txs.find((x) => x.payerId === ann.id)!.id}/settle`));
  await equal(ann, rooms.r1, 60.01, [ann.id, ben.id, dan.id], 'Mains');
  // R2: Ann hosts; Dan owes in its open round, and paid nothing.
  rooms.r2 = (await createRoom(t, ann, { name: 'Ann trip' })).room.id;
  await join(dan, rooms.r2);
  await join(cat, rooms.r2);
  await equal(cat, rooms.r2, 45, [cat.id, dan.id, ann.id], 'Fuel');
  // R3: Ben hosts, two places, Dan going, Cat waitlisted; no money.
  rooms.r3 = (await createRoom(t, ben, { name: 'Ben picnic', capacity: 2 })).room.id;
  await join(dan, rooms.r3);
  await join(cat, rooms.r3);
  // R4: Dan alone, Ann invited. R5: Dan hosts, Cat in, no money.
  rooms.r4 = (await createRoom(t, dan, { name: 'Dan alone', isPrivate: true }, [ann.id])).room.id;
  rooms.r5 = (await createRoom(t, dan, { name: 'Dan hike' })).room.id;
  await join(cat, rooms.r5);

  await ok(as(t, dan)('POST', `/v1/rooms/${rooms.r1}/messages`, { content: 'Dan was here' }));
  await ok(as(t, eve)('POST', `/v1/users/${eve.id}/friends/requests`, { friendId: dan.id }));
  await ok(as(t, dan)('POST', `/v1/users/${dan.id}/friends/requests`, { friendId: ben.id }));
  await ok(as(t, dan)('PUT', `/v1/users/${dan.id}/payment-methods`, [{ kind: 'paypal', value: 'DanPays' }]));
  await ok(as(t, dan)('POST', `/v1/users/${dan.id}/calendar-feed`));
  await ok(as(t, dan)('GET', `/v1/users/${dan.id}/invite-link`));
  await ok(
    as(t, dan)('POST', '/v1/subscriptions', { endpoint: 'https://push.example.test/dan', ...browserKeys() }),
  );
  await t.database.pool.query(`INSERT INTO reminders (payee_id, payer_id) VALUES ($1, $2)`, [dan.id, ben.id]);
  for (const which of ['cover', 'unused'] as const) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/pictures',
      headers: { authorization: `Bearer ${dan.token}`, 'content-type': 'image/png' },
      payload: png,
    });
    pictures[which] = (res.json() as { data: { url: string } }).data.url;
  }
  const coverId = pictures.cover.split('/').pop()!.replace('.webp', '');
  await t.database.pool.query('UPDATE rooms SET picture_id = $1 WHERE id = $2', [coverId, rooms.r5]);
  return { t, base, dan, ann, ben, cat, eve, rooms, pictures };
}

/** The deletion test's views of the others' money, before and after, on the scenario. */
export function deleteHelpers(
  scenario: () => Pick<DeleteScenario, 't' | 'dan' | 'ann' | 'ben' | 'cat' | 'rooms'>,
) {
  /** Every money answer the others get, keyed by who asked what. */
  async function moneyViews(): Promise<Record<string, unknown>> {
    const { t, ann, ben, cat, rooms } = scenario();
    const views: Record<string, unknown> = {};
    const ask = async (u: TestUser, url: string) =>
      (views[`${u.username} ${url}`] = (await ok(as(t, u)('GET', url))).data);
    for (const roomId of [rooms.r1, rooms.r2]) {
      for (const path of ['balances', 'rounds']) await ask(ann, `/v1/rooms/${roomId}/${path}`);
      await ask(ann, `/v1/bills?roomId=${roomId}`);
    }
    await ask(cat, `/v1/rooms/${rooms.r2}/balances`);
    for (const u of [ann, ben, cat]) {
      await ask(u, '/v1/transactions?isPaid=false');
      await ask(u, '/v1/transactions?isPaid=true');
      await ask(u, '/v1/balances');
    }
    return views;
  }

  /** Dan's name, email and picture wherever he appears (the one thing a deletion may change in those answers). */
  function withoutDansName(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(withoutDansName);
    if (value && typeof value === 'object') {
      const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutDansName(v)]));
      if (o.id === scenario().dan.id && 'username' in o)
        return { ...o, username: 'DAN', email: 'DAN', pictureUrl: 'DAN' };
      return o;
    }
    return value;
  }

  return { moneyViews, withoutDansName };
}
