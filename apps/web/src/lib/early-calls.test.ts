import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_CALL_MAX_AGE_MS, leaveEarlyCalls, takeEarlyCall } from './early-calls';

const url = 'http://localhost:3000/v1/rooms';

function leave(token: string, startedAt = Date.now()) {
  const call = Promise.resolve(new Response('{}'));
  leaveEarlyCalls({ token, startedAt, calls: { [url]: call } });
  return call;
}

describe('takeEarlyCall', () => {
  afterEach(() => {
    delete window.__outingEarlyCalls;
  });

  it('hands the call to the first read of its URL with its token, and only once', () => {
    const call = leave('t1');
    expect(takeEarlyCall(url, 't1')).toBe(call);
    expect(takeEarlyCall(url, 't1')).toBeUndefined();
  });

  it('is not for another URL, another token or nobody signed in', () => {
    const call = leave('t1');
    expect(takeEarlyCall(`${url}/count`, 't1')).toBeUndefined();
    expect(takeEarlyCall(url, 't2')).toBeUndefined();
    expect(takeEarlyCall(url, null)).toBeUndefined();
    expect(takeEarlyCall(url, 't1')).toBe(call);
  });

  it('is dropped once older than its maximum age', () => {
    const startedAt = Date.now();
    leave('t1', startedAt);
    expect(takeEarlyCall(url, 't1', startedAt + EARLY_CALL_MAX_AGE_MS + 1)).toBeUndefined();
    expect(takeEarlyCall(url, 't1', startedAt)).toBeUndefined();
  });

  it('finds nothing when the boot script left nothing', () => {
    expect(takeEarlyCall(url, 't1')).toBeUndefined();
  });
});
