import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendRequestsResponse, inviteLinkResponse, inviterResponse } from '@outing/contract';
import { createMailTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/rooms.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

/** Inviting a friend who is not on Outing yet (issue #21 item 4). */

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp({ PUBLIC_URL: 'https://outing.example' }));
});
afterAll(() => close());

const codeOf = (url: string) => new URL(url).searchParams.get('invite')!;
async function linkOf(u: TestUser, method: 'GET' | 'POST' = 'GET') {
  const res = await as(t, u)(method, `/v1/users/${u.id}/invite-link`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return inviteLinkResponse.parse(res.json()).data;
}
const lookup = (code: string) => t.app.inject({ method: 'GET', url: `/v1/auth/invites/${code}` });

/** Signs up (with an invite code or not) and verifies; returns the new user's id and token. */
async function join(username: string, inviteCode?: string) {
  const email = `${username}@example.com`;
  const signup = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { username, email, password: 'secret123', ...(inviteCode === undefined ? {} : { inviteCode }) },
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    payload: { email, otp: await smtp.codeFor(email) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { id: signup.json().data.id as number, token: verified.json().token as string };
}

async function pendingRequests(user: { id: number; token: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/users/${user.id}/friends/requests`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.statusCode).toBe(200);
  return friendRequestsResponse.parse(res.json()).data;
}

describe('the personal invite link', () => {
  it('is a sign-up link with a code of 96 random bits, the same on every ask until replaced', async () => {
    const ann = await createUser(t);
    const first = await linkOf(ann);
    expect(first.url).toMatch(/^https:\/\/outing\.example\/signup\?invite=[A-Za-z0-9_-]{16}$/);
    expect((await linkOf(ann)).url).toBe(first.url);
    const replaced = await linkOf(ann, 'POST');
    expect(replaced.url).not.toBe(first.url);
    expect((await linkOf(ann)).url).toBe(replaced.url);
    // Two users never share a code; nothing of the code is stored.
    const ben = await createUser(t);
    expect(codeOf((await linkOf(ben)).url)).not.toBe(codeOf(replaced.url));
    const { rows } = await t.database.pool.query(`SELECT * FROM invite_links WHERE user_id = $1`, [ann.id]);
    expect(JSON.stringify(rows)).not.toContain(codeOf(replaced.url));
  });

  it('is another user’s to read, replace or turn off: 403', async () => {
    const [ann, eve] = [await createUser(t), await createUser(t)];
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await as(t, eve)(method, `/v1/users/${ann.id}/invite-link`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', data: null });
    }
    const { rows } = await t.database.pool.query(`SELECT 1 FROM invite_links WHERE user_id = $1`, [ann.id]);
    expect(rows).toEqual([]);
  });

  it('tells the sign-up screen who invited, without a token, and nothing else of them', async () => {
    const ann = await createUser(t);
    await t.database.pool.query(
      `UPDATE users SET picture_url = 'https://img.example/ann.png' WHERE id = $1`,
      [ann.id],
    );
    const code = codeOf((await linkOf(ann)).url);
    const res = await lookup(code);
    expect(res.statusCode).toBe(200);
    expect(inviterResponse.parse(res.json()).data).toEqual({
      username: ann.username,
      displayName: '',
      pictureUrl: 'https://img.example/ann.png',
    });
    expect(res.body).not.toContain(ann.email);
    expect(res.body).not.toContain(`"id"`);
  });

  it('answers one and the same 404 for a replaced, turned-off, unknown or malformed code', async () => {
    const ann = await createUser(t);
    const old = codeOf((await linkOf(ann)).url);
    const current = codeOf((await linkOf(ann, 'POST')).url);
    const off = await createUser(t);
    const offCode = codeOf((await linkOf(off)).url);
    expect((await as(t, off)('DELETE', `/v1/users/${off.id}/invite-link`)).statusCode).toBe(200);
    const answers = [];
    for (const code of [old, offCode, 'AAAAAAAAAAAAAAAA', 'not-a-code', 'x'.repeat(300)]) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(404);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect((await lookup(current)).statusCode).toBe(200);
  });
});

describe('signing up through an invite link', () => {
  it('once verified, the inviter’s friend request waits for the new user, with its notification', async () => {
    const ann = await createUser(t);
    const code = codeOf((await linkOf(ann)).url);
    const cleo = await join('cleo_invited', code);
    const requests = await pendingRequests(cleo);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ senderId: ann.id, receiverId: cleo.id, status: 'pending' });
    const { rows: notes } = await t.database.pool.query<{ title: string; content: string }>(
      `SELECT title, content FROM notifications WHERE user_id = $1`,
      [cleo.id],
    );
    expect(notes).toEqual([
      { title: 'Friend request', content: `${ann.username} sent you a friend request.` },
    ]);
    // The new user accepts at once; the two are friends.
    const accept = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${cleo.id}/friends/requests`,
      headers: { authorization: `Bearer ${cleo.token}` },
      payload: { requestId: requests[0]!.id, action: 'accept' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2`,
      [ann.id, cleo.id],
    );
    expect(rows).toHaveLength(1);
    // Nothing is left waiting on the account.
    const { rows: left } = await t.database.pool.query(`SELECT invited_by FROM users WHERE id = $1`, [
      cleo.id,
    ]);
    expect(left).toEqual([{ invited_by: null }]);
  });

  it('sends nothing before the email is verified', async () => {
    const ann = await createUser(t);
    const code = codeOf((await linkOf(ann)).url);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username: 'not_yet', email: 'not_yet@example.com', password: 'secret123', inviteCode: code },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT 1 FROM friend_requests WHERE sender_id = $1 OR receiver_id = $1`,
      [ann.id],
    );
    expect(rows).toEqual([]);
  });

  it('with an unknown, replaced or malformed code still creates the account, with no request', async () => {
    const ann = await createUser(t);
    const old = codeOf((await linkOf(ann)).url);
    await linkOf(ann, 'POST');
    for (const [name, code] of [
      ['with_old', old],
      ['with_unknown', 'BBBBBBBBBBBBBBBB'],
      ['with_garbage', '<script>'],
    ] as const) {
      const user = await join(name, code);
      expect(await pendingRequests(user)).toEqual([]);
    }
  });

  it('of someone already befriended through another way sends no second request', async () => {
    const ann = await createUser(t);
    const code = codeOf((await linkOf(ann)).url);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: {
        username: 'early_pal',
        email: 'early_pal@example.com',
        password: 'secret123',
        inviteCode: code,
      },
    });
    await makeFriends(t, ann, { id: signup.json().data.id as number });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: 'early_pal@example.com', otp: await smtp.codeFor('early_pal@example.com') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { rows } = await t.database.pool.query(`SELECT 1 FROM friend_requests WHERE sender_id = $1`, [
      ann.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('never writes an invite code to the log', async () => {
    const ann = await createUser(t);
    const code = codeOf((await linkOf(ann)).url);
    await lookup(code);
    await t.app.inject({ method: 'GET', url: `/signup?invite=${code}` });
    await join('log_check', code);
    expect(t.logs.join('\n')).not.toContain(code);
  });
});
