import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  friendsResponse,
  loginResponse,
  updateUserResponse,
  userDetailSchema,
  userSearchResultSchema,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest } from '../../test/guests.js';
import { createRoom } from '../../test/rooms.js';
import { bearer, createUser, makeFriends, type TestUser } from '../../test/users.js';

/**
 * A display name and a profile picture (issue 37 item 4, docs/api/README.md#users-and-friends): set through
 * `PATCH /users/{id}`, answered as `displayName` and `pictureUrl` by every user, and found by the user search, as is an
 * exact email.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The envelope of `GET /users/{id}`. */
const profileResponse = z.object({ status: z.literal('success'), data: userDetailSchema });

const patch = (id: number, u: TestUser, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/v1/users/${id}`, headers: bearer(u), payload });

const stored = async (id: number) =>
  (
    await t.database.pool.query<{ display_name: string; picture_url: string }>(
      'SELECT display_name, picture_url FROM users WHERE id = $1',
      [id],
    )
  ).rows[0]!;

/** A picture of `u`'s straight in the database, as POST /pictures leaves one. */
async function picture(u: { id: number }) {
  const id = randomUUID();
  await t.database.pool.query(
    'INSERT INTO pictures (id, uploader_id, width, height) VALUES ($1, $2, 960, 640)',
    [id, u.id],
  );
  return id;
}

describe('GET /users/{id}: your own account, where an app reads its display name', () => {
  it('answers yourself with the display name ("" until set) and your email; another id is 403', async () => {
    const [u, other] = [await createUser(t), await createUser(t)];
    const read = (id: number) => t.app.inject({ method: 'GET', url: `/v1/users/${id}`, headers: bearer(u) });
    const before = await read(u.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(profileResponse.parse(before.json()).data).toMatchObject({
      id: u.id,
      username: u.username,
      displayName: '',
      email: u.email,
      isEmailValid: true,
    });
    expect((await patch(u.id, u, { field: 'displayName', value: 'Ada L.' })).statusCode).toBe(200);
    expect(profileResponse.parse((await read(u.id)).json()).data.displayName).toBe('Ada L.');

    const refused = await read(other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(other.email);
  });
});

describe('PATCH /users/{id} displayName', () => {
  it('sets a trimmed display name, answered by the caller’s own record', async () => {
    const u = await createUser(t);
    const res = await patch(u.id, u, { field: 'displayName', value: '  Zoë 🌷 Müller ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = updateUserResponse.parse(res.json());
    expect(body.data).toEqual({ field: 'displayName', value: 'Zoë 🌷 Müller' });
    expect(decodeJwt(body.token)).toMatchObject({ user_id: u.id, username: u.username });
    expect((await stored(u.id)).display_name).toBe('Zoë 🌷 Müller');

    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username: u.username, password: u.password },
    });
    expect(loginResponse.parse(login.json()).data.displayName).toBe('Zoë 🌷 Müller');
  });

  it('counts characters, not UTF-16 units: 40 emoji pass, 41 letters do not', async () => {
    const u = await createUser(t);
    const forty = '🌷'.repeat(40);
    expect((await patch(u.id, u, { field: 'displayName', value: forty })).statusCode).toBe(200);
    expect((await stored(u.id)).display_name).toBe(forty);
    const res = await patch(u.id, u, { field: 'displayName', value: 'a'.repeat(41) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Display name must be at most 40 characters');
    expect((await stored(u.id)).display_name).toBe(forty);
  });

  it('refuses an empty name, a line break, a direction override and an invisible character with 400', async () => {
    const u = await createUser(t);
    await patch(u.id, u, { field: 'displayName', value: 'Ada' });
    for (const [value, message] of [
      ['', 'Display name cannot be empty'],
      ['   ', 'Display name cannot be empty'],
      ['Ada\nLovelace', 'Display name cannot contain line breaks or control characters.'],
      ['Ada\u202eecalevol', 'Display name cannot contain text-direction override characters.'],
      ['Ad\u200ba', 'Display name cannot contain invisible characters such as zero-width spaces.'],
      [42, 'Display name must be text'],
    ] as const) {
      const res = await patch(u.id, u, { field: 'displayName', value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await stored(u.id)).display_name).toBe('Ada');
  });

  it('refuses another user’s id with 403 and an unknown field with the sentence earlier clients got', async () => {
    const [u, other] = await Promise.all([createUser(t), createUser(t)]);
    const res = await patch(other.id, u, { field: 'displayName', value: 'Not yours' });
    expect(res.statusCode).toBe(403);
    expect((await stored(other.id)).display_name).toBe('');
    const unknown = await patch(u.id, u, { field: 'email', value: 'x@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Only the username can be changed');
  });
});

describe('PATCH /users/{id} pictureId', () => {
  it('sets a picture the caller uploaded, in the answer, the token and the record; null removes it', async () => {
    const u = await createUser(t);
    const mine = await picture(u);
    const res = await patch(u.id, u, { field: 'pictureId', value: mine });
    expect(res.statusCode, t.logs.filter((l) => l.includes('"err"')).join('\n')).toBe(200);
    const body = updateUserResponse.parse(res.json());
    expect(body.data).toEqual({ field: 'pictureId', value: mine, pictureUrl: `/v1/pictures/${mine}.webp` });
    expect(decodeJwt(body.token)).toMatchObject({ picture_url: `/v1/pictures/${mine}.webp` });
    expect((await stored(u.id)).picture_url).toBe(`/v1/pictures/${mine}.webp`);

    const removed = await patch(u.id, u, { field: 'pictureId', value: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ field: 'pictureId', value: '', pictureUrl: '' });
    expect((await stored(u.id)).picture_url).toBe('');
  });

  it('refuses someone else’s picture, an unknown id and a malformed one with 400, changing nothing', async () => {
    const [u, other] = await Promise.all([createUser(t), createUser(t)]);
    const theirs = await picture(other);
    for (const value of [theirs, randomUUID()]) {
      const res = await patch(u.id, u, { field: 'pictureId', value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Choose a picture you uploaded.',
        issues: [{ path: 'value', message: 'Choose a picture you uploaded.' }],
      });
    }
    const malformed = await patch(u.id, u, { field: 'pictureId', value: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect((await stored(u.id)).picture_url).toBe('');
    const forOther = await patch(other.id, u, { field: 'pictureId', value: theirs });
    expect(forOther.statusCode).toBe(403);
  });
});

describe('display names in lists', () => {
  it('answers displayName in the friends list ("" until set)', async () => {
    const [u, named, unnamed] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await Promise.all([makeFriends(t, u, named), makeFriends(t, u, unnamed)]);
    await patch(named.id, named, { field: 'displayName', value: 'Named Friend' });
    const res = await t.app.inject({ method: 'GET', url: `/v1/users/${u.id}/friends`, headers: bearer(u) });
    const friends = friendsResponse.parse(res.json()).data;
    expect(friends.find((f) => f.id === named.id)?.displayName).toBe('Named Friend');
    expect(friends.find((f) => f.id === unnamed.id)?.displayName).toBe('');
  });
});

describe('user search by display name and email', () => {
  const search = async (u: TestUser, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${u.id}/friends/search?query=${encodeURIComponent(query)}`,
      headers: bearer(u),
    });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(userSearchResultSchema).parse(res.json().data);
  };

  it('finds a display name by a piece of it, in any case, exact match first; never yourself or a friend', async () => {
    const me = await createUser(t);
    const [a, b, exact, friend] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    await patch(a.id, a, { field: 'displayName', value: 'Big Wqxlo Fan' });
    await patch(b.id, b, { field: 'displayName', value: 'wqxlo the second' });
    await patch(exact.id, exact, { field: 'displayName', value: 'WQXLO' });
    await patch(friend.id, friend, { field: 'displayName', value: 'Friendly wqxlo' });
    await patch(me.id, me, { field: 'displayName', value: 'Me wqxlo' });
    await makeFriends(t, me, friend);
    const found = await search(me, 'wQxLo');
    expect(found.map((r) => r.id)).toEqual([exact.id, b.id, a.id]);
    expect(found[0]).toMatchObject({ displayName: 'WQXLO', username: exact.username, email: '' });
    // Under three letters: found among the newest users.
    const short = await search(me, 'g w');
    expect(short.map((r) => r.id)).toContain(a.id);
  });

  it('finds an account by its exact email in any case, without showing the email', async () => {
    const me = await createUser(t);
    const [target, friend, unverified] = await Promise.all([
      createUser(t, { email: `Target.${randomUUID().slice(0, 8)}@Example.com` }),
      createUser(t),
      createUser(t, { verified: false }),
    ]);
    await makeFriends(t, me, friend);
    const found = await search(me, `  ${target.email.toUpperCase()} `);
    expect(found).toEqual([
      {
        id: target.id,
        username: target.username,
        displayName: '',
        email: '',
        pictureUrl: '',
        requestPending: false,
      },
    ]);
    // Only the whole address: a piece of it finds nobody by email.
    expect(await search(me, target.email.slice(0, -4))).toEqual([]);
    expect(await search(me, friend.email)).toEqual([]);
    expect(await search(me, me.email)).toEqual([]);
    expect(await search(me, unverified.email)).toEqual([]);
  });

  it('never finds a guest, by name or otherwise', async () => {
    const me = await createUser(t);
    const { room } = await createRoom(t, me);
    const guest = await createGuest(t, room.id, 'Guest Zqvwy');
    await t.database.pool.query(`UPDATE users SET display_name = 'Zqvwy guest' WHERE id = $1`, [guest.id]);
    expect(await search(me, 'zqvwy')).toEqual([]);
  });
});
