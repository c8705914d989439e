import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { friendKeys } from '../../features/friends/api/friend-keys';
import { invalidateAfterConnect } from './cache-sync';

const USER = 7;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('invalidateAfterConnect', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const unsubscribe: (() => void)[] = [];
  afterEach(() => {
    unsubscribe.splice(0).forEach((off) => off());
    client.clear();
  });

  /** A query on screen whose every fetch is recorded in `calls`, answered when `answer` resolves. */
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

    invalidateAfterConnect(client, USER, Date.now());
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

  it('re-fetches a query whose call was under way at the connect even when it ends before its turn', async () => {
    const calls: string[] = [];
    let release: (value: number) => void = () => {};
    onScreen(['balances'], calls, () => new Promise((resolve) => (release = resolve)));
    expect(calls).toEqual(['balances']);

    vi.useFakeTimers({ toFake: ['Date'] });
    invalidateAfterConnect(client, USER, Date.now());
    // The old call's answer (which may predate the socket) arrives after the connect, before its turn.
    vi.setSystemTime(Date.now() + 50);
    release(1);
    await vi.waitFor(() => expect(client.getQueryData(['balances'])).toBe(1));
    vi.useRealTimers();
    await expect.poll(() => calls).toEqual(['balances', 'balances']);
  });

  it('leaves alone what was fetched after the attempt began', async () => {
    const calls: string[] = [];
    const attemptStartedAt = Date.now() - 1000;
    onScreen(friendKeys.list(USER), calls);
    await nextTask();
    invalidateAfterConnect(client, USER, attemptStartedAt);
    await nextTask();
    await nextTask();
    expect(calls).toEqual(['users/7/friends/list']);
    expect(client.getQueryState(friendKeys.list(USER))?.isInvalidated).toBe(false);
  });
});
