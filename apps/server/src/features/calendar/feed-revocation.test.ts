import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedResponse, calendarFeedStatusResponse } from '@outing/contract';
import { createMailTestApp, type TestApp } from '../../test/app.js';
import { createRoom } from '../../test/rooms.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser, type TestUser } from '../../test/users.js';

// Issue 32 item 7: the personal calendar feed lists private rooms, and its link outlived "sign out everywhere", a
// password change and a password reset. Whatever revokes every token of a user now revokes the link too; the user
// makes a new one afterwards (the settings screen then offers "Create calendar link").

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp({ PUBLIC_URL: 'https://outing.example' }));
});
afterAll(() => close());

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const call = (token: string | null, { method, url, payload }: Call) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

/** A user in a private room, subscribed to their feed: the link's path, which answers that room. */
async function subscribed(u: TestUser, token = u.token) {
  await createRoom(t, u, { name: 'Secret party', isPrivate: true });
  const res = await call(token, { method: 'POST', url: `/v1/users/${u.id}/calendar-feed` });
  expect(res.statusCode, res.body).toBe(200);
  const path = new URL(calendarFeedResponse.parse(res.json()).data.url).pathname;
  const feed = await call(null, { method: 'GET', url: path });
  expect(feed.statusCode).toBe(200);
  expect(feed.body).toContain('Secret party');
  return path;
}

const status = async (u: TestUser, token: string) =>
  calendarFeedStatusResponse.parse(
    (await call(token, { method: 'GET', url: `/v1/users/${u.id}/calendar-feed` })).json(),
  ).data;

async function signIn(u: TestUser, password = u.password): Promise<string> {
  const res = await call(null, {
    method: 'POST',
    url: '/v1/auth',
    payload: { username: u.username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** After the revocation: the old link is the one 404 of a link that never was; a new link works. */
async function expectRevoked(u: TestUser, path: string, token: string) {
  const old = await call(null, { method: 'GET', url: path });
  expect(old.statusCode, old.body).toBe(404);
  expect(old.body).not.toContain('Secret party');
  expect(await status(u, token)).toEqual({ active: false, createdAt: null });
  const again = await call(token, { method: 'POST', url: `/v1/users/${u.id}/calendar-feed` });
  expect(again.statusCode, again.body).toBe(200);
  const fresh = new URL(calendarFeedResponse.parse(again.json()).data.url).pathname;
  expect(fresh).not.toBe(path);
  expect((await call(null, { method: 'GET', url: fresh })).body).toContain('Secret party');
}

describe('the calendar feed link dies with every token', () => {
  it('sign out everywhere (no body, and everywhere: true) revokes it', async () => {
    for (const payload of [undefined, { everywhere: true }]) {
      const u = await createUser(t);
      const path = await subscribed(u);
      const out = await call(u.token, { method: 'POST', url: '/v1/auth/logout', payload });
      expect(out.statusCode, out.body).toBe(200);
      await expectRevoked(u, path, await signIn(u));
    }
  });

  it('signing out one device keeps it: the other devices and the link are still signed in', async () => {
    const u = await createUser(t);
    const path = await subscribed(u);
    const device = await signIn(u);
    const out = await call(device, {
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { everywhere: false },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await call(null, { method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('a password change revokes it (the device that changed it signs the new one)', async () => {
    const u = await createUser(t);
    const path = await subscribed(u);
    const res = await call(u.token, {
      method: 'PATCH',
      url: `/v1/users/${u.id}/password`,
      payload: { currentPassword: u.password, newPassword: 'brand-new-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectRevoked(u, path, res.json().token as string);
  });

  it('a password reset revokes it', async () => {
    const u = await createUser(t);
    const path = await subscribed(u);
    const otp = await call(null, {
      method: 'POST',
      url: '/v1/auth/otp',
      payload: { email: u.email, purpose: 'reset-password' },
    });
    expect(otp.statusCode, otp.body).toBe(200);
    const verified = await call(null, {
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: u.email, otp: await smtp.codeFor(u.email) },
    });
    const resetToken = verified.json().data.resetToken as string;
    const reset = await call(null, {
      method: 'PATCH',
      url: '/v1/auth/reset',
      payload: { email: u.email, password: 'after-reset-1', resetToken },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRevoked(u, path, await signIn(u, 'after-reset-1'));
  });

  it('deleting the account revokes it', async () => {
    const u = await createUser(t);
    const path = await subscribed(u);
    const gone = await call(u.token, {
      method: 'DELETE',
      url: `/v1/users/${u.id}`,
      payload: { password: u.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(null, { method: 'GET', url: path })).statusCode).toBe(404);
  });
});
