import { describe, expect, it } from 'vitest';
import {
  REDIRECT_PATH_STORAGE_KEY,
  clearRedirectPath,
  consumeRedirectPath,
  sanitizeRedirectPath,
  saveRedirectPath,
} from './redirect-path';

describe('sanitizeRedirectPath', () => {
  it.each([
    ['/', '/'],
    ['/rooms', '/rooms'],
    ['/room/abc?join=true', '/room/abc?join=true'],
    ['/friends/requests#top', '/friends/requests#top'],
    ['/a/../profile', '/profile'],
  ])('accepts the same-origin path %j', (value, expected) => {
    expect(sanitizeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/rooms'],
    ['backslash', '/\\evil.com'],
    ['backslash later', '/rooms\\..\\evil'],
    ['absolute https', 'https://evil.com/'],
    ['absolute http', 'http://localhost/rooms'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['scheme without slashes', 'evil.com:80/x'],
    ['relative without slash', 'rooms'],
    ['tab trick', '/\t/evil.com'],
    ['newline trick', '/\n/evil.com'],
    ['dot segments to protocol-relative', '/..//evil.com'],
    ['leading space', ' /rooms'],
    ['empty', ''],
    ['not a string', 42],
    ['null', null],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('rejects %s', (_name, value) => {
    expect(sanitizeRedirectPath(value)).toBeNull();
  });
});

describe('saved redirect path', () => {
  it('is kept in sessionStorage and consumed once', () => {
    saveRedirectPath('/rooms?tab=mine#x');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe('/rooms?tab=mine#x');
    expect(consumeRedirectPath()).toBe('/rooms?tab=mine#x');
    expect(consumeRedirectPath()).toBeNull();
  });

  it('never saves an unsafe path', () => {
    saveRedirectPath('//evil.com');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });

  it('re-checks what storage holds before handing it out', () => {
    sessionStorage.setItem(REDIRECT_PATH_STORAGE_KEY, 'https://evil.com');
    expect(consumeRedirectPath()).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });

  it('can be cleared', () => {
    saveRedirectPath('/profile');
    clearRedirectPath();
    expect(consumeRedirectPath()).toBeNull();
  });
});
