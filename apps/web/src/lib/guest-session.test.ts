import { describe, expect, it } from 'vitest';
import { makeToken } from '@/test/tokens';
import {
  GUEST_CLAIM_KEY,
  GUEST_SESSIONS_KEY,
  cancelGuestClaim,
  forgetGuestSession,
  isTokenLive,
  pendingGuestClaim,
  readGuestSession,
  requestGuestClaim,
  saveGuestSession,
} from './guest-session';

// This device's guest sessions, one per room (docs/guests.md), and the claim "Keep your outings" leaves pending.

const picnic = { token: 'token-picnic', name: 'mei', roomName: 'Picnic in the Park' };
const brunch = { token: 'token-brunch', name: 'mei b', roomName: 'Camden Brunch' };

describe('guest sessions', () => {
  it('are kept per room and read back; a room without one reads null', () => {
    saveGuestSession('room-1', picnic);
    saveGuestSession('room-2', brunch);
    expect(readGuestSession('room-1')).toEqual(picnic);
    expect(readGuestSession('room-2')).toEqual(brunch);
    expect(readGuestSession('room-3')).toBeNull();
    expect(JSON.parse(localStorage.getItem(GUEST_SESSIONS_KEY) ?? '{}')).toEqual({
      'room-1': picnic,
      'room-2': brunch,
    });
  });

  it('a new session of a room replaces the one before', () => {
    saveGuestSession('room-1', picnic);
    saveGuestSession('room-1', { ...picnic, token: 'newer' });
    expect(readGuestSession('room-1')?.token).toBe('newer');
  });

  it('forgetting one room keeps the others, and the last one forgotten leaves no key behind', () => {
    saveGuestSession('room-1', picnic);
    saveGuestSession('room-2', brunch);
    forgetGuestSession('room-1');
    expect(readGuestSession('room-1')).toBeNull();
    expect(readGuestSession('room-2')).toEqual(brunch);
    forgetGuestSession('room-2');
    expect(localStorage.getItem(GUEST_SESSIONS_KEY)).toBeNull();
  });

  it.each(['{not json', '[1,2]', 'null', '"text"', '42'])('stored %j is ignored, not thrown', (raw) => {
    localStorage.setItem(GUEST_SESSIONS_KEY, raw);
    expect(readGuestSession('room-1')).toBeNull();
    expect(pendingGuestClaim()).toBeNull();
    saveGuestSession('room-1', picnic);
    expect(readGuestSession('room-1')).toEqual(picnic);
  });

  it('a session of another shape is filtered out; the well-formed ones stay', () => {
    localStorage.setItem(
      GUEST_SESSIONS_KEY,
      JSON.stringify({
        'room-1': picnic,
        'room-2': { token: 'x', name: 'y' },
        'room-3': { token: 5, name: 'y', roomName: 'z' },
        'room-4': 'token',
        'room-5': null,
      }),
    );
    expect(readGuestSession('room-1')).toEqual(picnic);
    for (const room of ['room-2', 'room-3', 'room-4', 'room-5']) expect(readGuestSession(room)).toBeNull();
  });

  it('an inherited property is no session', () => {
    expect(readGuestSession('toString')).toBeNull();
    expect(readGuestSession('__proto__')).toBeNull();
  });
});

describe('the pending claim', () => {
  it('names the room and its guest session while both are kept', () => {
    saveGuestSession('room-1', picnic);
    requestGuestClaim('room-1');
    expect(pendingGuestClaim()).toEqual({ roomId: 'room-1', session: picnic });
  });

  it('is none without a request', () => {
    saveGuestSession('room-1', picnic);
    expect(pendingGuestClaim()).toBeNull();
  });

  it('is cleared when its guest session is gone', () => {
    requestGuestClaim('room-1');
    expect(pendingGuestClaim()).toBeNull();
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBeNull();
  });

  it('is cancelled by cancelGuestClaim, the guest session kept', () => {
    saveGuestSession('room-1', picnic);
    requestGuestClaim('room-1');
    cancelGuestClaim();
    expect(pendingGuestClaim()).toBeNull();
    expect(readGuestSession('room-1')).toEqual(picnic);
  });

  it('goes with its room when that guest session is forgotten, not with another room', () => {
    saveGuestSession('room-1', picnic);
    saveGuestSession('room-2', brunch);
    requestGuestClaim('room-1');
    forgetGuestSession('room-2');
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBe('room-1');
    forgetGuestSession('room-1');
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBeNull();
  });
});

describe('isTokenLive', () => {
  const now = Date.UTC(2026, 11, 2, 12);
  const seconds = now / 1000;

  it('is true before the expiry and false at or after it', () => {
    expect(isTokenLive(makeToken({ exp: seconds + 60 }), now)).toBe(true);
    expect(isTokenLive(makeToken({ exp: seconds }), now)).toBe(false);
    expect(isTokenLive(makeToken({ exp: seconds - 60 }), now)).toBe(false);
  });

  it('reads the clock when no time is given', () => {
    expect(isTokenLive(makeToken({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBe(true);
    expect(isTokenLive(makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }))).toBe(false);
  });

  it.each(['', 'garbage', 'a.b', 'a.!!!.c', `a.${btoa('null')}.c`, `a.${btoa('{"exp":"soon"}')}.c`])(
    'is false for %j',
    (token) => {
      expect(isTokenLive(token, now)).toBe(false);
    },
  );
});
