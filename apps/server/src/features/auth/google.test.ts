import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse, publicConfigResponse } from '@outing/contract';
import { rows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startOidcProvider } from '../../test/oidc.js';
import { createUser } from '../../test/users.js';
import { findUserById } from '../users/queries.js';
import { usernameBase } from './google.js';

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider();
  t = await createTestApp({
    OIDC_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: 'outing-test-client',
    GOOGLE_CLIENT_SECRET: 'outing-test-secret',
    PUBLIC_URL: 'http://localhost:3000',
  });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

const google = (code = 'any-code', redirectUri = 'http://localhost:3000/auth/google/callback') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/google', payload: { code, redirectUri } });

describe('POST /v1/auth/google', () => {
  it('GET /v1/config names the provider’s authorisation URL', async () => {
    const body = publicConfigResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/config' })).json(),
    );
    const url = new URL(body.data.googleAuthUrl!);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('outing-test-client');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(body.data.googleClientId).toBe('outing-test-client');
  });

  it('creates a verified user with a unique username from the name, then finds it again by subject', async () => {
    await createUser(t, { username: 'Maria.Lopez', email: 'maria.other@example.com' });
    idp.setProfile({
      sub: 'g-100',
      email: 'Maria@Example.com',
      email_verified: true,
      name: 'María López',
      picture: 'https://pics.example/m.png',
    });
    const first = await google();
    expect(first.statusCode).toBe(200);
    const body = loginResponse.parse(first.json());
    expect(body.data).toMatchObject({
      username: 'Maria.Lopez2',
      email: 'maria@example.com',
      isEmailValid: true,
      pictureUrl: 'https://pics.example/m.png',
    });
    expect(decodeJwt(body.token)).toMatchObject({ user_id: body.data.id, username: 'Maria.Lopez2' });
    const user = await findUserById(t.database.db, body.data.id);
    expect(user!.passwordHash).toBeNull();

    idp.setProfile({
      sub: 'g-100',
      email: 'changed@example.com',
      email_verified: true,
      name: 'Someone Else',
    });
    const again = loginResponse.parse((await google()).json());
    expect(again.data.id).toBe(body.data.id);
  });

  it('links to an existing account with the same email and keeps its password when that email was verified', async () => {
    const existing = await createUser(t, {
      username: 'linkme',
      email: 'linkme@example.com',
      password: 'keep-me-1',
    });
    idp.setProfile({ sub: 'g-200', email: 'linkme@example.com', email_verified: true, name: 'Link Me' });
    const body = loginResponse.parse((await google()).json());
    expect(body.data.id).toBe(existing.id);
    const ids = await rows(t.database.db, sql`SELECT * FROM oauth_identities WHERE user_id = ${existing.id}`);
    expect(ids).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: 'g-200' })]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth',
          payload: { username: 'linkme', password: 'keep-me-1' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('drops the password of an unverified account it links to (whoever set it never proved the address)', async () => {
    const squatter = await createUser(t, {
      username: 'presquat',
      email: 'victim@example.com',
      password: 'attacker1',
      verified: false,
    });
    idp.setProfile({ sub: 'g-300', email: 'victim@example.com', email_verified: true, name: 'Victim' });
    const body = loginResponse.parse((await google()).json());
    expect(body.data).toMatchObject({ id: squatter.id, isEmailValid: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username: 'presquat', password: 'attacker1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an email the provider has not verified', async () => {
    idp.setProfile({ sub: 'g-400', email: 'unverified@example.com', email_verified: false, name: 'Nope' });
    const res = await google();
    expect(res.statusCode).toBe(401);
    expect(
      await rows(t.database.db, sql`SELECT * FROM users WHERE email = 'unverified@example.com'`),
    ).toEqual([]);
  });

  it('a code the provider refuses is a 401; a foreign redirect URI is a 400', async () => {
    idp.failNextExchange();
    const bad = await google('bad-code');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Google sign-in failed. Please try again.');
    const foreign = await google('c', 'https://evil.example/callback');
    expect(foreign.statusCode).toBe(400);
  });
});

describe('Google sign-in not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('answers 404 and /v1/config says so', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/v1/auth/google', payload: { code: 'x' } });
    expect(res.statusCode).toBe(404);
    const config = publicConfigResponse.parse(
      (await plain.app.inject({ method: 'GET', url: '/v1/config' })).json(),
    );
    expect(config.data).toMatchObject({ googleAuthUrl: null, googleClientId: null });
  });
});

describe('usernameBase', () => {
  it.each([
    ['María López', undefined, 'Maria.Lopez'],
    ['  Jo  ', undefined, 'userJo'],
    [undefined, 'first.last+tag@example.com', 'first.lasttag'],
    ['李小龙', 'bruce@example.com', 'user'],
    ['a'.repeat(40), undefined, 'a'.repeat(24)],
  ])('%s / %s → %s', (name, email, expected) => {
    const got = usernameBase(name, email);
    expect(got).toBe(expected);
    expect(got).toMatch(/^[A-Za-z0-9_.]{3,30}$/);
  });
});
