import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHORIZED, closeAtExpiry } from './hub.js';

// A guest's token lives 90 days: a socket must stay open until then, though Node's timers stop at ~24.8 days (a
// longer delay fires at once, which closed every guest's socket the moment it opened).

const DAY = 24 * 60 * 60 * 1000;

describe('closeAtExpiry', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a socket with a 90-day token open until the token expires, then closes it with 4401', () => {
    vi.useFakeTimers();
    const close = vi.fn();
    const expiresAt = Date.now() + 90 * DAY;
    closeAtExpiry({ close }, expiresAt);
    vi.advanceTimersByTime(1000);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(89 * DAY);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DAY);
    expect(close).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledWith(CLOSE_UNAUTHORIZED, 'Token expired');
  });

  it('closes at the expiry of a short token, and at once for an expired one', () => {
    vi.useFakeTimers();
    const close = vi.fn();
    closeAtExpiry({ close }, Date.now() + 72 * 60 * 60 * 1000);
    vi.advanceTimersByTime(72 * 60 * 60 * 1000 - 1);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    closeAtExpiry({ close: late }, Date.now() - 5);
    vi.advanceTimersByTime(0);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by clearing its current timer, whichever step it is in', () => {
    vi.useFakeTimers();
    const close = vi.fn();
    const handle = closeAtExpiry({ close }, Date.now() + 60 * DAY);
    vi.advanceTimersByTime(30 * DAY); // past the first step
    clearTimeout(handle.current);
    vi.advanceTimersByTime(60 * DAY);
    expect(close).not.toHaveBeenCalled();
  });
});
