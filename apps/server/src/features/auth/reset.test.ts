import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../../db/rows.js';
import { createMailTestApp, type TestApp } from '../../test/app.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const call = (method: 'POST' | 'PATCH', url: string, payload: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function resetTokenFor(user: TestUser): Promise<string> {
  expect(
    (await call('POST', '/v1/auth/otp', { email: user.email, purpose: 'reset-password' })).statusCode,
  ).toBe(200);
  const code = await smtp.codeFor(user.email);
  const res = await call('POST', '/v1/auth/verify', { email: user.email, otp: code });
  expect(res.statusCode).toBe(200);
  return res.json().data.resetToken as string;
}

describe('forgot password → code → reset', () => {
  it('sets the new password, revokes older tokens, and the token works once', async () => {
    const user = await createUser(t, { password: 'old-password' });
    const resetToken = await resetTokenFor(user);
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await row<{ tokenHash: string }>(
      t.database.db,
      sql`SELECT token_hash AS "tokenHash" FROM reset_tokens WHERE user_id = ${user.id}`,
    );
    expect(stored!.tokenHash).not.toBe(resetToken);

    const res = await call('PATCH', '/v1/auth/reset', {
      email: user.email,
      password: 'new-password',
      resetToken,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call('POST', '/v1/auth', { username: user.username, password: 'old-password' })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/v1/auth', { username: user.username, password: 'new-password' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/v1/auth/logout', {}, user.token)).statusCode).toBe(401);

    const again = await call('PATCH', '/v1/auth/reset', {
      email: user.email,
      password: 'third-password',
      resetToken,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset has expired or was already used. Please start again.');
  });

  it('needs a reset token (400 without, with a wrong one, or with another user’s)', async () => {
    const user = await createUser(t, { password: 'keep-this' });
    const other = await createUser(t);
    const othersToken = await resetTokenFor(other);
    const attempts = [
      { email: user.email, password: 'hijacked1' },
      { email: user.email, password: 'hijacked1', resetToken: 'not-the-token' },
      { email: user.email, password: 'hijacked1', resetToken: othersToken },
    ];
    for (const payload of attempts)
      expect((await call('PATCH', '/v1/auth/reset', payload)).statusCode).toBe(400);
    expect(
      (await call('POST', '/v1/auth', { username: user.username, password: 'keep-this' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token, and answers an unknown email exactly as a bad token', async () => {
    const user = await createUser(t, { password: 'keep-this' });
    const resetToken = await resetTokenFor(user);
    await t.database.db.execute(
      sql`UPDATE reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    expect(
      (await call('PATCH', '/v1/auth/reset', { email: user.email, password: 'newpass1', resetToken }))
        .statusCode,
    ).toBe(400);
    const unknown = await call('PATCH', '/v1/auth/reset', {
      email: 'nobody@example.com',
      password: 'newpass1',
      resetToken,
    });
    const badToken = await call('PATCH', '/v1/auth/reset', {
      email: user.email,
      password: 'newpass1',
      resetToken: 'not-the-token',
    });
    // docs/api/README.md#authentication: no enumeration (since 2026-11-25).
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(badToken.json());
    expect(unknown.json()).toEqual({
      status: 'error',
      code: 'VALIDATION',
      reason: 'RESET_EXPIRED',
      message: 'This reset has expired or was already used. Please start again.',
      data: null,
    });
  });
});
