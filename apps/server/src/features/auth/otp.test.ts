import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import { row } from '../../db/rows.js';
import { createMailTestApp, type TestApp } from '../../test/app.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { findUserByEmail } from '../users/queries.js';

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const verify = (email: string, otp: string) => post('/v1/auth/verify', { email, otp });
const requestOtp = (email: string, purpose: string) => post('/v1/auth/otp', { email, purpose });
/** Moves the send log back so that the 30-second resend wait has passed. */
const pastResendWait = (email: string) =>
  t.database.db.execute(
    sql`UPDATE otp_sends SET sent_at = sent_at - interval '31 seconds' WHERE email = ${email}`,
  );

async function signUp(username: string) {
  const email = `${username}@example.com`;
  const res = await post('/v1/auth/signup', { username, email, password: 'secret123' });
  expect(res.statusCode).toBe(200);
  return { email, code: await smtp.codeFor(email) };
}

describe('POST /v1/auth/verify', () => {
  it('verifies the email with the mailed code, once', async () => {
    const { email, code } = await signUp('verify_me');
    const res = await verify(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: null });
    const u = await findUserByEmail(t.database.db, email);
    expect(u!.isEmailValid).toBe(true);
    const again = await verify(email, code);
    expect(again.statusCode).toBe(404);
    const login = await post('/v1/auth', { username: 'verify_me', password: 'secret123' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits with the product message', async () => {
    for (const otp of ['12345', '1234567', '12a456', '']) {
      const res = await verify('a@example.com', otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: 'otp', message: 'Please enter a valid 6-digit OTP.' });
    }
  });

  it('is a 404 for an unknown email and for an email with no pending code', async () => {
    const ghost = await verify('ghost@example.com', '123456');
    expect(ghost.statusCode).toBe(404);
    const { email, code } = await signUp('no_pending');
    await verify(email, code);
    const res = await verify(email, '123456');
    expect(res.statusCode).toBe(404);
    // The same answer as for an email without an account: nothing tells the two apart.
    expect(res.json().message).toBe(ghost.json().message);
  });

  it('a wrong code is a 400; after five wrong tries even the right code is refused', async () => {
    const { email, code } = await signUp('guesser');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await verify(email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        i < 5
          ? 'That code is not right. Check it and try again.'
          : 'Too many wrong tries. Ask for a new code.',
      );
    }
    const right = await verify(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong tries. Ask for a new code.');
  });

  it('evaluates at most five of 100 parallel wrong guesses', async () => {
    const { email, code } = await signUp('parallel');
    const wrong = code === '999999' ? '888888' : '999999';
    const results = await Promise.all(Array.from({ length: 100 }, () => verify(email, wrong)));
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const stored = await row<{ attempts: number }>(
      t.database.db,
      sql`SELECT attempts FROM otp_codes WHERE email = ${email}`,
    );
    expect(stored!.attempts).toBe(5);
    expect(
      results.filter((r) => r.json().message === 'That code is not right. Check it and try again.'),
    ).toHaveLength(4);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it('an expired code is a 400', async () => {
    const { email, code } = await signUp('too_late');
    await t.database.db.execute(
      sql`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE email = ${email}`,
    );
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code has expired. Ask for a new one.');
  });
});

describe('POST /v1/auth/otp', () => {
  it('waits 30 s between codes (429 with Retry-After), then replaces the old code', async () => {
    const { email, code: first } = await signUp('resender');
    const early = await requestOtp(email, 'verify-email');
    expect(early.statusCode).toBe(429);
    expect(errorEnvelopeSchema.parse(early.json()).code).toBe('RATE_LIMITED');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(30);

    await pastResendWait(email);
    const mailsBefore = smtp.mails.length;
    expect((await requestOtp(email, 'verify-email')).statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    expect(smtp.mails.length).toBe(mailsBefore + 1);
    const second = await smtp.codeFor(email);
    if (second !== first) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('sends at most five codes an hour', async () => {
    const { email } = await signUp('hourly');
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      await pastResendWait(email);
      statuses.push((await requestOtp(email, 'reset-password')).statusCode);
    }
    // Sign-up sent the first verify code; reset codes count on their own.
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await pastResendWait(email);
    const sixth = await requestOtp(email, 'reset-password');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many codes were requested. Please try again later.');
  });

  it('tells unknown and verified accounts apart only for verify-email', async () => {
    expect((await requestOtp('ghost@example.com', 'verify-email')).statusCode).toBe(404);
    const reset = await requestOtp('ghost@example.com', 'reset-password');
    expect(reset.statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    expect(smtp.mails.some((m) => m.to.includes('ghost@example.com'))).toBe(false);

    // Asking again at once: the same 429 and Retry-After for an unknown email as for a real account.
    const known = (await signUp('known_reset')).email;
    await pastResendWait(known);
    expect((await requestOtp(known, 'reset-password')).statusCode).toBe(200);
    const [ghostAgain, knownAgain] = [
      await requestOtp('ghost@example.com', 'reset-password'),
      await requestOtp(known, 'reset-password'),
    ];
    expect(ghostAgain.statusCode).toBe(429);
    expect(knownAgain.statusCode).toBe(429);
    expect(ghostAgain.json().message.replace(/\d+/, 'N')).toBe(knownAgain.json().message.replace(/\d+/, 'N'));
    expect(ghostAgain.headers['retry-after']).toBeDefined();

    const { email, code } = await signUp('already');
    await verify(email, code);
    await pastResendWait(email);
    const res = await requestOtp(email, 'verify-email');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User already verified.');
  });

  it('refuses an unknown purpose', async () => {
    const res = await requestOtp('a@example.com', 'make-admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('purpose');
  });
});
