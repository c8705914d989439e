import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/users.js';

// Probe of 2026-11-25 (issue 17, part 3): PATCH /auth/reset with a made-up resetToken answered 404 "User not found."
// for an unknown email and 400 for a known one, so it told which emails have an account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reset = (email: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/v1/auth/reset',
    payload: { email, password: 'new-password', resetToken: 'dummy-token' },
  });

describe('PATCH /v1/auth/reset does not tell which emails have an account', () => {
  it('answers an unknown email exactly as a bad token for a known one', async () => {
    const known = await createUser(t);
    const a = await reset(known.email);
    const b = await reset('nobody-here@example.com');
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
  });

  it('takes about as long for both (the password is hashed either way)', async () => {
    const known = await createUser(t);
    const time = async (email: string) => {
      const started = performance.now();
      await reset(email);
      return performance.now() - started;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      knownMs.push(await time(known.email));
      unknownMs.push(await time(`nobody${i}@example.com`));
    }
    // The fastest of each: the shared machine's load only ever adds time. Before the fix an unknown email answered
    // without hashing, in a fraction of the known one's time (argon2 takes ~40 ms here).
    expect(Math.min(...unknownMs) / Math.min(...knownMs)).toBeGreaterThan(0.5);
  });
});
