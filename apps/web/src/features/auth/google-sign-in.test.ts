import { describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/location';
import {
  GOOGLE_STATE_STORAGE_KEY,
  buildGoogleAuthUrl,
  forgetGoogleState,
  isExpectedGoogleState,
  startGoogleSignIn,
} from './google-sign-in';

vi.mock('@/lib/location', () => ({ assignLocation: vi.fn() }));

describe('Google sign-in state', () => {
  it('adds redirect_uri and state to the server’s authorisation URL, keeping its parameters', () => {
    const url = new URL(buildGoogleAuthUrl('https://idp.example/authorize?client_id=c&scope=openid', 's1'));
    expect(url.searchParams.get('client_id')).toBe('c');
    expect(url.searchParams.get('scope')).toBe('openid');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/google/callback`);
    expect(url.searchParams.get('state')).toBe('s1');
  });

  it('uses a new unguessable state for every attempt, and accepts only the latest one', () => {
    startGoogleSignIn('https://idp.example/authorize');
    const first = sessionStorage.getItem(GOOGLE_STATE_STORAGE_KEY);
    startGoogleSignIn('https://idp.example/authorize');
    const second = sessionStorage.getItem(GOOGLE_STATE_STORAGE_KEY);
    expect(first).not.toBe(second);
    expect(second?.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    expect(vi.mocked(assignLocation)).toHaveBeenCalledTimes(2);
    expect(isExpectedGoogleState(first)).toBe(false);
    expect(isExpectedGoogleState(second)).toBe(true);
    expect(isExpectedGoogleState(null)).toBe(false);
    forgetGoogleState();
    expect(isExpectedGoogleState(second)).toBe(false);
  });

  it('never accepts an empty state, even when an empty one is stored', () => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, '');
    expect(isExpectedGoogleState('')).toBe(false);
  });
});
