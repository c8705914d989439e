import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, signupResponse } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import { createMailTestApp, createTestApp, type TestApp } from '../../test/app.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser } from '../../test/users.js';
import { findUserById } from '../users/queries.js';

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload });

describe('POST /v1/auth/signup', () => {
  it('creates an unverified account, hashes with argon2id and mails a code that is stored hashed', async () => {
    const res = await signup({
      username: 'Nina.K',
      email: 'Nina@Example.com',
      password: 'secret123',
      extra: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    const body = signupResponse.parse(res.json());
    expect(body.data).toMatchObject({
      username: 'Nina.K',
      email: 'nina@example.com',
      isEmailValid: false,
      pictureUrl: '',
    });
    expect(res.body).not.toMatch(/password|hash/i);

    const user = await findUserById(t.database.db, body.data.id);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const code = await smtp.codeFor('nina@example.com');
    const mail = smtp.mails.find((m) => m.to.includes('nina@example.com'))!;
    expect(mail.raw).toContain(`Subject: Your Outing code: ${code}`);
    expect(mail.raw).toMatch(/text\/plain/);
    expect(mail.raw).toMatch(/text\/html/);
    const stored = await row<{ purpose: string; codeHash: string; expiresAt: string }>(
      t.database.db,
      sql`SELECT purpose, code_hash AS "codeHash", expires_at AS "expiresAt" FROM otp_codes
        WHERE email = 'nina@example.com'`,
    );
    expect(stored!.purpose).toBe('verify-email');
    expect(stored!.codeHash).not.toContain(code);
    expect(new Date(stored!.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new Date(stored!.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 2000);
  });

  it.each([
    [
      { username: 'ab', email: 'a@example.com', password: 'secret123' },
      'username',
      'Username must be at least 3 characters',
    ],
    [{ username: 'bad name!', email: 'a@example.com', password: 'secret123' }, 'username', /letters, digits/],
    [{ username: 'x'.repeat(31), email: 'a@example.com', password: 'secret123' }, 'username', /at most 30/],
    [
      { username: 'goodname', email: 'not-an-email', password: 'secret123' },
      'email',
      'Enter a valid email address',
    ],
    [
      { username: 'goodname', email: 'a@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [{ username: 'goodname', email: 'a@example.com', password: 'x'.repeat(129) }, 'password', /at most 128/],
    [{ email: 'a@example.com', password: 'secret123' }, 'username', /.+/],
  ])('refuses %j with 400 on %s', async (payload, path, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION');
    const issue = body.issues!.find((i) => i.path === path)!;
    expect(issue.message).toMatch(message);
    const [{ n }] = (
      await t.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE email = 'a@example.com'`)
    ).rows;
    expect(n).toBe(0);
  });

  it('is a 409 when a verified account has the username (any case) or the email', async () => {
    await createUser(t, { username: 'taken_name', email: 'taken@example.com' });
    const byName = await signup({
      username: 'TAKEN_NAME',
      email: 'other@example.com',
      password: 'secret123',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('That username is already taken.');
    const byEmail = await signup({
      username: 'fresh_name',
      email: 'TAKEN@example.com',
      password: 'secret123',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe('An account with that email already exists.');
  });

  it('keeps a fresh unverified email for 24 hours (409 as if verified), then lets a new sign-up replace it', async () => {
    const first = await signup({ username: 'first_try', email: 'retry@example.com', password: 'secret123' });
    expect(first.statusCode).toBe(200);
    const early = await signup({ username: 'second_try', email: 'retry@example.com', password: 'secret456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('An account with that email already exists.');
    await t.database.db.execute(
      sql`UPDATE users SET registered_at = now() - interval '25 hours' WHERE email = 'retry@example.com'`,
    );
    const later = await signup({ username: 'second_try', email: 'retry@example.com', password: 'secret456' });
    expect(later.statusCode).toBe(200);
    const found = await rows<{ username: string }>(
      t.database.db,
      sql`SELECT username FROM users WHERE email = 'retry@example.com'`,
    );
    expect(found.map((r) => r.username)).toEqual(['second_try']);
  });

  it('keeps a fresh unverified username for 24 hours, then lets someone else have it', async () => {
    expect(
      (await signup({ username: 'squat', email: 'squatter@example.com', password: 'secret123' })).statusCode,
    ).toBe(200);
    const early = await signup({ username: 'squat', email: 'owner@example.com', password: 'secret123' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('That username is already taken.');
    await t.database.db.execute(
      sql`UPDATE users SET registered_at = now() - interval '25 hours' WHERE email = 'squatter@example.com'`,
    );
    const later = await signup({ username: 'squat', email: 'owner@example.com', password: 'secret123' });
    expect(later.statusCode).toBe(200);
    const found = await rows<{ email: string }>(
      t.database.db,
      sql`SELECT email FROM users WHERE username = 'squat'`,
    );
    expect(found.map((r) => r.email)).toEqual(['owner@example.com']);
  });
});

describe('sign-up with a broken mail server', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => broken.close());

  it('still succeeds, logs the failure, and the code stays valid for a resend once mail works', async () => {
    const res = await broken.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username: 'nomail', email: 'nomail@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    await broken.app.deps.mailer.drain();
    expect(broken.logs.join('\n')).toContain('mail delivery failed');
    const code = await row(
      broken.database.db,
      sql`SELECT * FROM otp_codes WHERE email = 'nomail@example.com'`,
    );
    expect(code).toBeDefined();
  });
});

describe('mail and the log', () => {
  it('with SMTP configured, neither the code nor the password reaches the log', async () => {
    await signup({ username: 'quiet_one', email: 'quiet@example.com', password: 'pa55word-secret' });
    const code = await smtp.codeFor('quiet@example.com');
    const log = t.logs.join('\n');
    expect(log).not.toContain(code);
    expect(log).not.toContain('pa55word-secret');
  });

  it('without SMTP, the whole mail with its code is printed to the log so a local first run can sign up', async () => {
    const local = await createTestApp();
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { username: 'local_dev', email: 'dev@example.com', password: 'secret123' },
      });
      expect(res.statusCode).toBe(200);
      const line = local.logs.find((l) => l.includes('mail (no SMTP_URL: printed here)'));
      expect(line).toBeDefined();
      const mail = JSON.parse(line!).mail as { to: string; subject: string; text: string };
      const code = /Your Outing code: (\d{6})/.exec(mail.subject)![1]!;
      expect(mail).toMatchObject({ to: 'dev@example.com' });
      expect(mail.text).toContain(code);
      const verify = await local.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email: 'dev@example.com', otp: code },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
