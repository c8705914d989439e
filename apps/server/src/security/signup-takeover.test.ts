import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApp, type TestApp } from '../test/app.js';
import type { SmtpCatcher } from '../test/smtp.js';
import { findUserByEmail, findUserById } from '../features/users/queries.js';

// Probe of 2026-11-25 (issue 17, part 2): a second sign-up with the victim's email replaced the victim's fresh
// unverified account, and the code mailed to the victim then verified the attacker's account.

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('an unverified sign-up cannot be taken over', () => {
  it('the attack as written: the attacker gets 409, the victim verifies and signs in, the attacker cannot', async () => {
    const victim = { username: 'victim_v', email: 'victim@example.com', password: 'victim-pass' };
    expect((await post('/v1/auth/signup', victim)).statusCode).toBe(200);
    const code = await smtp.codeFor(victim.email);

    const attacker = { username: 'attacker_a', email: victim.email, password: 'attacker-pass' };
    const takeover = await post('/v1/auth/signup', attacker);
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toMatchObject({
      status: 'error',
      code: 'CONFLICT',
      message: 'An account with that email already exists.',
    });
    // Nor by the victim's username under another email.
    const byName = await post('/v1/auth/signup', {
      ...attacker,
      email: 'attacker@example.com',
      username: 'VICTIM_V',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('That username is already taken.');

    const verify = await post('/v1/auth/verify', { email: victim.email, otp: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message).toBe('Email verified');
    const mine = await post('/v1/auth', { username: victim.email, password: victim.password });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ username: 'victim_v', isEmailValid: true });
    expect((await post('/v1/auth', { username: victim.email, password: attacker.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/v1/auth', { username: attacker.username, password: attacker.password })).statusCode,
    ).toBe(401);
  });

  it('someone who signs up twice (the code screen lost) gets the 409, then finishes through login', async () => {
    const me = { username: 'twice_here', email: 'twice@example.com', password: 'twice-pass' };
    expect((await post('/v1/auth/signup', me)).statusCode).toBe(200);
    await smtp.codeFor(me.email);
    expect((await post('/v1/auth/signup', me)).statusCode).toBe(409);
    // What the web app's login screen does: 403 names the email; it asks for a code and opens the code screen.
    const login = await post('/v1/auth', { username: me.username, password: me.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email: me.email });
    await t.database.pool.query(
      `UPDATE otp_sends SET sent_at = sent_at - interval '1 minute' WHERE email = $1`,
      [me.email],
    );
    const mailed = smtp.mails.length;
    expect((await post('/v1/auth/otp', { email: me.email, purpose: 'verify-email' })).statusCode).toBe(200);
    await expect.poll(() => smtp.mails.length).toBeGreaterThan(mailed);
    const code = await smtp.codeFor(me.email);
    expect((await post('/v1/auth/verify', { email: me.email, otp: code })).statusCode).toBe(200);
    expect((await post('/v1/auth', { username: me.username, password: me.password })).statusCode).toBe(200);
  });

  it('a code mailed before a replacement (the account older than 24 h) never verifies the new account', async () => {
    const first = { username: 'old_owner', email: 'stale@example.com', password: 'first-pass' };
    expect((await post('/v1/auth/signup', first)).statusCode).toBe(200);
    const oldCode = await smtp.codeFor(first.email);
    await t.database.db.execute(
      sql`UPDATE users SET registered_at = now() - interval '25 hours' WHERE email = ${first.email}`,
    );

    const second = { username: 'new_owner', email: first.email, password: 'second-pass' };
    const replaced = await post('/v1/auth/signup', second);
    expect(replaced.statusCode).toBe(200);

    const verify = await post('/v1/auth/verify', { email: first.email, otp: oldCode });
    expect(verify.statusCode).not.toBe(200);
    const user = await findUserByEmail(t.database.db, first.email);
    expect(user).toMatchObject({ username: 'new_owner', isEmailValid: false });
    const login = await post('/v1/auth', { username: first.email, password: second.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('a code is checked against the account it was issued for, not only the email', async () => {
    const who = { username: 'bound_one', email: 'bound@example.com', password: 'bound-pass' };
    expect((await post('/v1/auth/signup', who)).statusCode).toBe(200);
    const code = await smtp.codeFor(who.email);
    // The row the code was issued for no longer holds the email (as if it were replaced without the cascade).
    const before = await findUserByEmail(t.database.db, who.email);
    await t.database.pool.query(
      `INSERT INTO users (username, email, password_hash) VALUES ('other_holder', 'bound2@example.com', '')`,
    );
    await t.database.pool.query(
      `UPDATE otp_codes SET user_id = (SELECT id FROM users WHERE username = 'other_holder')
      WHERE email = $1`,
      [who.email],
    );
    const verify = await post('/v1/auth/verify', { email: who.email, otp: code });
    expect(verify.statusCode).toBe(404);
    const after = await findUserById(t.database.db, before!.id);
    expect(after!.isEmailValid).toBe(false);
  });
});
