import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeSchema, deleteAccountResponse, roomResponse, successEnvelope } from '@outing/contract';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, notificationTexts } from '../../test/rooms.js';
import { browserKeys } from '../../test/push-endpoint.js';
import { connect, settle } from '../../test/sockets.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { ERASED_USER_REFERENCES } from './queries.js';

/**
 * Deleting an account (issue #21 item 6): the person is gone, the money of everybody else is not. The scenario: Dan
 * hosts a room with a settled and an open round, is in Ann's room's open round, in Ben's room without money (which
 * has a waitlist), hosts a room alone, and hosts one with Cat and no money; he has friends, requests, handles, a
 * subscription, a calendar feed, an invite link and messages. Every money answer of the others is compared before and
 * after, with only Dan's name (and email) allowed to change.
 */

let t: TestApp;
let base: string;
let dan: TestUser, ann: TestUser, ben: TestUser, cat: TestUser, eve: TestUser;
const rooms = {} as Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', string>;
let before: Record<string, unknown>;
/** Dan's uploads: one is R5's cover, the other no room uses. */
const pictures = {} as Record<'cover' | 'unused', string>;

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
};
const equal = (u: TestUser, roomId: string, amount: number, userIds: number[], name: string) =>
  ok(as(t, u)('POST', '/v1/bills', { name, roomId, amount, split: { mode: 'equal', userIds } }));
const join = (u: TestUser, roomId: string) => ok(as(t, u)('PATCH', `/v1/rooms/${roomId}/join`));

/** Every money answer the others get, keyed by who asked what. */
async function moneyViews(): Promise<Record<string, unknown>> {
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
    if (o.id === dan.id && 'username' in o) return { ...o, username: 'DAN', email: 'DAN', pictureUrl: 'DAN' };
    return o;
  }
  return value;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const made = await Promise.all(
    ['dan', 'ann', 'ben', 'cat', 'eve'].map((n) => createUser(t, { username: `del_${n}` })),
  );
  [dan, ann, ben, cat, eve] = made as [TestUser, TestUser, TestUser, TestUser, TestUser];
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
  before = await moneyViews();
});
afterAll(() => t.close());

describe('DELETE /v1/users/{id}', () => {
  it('deletes the account: 200, its token refused at once, its socket closed, no way back in', async () => {
    const socket = connect(base, dan.token);
    await socket.opened;
    await settle();
    const res = await as(t, dan)('DELETE', `/v1/users/${dan.id}`, { password: dan.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(deleteAccountResponse.parse(res.json())).toMatchObject({ message: 'Account deleted', data: null });
    expect(await socket.closed).toBe(4401);
    expect((await as(t, dan)('GET', '/v1/rooms')).statusCode).toBe(401);
    expect(await connect(base, dan.token).closed).toBe(4401);
    for (const username of [dan.username, dan.email, 'Deleted user']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/v1/auth',
        payload: { username, password: dan.password },
      });
      expect(login.statusCode, username).toBe(401);
    }
    const otp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/otp',
      payload: { email: dan.email, purpose: 'verify-email' },
    });
    expect(otp.statusCode).toBe(404);
  });

  it('leaves nothing personal: the row is "Deleted user" with no email, password or picture', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT username, email, password_hash, picture_url, is_email_valid, deleted_at IS NOT NULL AS deleted
       FROM users WHERE id = $1`,
      [dan.id],
    );
    expect(rows).toEqual([
      {
        username: 'Deleted user',
        email: '',
        password_hash: null,
        picture_url: '',
        is_email_valid: false,
        deleted: true,
      },
    ]);
    for (const ref of ERASED_USER_REFERENCES) {
      const [table, column] = ref.split('.');
      const { rows: left } = await t.database.pool.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [dan.id],
      );
      expect(left[0].n, ref).toBe(0);
    }
    const { rows: mail } = await t.database.pool.query(
      `SELECT (SELECT count(*) FROM otp_sends WHERE email = $1)::int + (SELECT count(*) FROM otp_codes WHERE email = $1)::int AS n`,
      [dan.email],
    );
    expect(mail[0].n).toBe(0);
  });

  it('deletes the pictures no room uses; a room’s cover stays, no longer his (issue 32)', async () => {
    expect((await t.app.inject({ method: 'GET', url: pictures.unused })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pictures.cover })).statusCode).toBe(200);
  });

  it('keeps every money answer of the others identical but for Dan’s name', async () => {
    const after = await moneyViews();
    expect(withoutDansName(after)).toEqual(withoutDansName(before));
    // And Dan does appear, as "Deleted user", with no email even to his friend Ann.
    const bills = JSON.stringify(after[`${ann.username} /v1/bills?roomId=${rooms.r1}`]);
    expect(bills).toContain('"username":"Deleted user"');
    expect(JSON.stringify(after)).not.toContain(dan.email);
    expect(JSON.stringify(after)).not.toContain(dan.username);
  });

  it('hands his rooms to the next member, closes the one he was alone in, and frees his place', async () => {
    const room = async (id: string, u: TestUser) =>
      roomResponse.parse(await ok(as(t, u)('GET', `/v1/rooms/${id}`))).data;
    const attendees = async (id: string, u: TestUser) =>
      successEnvelope(z.array(attendeeSchema)).parse(await ok(as(t, u)('GET', `/v1/rooms/${id}/attendees`)))
        .data;

    // R1: Ann (going, joined first) hosts; Dan stays listed, declined, because its money names him.
    expect((await room(rooms.r1, ann)).hostId).toBe(ann.id);
    expect(await notificationTexts(t, ann.id)).toContain(
      'You are now the host of Dan dinner: its host deleted their account.',
    );
    expect((await attendees(rooms.r1, ann)).find((a) => a.id === dan.id)).toMatchObject({
      username: 'Deleted user',
      email: '',
      rsvp: 'declined',
    });
    // R2: still listed (he owes in the open round), declined.
    expect((await attendees(rooms.r2, ann)).find((a) => a.id === dan.id)?.rsvp).toBe('declined');
    // R3: no money of his: he left, and Cat got his place.
    const r3 = await attendees(rooms.r3, ben);
    expect(r3.map((a) => a.id)).not.toContain(dan.id);
    expect(r3.find((a) => a.id === cat.id)?.rsvp).toBe('going');
    expect(await notificationTexts(t, cat.id)).toContain("A place opened up: you're going to Ben picnic.");
    // R4: nobody to hand it to: closed, Ann's invite gone.
    const r4 = await t.database.pool.query(
      `SELECT is_closed, (SELECT count(*)::int FROM invites WHERE room_id = $1) AS invites FROM rooms WHERE id = $1`,
      [rooms.r4],
    );
    expect(r4.rows).toEqual([{ is_closed: true, invites: 0 }]);
    // R5: Cat hosts; Dan left.
    expect((await room(rooms.r5, cat)).hostId).toBe(cat.id);
    expect((await attendees(rooms.r5, cat)).map((a) => a.id)).toEqual([cat.id]);
  });

  it('keeps his messages, signed "Deleted user"', async () => {
    const res = await ok(as(t, ann)('GET', `/v1/rooms/${rooms.r1}/messages`));
    const messages = (
      res.data as { messages: { senderId: number; sender: { username: string }; content: string }[] }
    ).messages;
    expect(messages.find((m) => m.content === 'Dan was here')).toMatchObject({
      senderId: dan.id,
      sender: { username: 'Deleted user' },
    });
  });

  it('lets the others settle what he owes in the ledger, and never puts him in a new bill', async () => {
    const refused = await as(t, ann)('POST', '/v1/bills', {
      name: 'After',
      roomId: rooms.r1,
      amount: 20,
      split: { mode: 'equal', userIds: [ann.id, dan.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'split', message: 'A deleted account cannot take part in a new bill.' },
    ]);
    const legacy = await as(t, ann)('POST', '/v1/bills', {
      name: 'After',
      roomId: rooms.r1,
      amount: 20,
      includeOwner: true,
      payers: [dan.id],
    });
    expect(legacy.statusCode).toBe(400);
    // What Dan owes over the room's whole ledger (one live ledger): his share of the mains, as the server splits
    // it (60.01 three ways: who takes the extra cent depends on the users' ids, which the concurrent sign-ups above
    // hand out in any order), less the 30.00 starters he paid, less his own 10.00 of them, less the 10.00 Ann paid
    // him back; Ben's 10.00 for the starters is still owed to him.
    const open = (await ok(as(t, ann)('GET', `/v1/rooms/${rooms.r1}/balances`))).data as {
      members: { userId: number; net: number }[];
    };
    const owed = -open.members.find((m) => m.userId === dan.id)!.net;
    expect([10, 10.01]).toContain(owed);
    // Ann, the new host, presses Settle up: Dan's debt is an unpaid transaction to her, never lost.
    const txs = (await ok(as(t, ann)('POST', '/v1/bills/consolidate', { roomId: rooms.r1 }))).data as {
      payerId: number;
      payeeId: number;
      amount: number;
      payer: { username: string };
    }[];
    expect(txs.find((x) => x.payerId === dan.id)).toMatchObject({
      payeeId: ann.id,
      amount: owed,
      payer: { username: 'Deleted user' },
    });
  });

  it('frees the username and the email: the same person can sign up again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username: dan.username, email: dan.email, password: 'again-123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).not.toBe(dan.id);
  });

  it('of a second account breaks no unique constraint', async () => {
    const [x, y] = [await createUser(t), await createUser(t)];
    for (const u of [x, y])
      expect((await as(t, u)('DELETE', `/v1/users/${u.id}`, { password: u.password })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE username = 'Deleted user' AND email = ''`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(3);
  });
});
