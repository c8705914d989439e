import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordResponse, confirmationCodeResponse, errorEnvelopeSchema } from '@outing/contract';
import { createMailTestApp, createTestApp, type TestApp } from '../../test/app.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser, type TestUser } from '../../test/users.js';

/** Changing the password (issue #21 item 3). */

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const change = (u: TestUser, token: string, payload: object) =>
  call(token, 'PATCH', `/v1/users/${u.id}/password`, payload);
async function signIn(u: { username: string }, password: string) {
  return t.app.inject({ method: 'POST', url: '/v1/auth', payload: { username: u.username, password } });
}
const passwordHash = async (id: number) =>
  (
    await t.database.pool.query<{ h: string | null }>(`SELECT password_hash AS h FROM users WHERE id = $1`, [
      id,
    ])
  ).rows[0]!.h;

describe('PATCH /v1/users/{id}/password', () => {
  it('with the current password: a new password, other devices signed out, this one carried on by the new token', async () => {
    const u = await createUser(t);
    const other = (await signIn(u, u.password)).json().token as string;
    const res = await change(u, u.token, { currentPassword: u.password, newPassword: 'brand-new-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = changePasswordResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'success', message: 'Password changed', data: null });
    expect(res.body).not.toContain('brand-new-1');

    for (const token of [other, u.token])
      expect((await call(token, 'GET', '/v1/rooms')).statusCode).toBe(401);
    expect((await call(body.token, 'GET', '/v1/rooms')).statusCode).toBe(200);
    expect((await signIn(u, u.password)).statusCode).toBe(401);
    expect((await signIn(u, 'brand-new-1')).statusCode).toBe(200);
  });

  it('with a wrong current password: 400 on that field, nothing changed, every device still signed in', async () => {
    const u = await createUser(t);
    const before = await passwordHash(u.id);
    const res = await change(u, u.token, { currentPassword: 'not-it', newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.issues).toEqual([
      { path: 'currentPassword', message: 'That password is not right. Check it and try again.' },
    ]);
    expect(await passwordHash(u.id)).toBe(before);
    expect((await call(u.token, 'GET', '/v1/rooms')).statusCode).toBe(200);
  });

  it('asks for a proof: neither the current password nor a code is a 400', async () => {
    const u = await createUser(t);
    const res = await change(u, u.token, { newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'currentPassword', message: 'Enter your password to confirm.' },
    ]);
  });

  it('keeps the sign-up rules for the new password', async () => {
    const u = await createUser(t);
    const res = await change(u, u.token, { currentPassword: u.password, newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('is 403 on another user’s id, and changes nothing', async () => {
    const [u, eve] = [await createUser(t), await createUser(t)];
    const before = await passwordHash(u.id);
    const res = await change(u, eve.token, { currentPassword: eve.password, newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(403);
    expect(await passwordHash(u.id)).toBe(before);
    expect(await passwordHash(eve.id)).not.toBe(before);
  });

  it('ends pending password resets', async () => {
    const u = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/otp',
      payload: { email: u.email, purpose: 'reset-password' },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: u.email, otp: await smtp.codeFor(u.email) },
    });
    const resetToken = verified.json().data.resetToken as string;
    expect(
      (await change(u, u.token, { currentPassword: u.password, newPassword: 'brand-new-1' })).statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/reset',
      payload: { email: u.email, password: 'hijacked-1', resetToken },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(u, 'brand-new-1')).statusCode).toBe(200);
  });
});

describe('a mailed confirmation code', () => {
  it('lets an account without a password (Google sign-in) set one; the current password cannot', async () => {
    const g = await createUser(t);
    await t.database.pool.query(`UPDATE users SET password_hash = NULL WHERE id = $1`, [g.id]);
    const withPassword = await change(g, g.token, {
      currentPassword: 'anything',
      newPassword: 'first-pass-1',
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().issues[0]).toEqual({
      path: 'currentPassword',
      message: 'Your account has no password. Ask for a code by email and enter it instead.',
    });
    expect((await change(g, g.token, { newPassword: 'first-pass-1' })).json().issues[0].path).toBe('code');

    const sent = await call(g.token, 'POST', `/v1/users/${g.id}/confirmation-code`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(confirmationCodeResponse.parse(sent.json()).data).toEqual({ email: g.email });
    const code = await smtp.codeFor(g.email);
    const mail = smtp.mails.filter((m) => m.to.includes(g.email)).at(-1)!;
    expect(mail.raw).toContain('to confirm the change to your account');

    const res = await change(g, g.token, { code, newPassword: 'first-pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(res.json().token, 'GET', '/v1/rooms')).statusCode).toBe(200);
    expect((await signIn(g, 'first-pass-1')).statusCode).toBe(200);
    // Used up.
    expect((await change(g, res.json().token, { code, newPassword: 'second-pass-2' })).statusCode).toBe(400);
  });

  it('is never taken by POST /auth/verify (it neither signs in nor verifies), and a wrong one uses up a try', async () => {
    const u = await createUser(t);
    expect((await call(u.token, 'POST', `/v1/users/${u.id}/confirmation-code`)).statusCode).toBe(200);
    const code = await smtp.codeFor(u.email);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: u.email, otp: code },
    });
    expect(verify.statusCode).toBe(404);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await change(u, u.token, { code: wrong, newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'code', message: 'That code is not right. Check it and try again.' },
    ]);
    const { rows } = await t.database.pool.query(
      `SELECT attempts FROM otp_codes WHERE user_id = $1 AND purpose = 'confirm-account'`,
      [u.id],
    );
    expect(rows).toEqual([{ attempts: 1 }]);
    expect((await change(u, u.token, { code, newPassword: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('follows the resend rules: a second code within 30 s is 429 with Retry-After', async () => {
    const u = await createUser(t);
    expect((await call(u.token, 'POST', `/v1/users/${u.id}/confirmation-code`)).statusCode).toBe(200);
    const again = await call(u.token, 'POST', `/v1/users/${u.id}/confirmation-code`);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is 403 for another user’s id, and mails nothing', async () => {
    const [u, eve] = [await createUser(t), await createUser(t)];
    // Counted per address: the sign-up mails of other tests' users may still be arriving.
    const toBoth = () => smtp.mails.filter((m) => m.to.includes(u.email) || m.to.includes(eve.email)).length;
    const mails = toBoth();
    expect((await call(eve.token, 'POST', `/v1/users/${u.id}/confirmation-code`)).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 100));
    expect(toBoth()).toBe(mails);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('count password guesses per account as login does: the 11th in a minute is 429', async () => {
    const u = await createUser(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await limited.app.inject({
        method: 'PATCH',
        url: `/v1/users/${u.id}/password`,
        headers: { authorization: `Bearer ${u.token}` },
        payload: { currentPassword: `guess-${i}`, newPassword: 'brand-new-1' },
        remoteAddress: `10.7.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
