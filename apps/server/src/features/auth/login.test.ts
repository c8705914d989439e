import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailNotVerifiedSchema, errorEnvelopeSchema, loginResponse } from '@outing/contract';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app.js';
import { bearer, createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { username: 'Alice', email: 'alice@example.com', password: 'correct horse' });
});
afterAll(() => t.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth', payload });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });

describe('POST /v1/auth', () => {
  it('signs in by username (any case) or by email, with exactly the contract claims', async () => {
    for (const username of ['Alice', 'alice', 'ALICE@example.com']) {
      const res = await login({ username, password: 'correct horse' });
      expect(res.statusCode, username).toBe(200);
      const body = loginResponse.parse(res.json());
      expect(body.data).toMatchObject({
        id: alice.id,
        username: 'Alice',
        email: 'alice@example.com',
        isEmailValid: true,
      });
      const claims = decodeJwt(body.token);
      expect(Object.keys(claims).sort()).toEqual([
        'exp',
        'iat',
        'jti',
        'picture_url',
        'user_email',
        'user_id',
        'username',
      ]);
      expect(claims).toMatchObject({
        user_id: alice.id,
        user_email: 'alice@example.com',
        username: 'Alice',
        picture_url: '',
      });
      expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(72 * 3600 - 60);
      expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(72 * 3600);
    }
  });

  it('answers 401 with one message for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: 'alice', password: 'wrong password' });
    const unknown = await login({ username: 'nobody', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(res.json())).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Invalid username or password.',
      });
    }
  });

  it('answers 400 with the product messages for missing fields', async () => {
    const res = await login({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('answers 403 EMAIL_NOT_VERIFIED, naming the email, only to the right password', async () => {
    await createUser(t, {
      username: 'unverified',
      email: 'unv@example.com',
      password: 'secret123',
      verified: false,
    });
    const res = await login({ username: 'unverified', password: 'secret123' });
    expect(res.statusCode).toBe(403);
    expect(emailNotVerifiedSchema.parse(res.json())).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      email: 'unv@example.com',
    });
    const wrong = await login({ username: 'unverified', password: 'secret124' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('unv@example.com');
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const claims = (id: number) => ({
    user_id: id,
    user_email: 'alice@example.com',
    username: 'Alice',
    picture_url: '',
  });

  it('a valid token is accepted; missing, malformed, expired, forged and alg-none tokens are 401', async () => {
    const bob = await createUser(t);
    expect((await logout(bob.token)).statusCode).toBe(200);

    const expired = await new SignJWT(claims(alice.id))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const forged = await new SignJWT(claims(alice.id))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ ...claims(alice.id), iat: Date.now() / 1000, exp: 9999999999 }),
    ).toString('base64url');
    const none = `${header}.${payload}.`;
    for (const token of ['', 'not-a-token', expired, forged, none]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(errorEnvelopeSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
    }
    const exp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(exp.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('a deleted user’s token is 401', async () => {
    const gone = await createUser(t);
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${gone.id}`);
    expect((await logout(gone.token)).statusCode).toBe(401);
  });

  it('logout revokes every earlier token of the user, and a new login works at once', async () => {
    const carol = await createUser(t, { password: 'secret123' });
    const second = loginResponse.parse(
      (await login({ username: carol.username, password: 'secret123' })).json(),
    ).token;
    expect((await logout(carol.token)).statusCode).toBe(200);
    expect((await logout(carol.token)).statusCode).toBe(401);
    expect((await logout(second)).statusCode).toBe(401);
    const fresh = loginResponse.parse(
      (await login({ username: carol.username, password: 'secret123' })).json(),
    ).token;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/v1/users/${carol.id}`,
          headers: { authorization: `Bearer ${fresh}` },
          payload: { field: 'username', value: `${carol.username}x` },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('allows 10 logins a minute per account, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/v1/auth',
        payload: { username: 'victim', password: `guess${i}` },
        remoteAddress: `10.0.0.${i + 1}`, // a different address each time: the per-account limit still holds
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(errorEnvelopeSchema.parse(res.json()).code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('allows 5 sign-ups a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { username: `rl_user${i}`, email: `rl${i}@example.com`, password: 'secret123' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('bearer header', () => {
  it('is case-insensitive about the scheme', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `bearer ${u.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(bearer(u).authorization).toContain(u.token);
  });
});
