import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/** A real SMTP server that answers 421 to every connection while `refusing`, and takes mail otherwise. */
async function flakySmtp() {
  const state = { refusing: true, refused: 0, mails: [] as { to: string[]; raw: string }[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.refusing) return callback();
      state.refused++;
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        state.mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// signup.test.ts covers "sign-up succeeds with an unreachable SMTP" (port 1); this is the whole story on one mail
// server that refuses and then recovers: the account is kept, and a resend later delivers a code that works.
describe('SMTP refusing, then accepting', () => {
  let smtp: Awaited<ReturnType<typeof flakySmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await flakySmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  it('sign-up succeeds while mail is refused; a resend once it accepts delivers a code that verifies', async () => {
    const email = 'refused@example.com';
    const signup = await post('/v1/auth/signup', { username: 'refused', email, password: 'secret123' });
    expect(signup.statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    expect(smtp.state.refused).toBeGreaterThan(0);
    expect(smtp.state.mails).toEqual([]);
    expect(t.logs.join('\n')).toContain('mail delivery failed');
    expect((await post('/v1/auth', { username: 'refused', password: 'secret123' })).statusCode).toBe(403);

    smtp.state.refusing = false;
    // The 30-second wait between codes is a rule that stays; move the send log back instead of sleeping.
    await t.database.db.execute(
      sql`UPDATE otp_sends SET sent_at = sent_at - interval '31 seconds' WHERE email = ${email}`,
    );
    expect((await post('/v1/auth/otp', { email, purpose: 'verify-email' })).statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    const mail = smtp.state.mails.find((m) => m.to.includes(email));
    const code = mail && /Subject: Your Outing code: (\d{6})/.exec(mail.raw)?.[1];
    expect(code, 'the resent code arrived').toBeDefined();
    expect((await post('/v1/auth/verify', { email, otp: code })).statusCode).toBe(200);
    expect((await post('/v1/auth', { username: 'refused', password: 'secret123' })).statusCode).toBe(200);
  });
});
