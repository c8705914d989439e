import fc from 'fast-check';
import { tokenClaimsSchema } from '@outing/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, testClaims } from '@/test/tokens';
import {
  INVALID_TOKEN_MESSAGE,
  decodeTokenClaims,
  guestRoomOf,
  isTokenExpired,
  restoreSession,
  userFromClaims,
} from './token';
import { TOKEN_STORAGE_KEY } from './token-storage';

describe('decodeTokenClaims', () => {
  it('reads the claims of a well-formed token, including non-ASCII text', () => {
    const claims = decodeTokenClaims(makeToken({ username: 'zoë' }));
    expect(claims).toMatchObject({ user_id: 7, username: 'zoë', user_email: 'ada@example.com' });
  });

  it.each([
    ['two parts', 'aaa.bbb'],
    ['four parts', 'a.b.c.d'],
    ['empty body', 'a..c'],
    ['body not base64url', 'a.@@@.c'],
    ['body not JSON', `a.${btoa('not json').replace(/=+$/, '')}.c`],
    ['claims missing', `a.${btoa('{"foo":1}').replace(/=+$/, '')}.c`],
    ['JSON but not an object', `a.${btoa('42')}.c`],
  ])('rejects %s with "Invalid token format"', (_name, token) => {
    expect(() => decodeTokenClaims(token)).toThrow(INVALID_TOKEN_MESSAGE);
  });

  it('accepts exactly what the contract’s claims schema accepts, and keeps what it keeps', () => {
    const encode = (body: unknown) =>
      `a.${btoa(unescape(encodeURIComponent(JSON.stringify(body))))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_')}.c`;
    const anything = fc.oneof(
      fc.integer({ min: -3, max: 2_147_483_650 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
    );
    const field = <T>(good: fc.Arbitrary<T>) => fc.option(fc.oneof(good, good, anything), { nil: undefined });
    const body = fc.record(
      {
        user_id: field(fc.integer({ min: 1, max: 2_147_483_647 })),
        user_email: field(fc.emailAddress()),
        username: field(fc.string()),
        picture_url: field(fc.string()),
        exp: field(fc.integer()),
        iat: field(fc.integer()),
        jti: field(fc.string()),
        guest_room_id: field(fc.string()),
        extra: field(fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (claims) => {
        const expected = tokenClaimsSchema.safeParse(JSON.parse(JSON.stringify(claims)));
        let got: unknown;
        try {
          got = decodeTokenClaims(encode(claims));
        } catch {
          got = null;
        }
        expect(got).toEqual(expected.success ? expected.data : null);
      }),
      { numRuns: 500 },
    );
  });
});

describe('isTokenExpired', () => {
  it('compares exp in seconds with now in milliseconds', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired({ exp: now / 1000 - 1 }, now)).toBe(true);
    expect(isTokenExpired({ exp: now / 1000 + 1 }, now)).toBe(false);
  });
});

describe('restoreSession', () => {
  it('is anonymous without a token', () => {
    expect(restoreSession()).toEqual({ status: 'anonymous', reason: 'missing' });
  });

  it('logs "Invalid token format" and clears a malformed token', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(restoreSession()).toEqual({ status: 'anonymous', reason: 'invalid' });
    expect(warn).toHaveBeenCalledWith(INVALID_TOKEN_MESSAGE);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('restores a guest from its token: the guest mark and its one room (docs/guests.md)', () => {
    const token = makeToken({ guest_room_id: 'room-9', user_email: '' });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const restored = restoreSession();
    expect(restored).toMatchObject({ status: 'authenticated', guestRoomId: 'room-9' });
    expect(restored.status === 'authenticated' && restored.user.isGuest).toBe(true);
    expect(guestRoomOf(decodeTokenClaims(token))).toBe('room-9');
    expect(guestRoomOf(testClaims)).toBeNull();
    expect(userFromClaims(testClaims)).not.toHaveProperty('isGuest');
  });

  it('logs out an expired token', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    expect(restoreSession()).toEqual({ status: 'anonymous', reason: 'expired' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('restores the user from a valid token', () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    expect(restoreSession()).toEqual({
      status: 'authenticated',
      token,
      user: userFromClaims(testClaims),
      guestRoomId: null,
    });
    expect(userFromClaims(testClaims)).toEqual({
      id: 7,
      username: 'ada',
      email: 'ada@example.com',
      pictureUrl: 'https://example.com/ada.png',
    });
  });
});
