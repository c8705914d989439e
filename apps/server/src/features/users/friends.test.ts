import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countResponse,
  friendRequestResponse,
  friendRequestsResponse,
  friendSearchResponse,
  friendsCountResponse,
  friendsResponse,
} from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import type { NotificationEvent } from '../../lib/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
const delivered: NotificationEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.onNotification((e) => void delivered.push(e));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (u: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${u.token}` },
    ...(payload ? { payload } : {}),
  });

async function requestFriend(from: TestUser, to: TestUser) {
  const res = await call(from, 'POST', `/v1/users/${from.id}/friends/requests`, { friendId: to.id });
  expect(res.statusCode).toBe(200);
  return friendRequestResponse.parse(res.json()).data;
}

async function befriend(a: TestUser, b: TestUser) {
  const req = await requestFriend(a, b);
  const res = await call(b, 'PATCH', `/v1/users/${b.id}/friends/requests`, {
    requestId: req.id,
    action: 'accept',
  });
  expect(res.statusCode).toBe(200);
}

describe('friend requests', () => {
  it('send → receiver sees it pending (newest first) and is notified → accept → friends both ways, sender notified', async () => {
    const ann = await createUser(t, { username: 'ann_f' });
    const ben = await createUser(t, { username: 'ben_f' });
    const req = await requestFriend(ann, ben);
    expect(req).toMatchObject({ senderId: ann.id, receiverId: ben.id, status: 'pending', respondedAt: null });
    expect(req.sender.email).toBe(ann.email); // yourself
    expect(req.receiver.email).toBe(''); // not a friend (yet)

    const list = friendRequestsResponse.parse(
      (await call(ben, 'GET', `/v1/users/${ben.id}/friends/requests?status=pending`)).json(),
    );
    expect(list.data.map((r) => r.id)).toEqual([req.id]);
    expect(list.data[0]!.sender).toEqual({
      id: ann.id,
      username: 'ann_f',
      displayName: '',
      email: '',
      pictureUrl: '',
    });
    expect(
      countResponse.parse((await call(ben, 'GET', `/v1/users/${ben.id}/friends/requests/count`)).json()).data
        .count,
    ).toBe(1);

    const stored = await rows(
      t.database.db,
      sql`SELECT title, content, is_read AS "isRead" FROM notifications WHERE user_id = ${ben.id}`,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        title: 'Friend request',
        content: 'ann_f sent you a friend request.',
        isRead: false,
      }),
    ]);
    expect(delivered.find((d) => d.notification.userId === ben.id)).toMatchObject({
      url: '/friends/requests',
    });

    const accepted = await call(ben, 'PATCH', `/v1/users/${ben.id}/friends/requests`, {
      requestId: String(req.id),
      action: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    const answer = friendRequestResponse.parse(accepted.json()).data;
    expect(answer.status).toBe('accepted');
    expect(answer.respondedAt).not.toBeNull();
    expect(answer.sender.email).toBe(ann.email); // friends now

    for (const [me, other] of [
      [ann, ben],
      [ben, ann],
    ] as const) {
      const friends = friendsResponse.parse(
        (await call(me, 'GET', `/v1/users/${me.id}/friends`)).json(),
      ).data;
      expect(friends).toEqual([
        expect.objectContaining({ id: other.id, email: other.email, isOnline: false, isEmailValid: true }),
      ]);
      expect(
        friendsCountResponse.parse((await call(me, 'GET', `/v1/users/${me.id}/friends/count`)).json()).data
          .numFriends,
      ).toBe(1);
    }
    const toAnn = await rows(
      t.database.db,
      sql`SELECT title, content, is_read AS "isRead" FROM notifications WHERE user_id = ${ann.id}`,
    );
    expect(toAnn).toEqual([
      expect.objectContaining({
        title: 'Friend request accepted',
        content: 'ben_f accepted your friend request.',
      }),
    ]);
    expect(
      countResponse.parse((await call(ben, 'GET', `/v1/users/${ben.id}/friends/requests/count`)).json()).data
        .count,
    ).toBe(0);
  });

  it('reject never creates a friendship; answering twice is a 409', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const req = await requestFriend(a, b);
    const url = `/v1/users/${b.id}/friends/requests`;
    expect((await call(b, 'PATCH', url, { requestId: req.id, action: 'reject' })).statusCode).toBe(200);
    const again = await call(b, 'PATCH', url, { requestId: req.id, action: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This friend request was already answered.');
    expect(await rows(t.database.db, sql`SELECT * FROM friendships WHERE user_id = ${a.id}`)).toEqual([]);
    const rejected = friendRequestsResponse.parse(
      (await call(b, 'GET', `${url}?status=rejected`)).json(),
    ).data;
    expect(rejected.map((r) => r.id)).toEqual([req.id]);
  });

  it('accepting the same request twice at once: exactly one wins', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const req = await requestFriend(a, b);
    const results = await Promise.all(
      [0, 1].map(() =>
        call(b, 'PATCH', `/v1/users/${b.id}/friends/requests`, { requestId: req.id, action: 'accept' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await rows(
        t.database.db,
        sql`SELECT title, content, is_read AS "isRead" FROM notifications WHERE user_id = ${a.id}`,
      ),
    ).toHaveLength(1);
  });

  it('only the receiver may answer (404 for the sender and for strangers)', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const req = await requestFriend(a, b);
    for (const u of [a, c]) {
      const res = await call(u, 'PATCH', `/v1/users/${u.id}/friends/requests`, {
        requestId: req.id,
        action: 'accept',
      });
      expect(res.statusCode).toBe(404);
    }
    const stored = await row<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM friend_requests WHERE id = ${req.id}`,
    );
    expect(stored!.status).toBe('pending');
  });

  it('409 for yourself, friends, and a pending request either way; 404 for an unknown user', async () => {
    const a = await createUser(t, { username: 'alpha_r' });
    const b = await createUser(t, { username: 'beta_r' });
    const c = await createUser(t, { username: 'gamma_r' });
    const url = `/v1/users/${a.id}/friends/requests`;
    const self = await call(a, 'POST', url, { friendId: a.id });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot send a friend request to yourself.');
    await requestFriend(b, a);
    const reverse = await call(a, 'POST', url, { friendId: b.id });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().message).toBe(
      'beta_r has already sent you a friend request. Accept it in your requests.',
    );
    await requestFriend(a, c);
    expect((await call(a, 'POST', url, { friendId: c.id })).json().message).toBe(
      'You have already sent gamma_r a friend request.',
    );
    const friend = await createUser(t, { username: 'delta_r' });
    await befriend(a, friend);
    expect((await call(a, 'POST', url, { friendId: friend.id })).json().message).toBe(
      'You are already friends with delta_r.',
    );
    expect((await call(a, 'POST', url, { friendId: 99_999_999 })).statusCode).toBe(404);
    expect((await call(a, 'POST', url, { friendId: 'abc' })).statusCode).toBe(400);
  });

  it('two simultaneous requests between the same two people: one wins, the other is a 409', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const results = await Promise.all([
      call(a, 'POST', `/v1/users/${a.id}/friends/requests`, { friendId: b.id }),
      call(b, 'POST', `/v1/users/${b.id}/friends/requests`, { friendId: a.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('search', () => {
  it('finds by case-insensitive substring, not yourself or friends, at most 10, flags pending requests', async () => {
    const me = await createUser(t, { username: 'searcher_zq' });
    const friend = await createUser(t, { username: 'zq_friend' });
    await befriend(me, friend);
    const pending = await createUser(t, { username: 'ZQ_pending' });
    await requestFriend(me, pending);
    await createUser(t, { username: 'zq_unverified', verified: false });
    for (let i = 0; i < 12; i++) await createUser(t, { username: `many_zq_${i}` });

    const res = await call(me, 'GET', `/v1/users/${me.id}/friends/search?query=zq`);
    const found = friendSearchResponse.parse(res.json()).data;
    expect(found).toHaveLength(10);
    const names = found.map((f) => f.username);
    expect(names).not.toContain('searcher_zq');
    expect(names).not.toContain('zq_friend');
    expect(names).not.toContain('zq_unverified');
    expect(found.every((f) => f.email === '')).toBe(true);

    const exact = friendSearchResponse.parse(
      (await call(me, 'GET', `/v1/users/${me.id}/friends/search?query=zq_PENDING`)).json(),
    ).data;
    expect(exact).toEqual([
      {
        id: pending.id,
        username: 'ZQ_pending',
        displayName: '',
        email: '',
        pictureUrl: '',
        requestPending: true,
      },
    ]);
  });

  it('a blank query finds nobody, and LIKE wildcards are taken literally', async () => {
    const me = await createUser(t);
    await createUser(t, { username: 'percent_user' });
    for (const q of ['', '%20%20', '%25', '_']) {
      const res = await call(me, 'GET', `/v1/users/${me.id}/friends/search?query=${q}`);
      expect(res.statusCode).toBe(200);
      const data = friendSearchResponse.parse(res.json()).data;
      if (q === '_') expect(data.every((u) => u.username.includes('_'))).toBe(true);
      else expect(data).toEqual([]);
    }
  });
});

describe('remove', () => {
  it('removes the friendship both ways; removing a non-friend is a 404', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await befriend(a, b);
    expect((await call(a, 'DELETE', `/v1/users/${a.id}/friends/${b.id}`)).statusCode).toBe(200);
    const left = await rows(
      t.database.db,
      sql`SELECT * FROM friendships WHERE user_id = ${b.id} AND friend_id = ${a.id}`,
    );
    expect(left).toEqual([]);
    expect((await call(a, 'DELETE', `/v1/users/${a.id}/friends/${b.id}`)).statusCode).toBe(404);
  });
});

describe('another user’s {id}', () => {
  it('is a 403 on every friends route and changes nothing', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const third = await createUser(t);
    const fourth = await createUser(t);
    await befriend(other, third);
    const req = await requestFriend(fourth, other);
    const attempts: [Method, string, object?][] = [
      ['GET', `/v1/users/${other.id}/friends`],
      ['GET', `/v1/users/${other.id}/friends/count`],
      ['GET', `/v1/users/${other.id}/friends/search?query=a`],
      ['POST', `/v1/users/${other.id}/friends/requests`, { friendId: me.id }],
      ['GET', `/v1/users/${other.id}/friends/requests`],
      ['GET', `/v1/users/${other.id}/friends/requests/count`],
      ['PATCH', `/v1/users/${other.id}/friends/requests`, { requestId: req.id, action: 'accept' }],
      ['DELETE', `/v1/users/${other.id}/friends/${third.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(me, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      await rows(t.database.db, sql`SELECT * FROM friendships WHERE user_id = ${other.id}`),
    ).toHaveLength(1);
    expect(
      await rows(t.database.db, sql`SELECT * FROM friend_requests WHERE receiver_id = ${me.id}`),
    ).toEqual([]);
  });
});
