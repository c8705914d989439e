import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyResponse } from '@outing/contract';
import { createMailTestApp, type TestApp } from '../../test/app.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser } from '../../test/users.js';

/** A correct verify-email code signs the account in (issue #21 item 1); a reset code never does. */

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const verify = (email: string, otp: string) => post('/v1/auth/verify', { email, otp });
const getRooms = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/rooms', headers: { authorization: `Bearer ${token}` } });

describe('POST /v1/auth/verify with a verify-email code', () => {
  it('sign-up → verify answers a token and the user, and the token works at once', async () => {
    const signup = await post('/v1/auth/signup', {
      username: 'straight_home',
      email: 'home@example.com',
      password: 'secret123',
    });
    expect(signup.statusCode).toBe(200);
    const id = signup.json().data.id as number;
    const res = await verify('home@example.com', await smtp.codeFor('home@example.com'));
    expect(res.statusCode, res.body).toBe(200);
    const body = verifyResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'success', message: 'Email verified', data: null });
    expect(body.user).toMatchObject({ id, username: 'straight_home', email: 'home@example.com' });
    expect(body.user!.isEmailValid).toBe(true);
    expect(res.body).not.toMatch(/password|hash/i);
    const rooms = await getRooms(body.token!);
    expect(rooms.statusCode, rooms.body).toBe(200);
    // The same claims as a login's token.
    const claims = JSON.parse(Buffer.from(body.token!.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ user_id: id, username: 'straight_home', user_email: 'home@example.com' });
    expect(Object.keys(claims).sort()).toEqual(
      ['exp', 'iat', 'jti', 'picture_url', 'user_email', 'user_id', 'username'].sort(),
    );
    // Used up: the same code again finds nothing.
    expect((await verify('home@example.com', '000000')).statusCode).toBe(404);
  });

  it('after a login refused as unverified, the code signs in without a second password entry', async () => {
    const u = await createUser(t, { verified: false });
    const login = await post('/v1/auth', { username: u.username, password: u.password });
    expect(login.statusCode).toBe(403);
    expect(await post('/v1/auth/otp', { email: u.email, purpose: 'verify-email' })).toMatchObject({
      statusCode: 200,
    });
    const res = await verify(u.email, await smtp.codeFor(u.email));
    expect(res.statusCode, res.body).toBe(200);
    expect((await getRooms(res.json().token)).statusCode).toBe(200);
  });

  it('keeps the five-tries rule: a right code after five wrong ones signs nobody in', async () => {
    await post('/v1/auth/signup', {
      username: 'five_tries',
      email: 'five@example.com',
      password: 'secret123',
    });
    const code = await smtp.codeFor('five@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify('five@example.com', wrong)).statusCode).toBe(400);
    const res = await verify('five@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Too many wrong tries. Ask for a new code.', data: null });
    expect(res.json().token).toBeUndefined();
  });

  it('an expired code signs nobody in', async () => {
    await post('/v1/auth/signup', { username: 'too_late', email: 'late@example.com', password: 'secret123' });
    const code = await smtp.codeFor('late@example.com');
    await t.database.pool.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`,
    );
    const res = await verify('late@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('"token"');
  });
});

describe('POST /v1/auth/verify with a reset-password code', () => {
  it('answers the reset token only, never a token or the user', async () => {
    const u = await createUser(t);
    expect((await post('/v1/auth/otp', { email: u.email, purpose: 'reset-password' })).statusCode).toBe(200);
    const res = await verify(u.email, await smtp.codeFor(u.email));
    expect(res.statusCode).toBe(200);
    const body = verifyResponse.parse(res.json());
    expect(body.data?.resetToken).toEqual(expect.any(String));
    expect(body.token).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(res.body).not.toContain('"token"');
    expect(res.body).not.toContain(u.email);
  });
});
