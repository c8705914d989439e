import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendKeys } from '../../features/friends/api/friend-keys';
import { trackCallStarts } from '../call-starts';
import { invalidateAfterConnect } from './cache-sync';

const USER = 7;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('invalidateAfterConnect', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const unsubscribe: (() => void)[] = [];
  beforeEach(() => unsubscribe.push(trackCallStarts(client)));
  afterEach(() => {
    vi.useRealTimers();
    unsubscribe.splice(0).forEach((off) => off());
    client.clear();
  });

  /** A query on screen whose every call is recorded in `calls`, answered when `answer` resolves. */
  function onScreen(queryKey: QueryKey, calls: string[], answer: () => Promise<number> = async () => 1) {
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        calls.push(queryKey.join('/'));
        return answer();
      },
    });
    unsubscribe.push(observer.subscribe(() => {}));
  }

  it('marks what may have been missed at once, and re-fetches what is on screen one query per task', async () => {
    const calls: string[] = [];
    onScreen(['rooms', 'detail', 'r1'], calls);
    onScreen(['bills', 'r1'], calls);
    client.setQueryData(['transactions', 'list'], [], { updatedAt: 1 }); // not on screen
    await Promise.all([client.refetchQueries(), nextTask()]);
    calls.length = 0;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10);
    invalidateAfterConnect(client, USER);
    vi.useRealTimers();
    // Nothing is called inside the socket's own task…
    expect(calls).toEqual([]);
    for (const key of [
      ['rooms', 'detail', 'r1'],
      ['bills', 'r1'],
      ['transactions', 'list'],
    ])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    // …then one query per task; the one off screen waits to be shown again.
    await nextTask();
    expect(calls).toHaveLength(1);
    await nextTask();
    expect(calls.sort()).toEqual(['bills/r1', 'rooms/detail/r1']);
    await nextTask();
    expect(calls).toHaveLength(2);
  });

  it('re-reads what a call started before the open read, even answered after it; not what a later call read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const calls: string[] = [];
    let answerEarly: (value: number) => void = () => {};
    // Asked before the socket opened, answered after it: the server may have answered before the socket was
    // registered, and missed a frame published in between.
    onScreen(['balances'], calls, () => new Promise((resolve) => (answerEarly = resolve)));
    vi.setSystemTime(start + 100);
    const openedAt = Date.now();
    // Asked after the open: it sees everything.
    vi.setSystemTime(start + 200);
    onScreen(friendKeys.list(USER), calls);
    answerEarly(1);
    await vi.waitFor(() => expect(client.getQueryData(['balances'])).toBe(1));
    await vi.waitFor(() => expect(client.getQueryData(friendKeys.list(USER))).toBe(1));

    invalidateAfterConnect(client, USER, openedAt);
    vi.useRealTimers();
    expect(client.getQueryState(['balances'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(friendKeys.list(USER))?.isInvalidated).toBe(false);
    await vi.waitFor(() => expect(calls).toEqual(['balances', 'users/7/friends/list', 'balances']));
  });

  it('re-fetches a query whose call was under way at the open even when it ends before its turn', async () => {
    const calls: string[] = [];
    let release: (value: number) => void = () => {};
    onScreen(['balances'], calls, () => new Promise((resolve) => (release = resolve)));
    expect(calls).toEqual(['balances']);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10);
    invalidateAfterConnect(client, USER);
    // The old call's answer (which may predate the socket) arrives after the open, before its turn.
    vi.setSystemTime(Date.now() + 50);
    release(1);
    await vi.waitFor(() => expect(client.getQueryData(['balances'])).toBe(1));
    vi.useRealTimers();
    await expect.poll(() => calls).toEqual(['balances', 'balances']);
  });

  it('leaves alone a query whose call started after the open, before its turn', async () => {
    const calls: string[] = [];
    onScreen(['bills', 'r1'], calls);
    onScreen(['bills', 'r2'], calls);
    await nextTask();
    calls.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10);
    invalidateAfterConnect(client, USER);
    // A screen asks for both again itself, after the open, before the catch-up's turns.
    vi.setSystemTime(Date.now() + 10);
    void client.refetchQueries({ queryKey: ['bills'] });
    vi.useRealTimers();
    await nextTask();
    await nextTask();
    await nextTask();
    expect(calls.sort()).toEqual(['bills/r1', 'bills/r2']);
  });

  it('re-reads data it saw no call for (restored, or set by hand) by when it was set', async () => {
    client.setQueryData(['rooms', 'list'], [], { updatedAt: Date.now() - 60_000 });
    client.setQueryData(['rooms', 'count'], 3, { updatedAt: Date.now() + 60_000 });
    invalidateAfterConnect(client, USER);
    expect(client.getQueryState(['rooms', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['rooms', 'count'])?.isInvalidated).toBe(false);
  });
});
