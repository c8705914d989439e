import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.js';

const secret = 'a-test-secret-of-at-least-thirty-two-chars';

const sign = (exp: number, key = secret) =>
  new SignJWT({ user_id: 7, user_email: 'a@example.com', username: 'alice', picture_url: '' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(exp - 60)
    .setExpirationTime(exp)
    .setJti('j')
    .sign(new TextEncoder().encode(key));

afterEach(() => vi.useRealTimers());

// Verified tokens are cached (the signature check is costly); the cache must not outlive a token's expiry nor
// let anything through that the signature check would refuse.
describe('token verification cache', () => {
  it('refuses a cached token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Math.floor(Date.now() / 1000);
    const tokens = createTokenService(secret);
    const token = await sign(now + 60);
    expect((await tokens.verify(token)).user_id).toBe(7);
    expect((await tokens.verify(token)).user_id).toBe(7);
    vi.setSystemTime((now + 61) * 1000);
    await expect(tokens.verify(token)).rejects.toThrow('Your session has expired');
  });

  it('a verified token does not make a forged or altered one pass', async () => {
    const tokens = createTokenService(secret);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const good = await sign(exp);
    await tokens.verify(good);
    const forged = await sign(exp, 'another-secret-of-at-least-thirty-two-chars');
    await expect(tokens.verify(forged)).rejects.toThrow();
    await expect(tokens.verify(`${good}x`)).rejects.toThrow();
  });

  it('hands out copies: a caller changing its claims does not change the next caller’s', async () => {
    const tokens = createTokenService(secret);
    const token = await sign(Math.floor(Date.now() / 1000) + 600);
    (await tokens.verify(token)).user_id = 98; // the call that verifies the signature
    (await tokens.verify(token)).user_id = 99; // a call answered from the cache
    expect((await tokens.verify(token)).user_id).toBe(7);
  });
});
