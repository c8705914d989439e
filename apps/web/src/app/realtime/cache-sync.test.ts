import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomUnread } from '@outing/contract';
import { friendKeys, notificationKeys, roomKeys } from '@/lib/query-keys';
import { trackCallStarts } from '@/lib/call-starts';
import { applyFrame, invalidateAfterConnect } from './cache-sync';

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

  it('re-reads with a new call a query whose first call is still under way at its turn', async () => {
    // TanStack cancels a call under way for a refetch only when the query has data: a first call would be joined,
    // and its answer (the server may have given it before the socket was registered) kept.
    const calls: string[] = [];
    const answers: ((value: number) => void)[] = [];
    onScreen(
      notificationKeys.unreadCount(USER),
      calls,
      () => new Promise((resolve) => answers.push(resolve)),
    );
    expect(calls).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10);
    invalidateAfterConnect(client, USER);
    vi.useRealTimers();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // The first call's answer, read before the socket was there, arrives last: the new call's answer stays.
    answers[1]!(1);
    answers[0]!(0);
    await vi.waitFor(() =>
      expect(client.getQueryState(notificationKeys.unreadCount(USER))?.fetchStatus).toBe('idle'),
    );
    expect(client.getQueryData(notificationKeys.unreadCount(USER))).toBe(1);
    await nextTask();
    expect(client.getQueryData(notificationKeys.unreadCount(USER))).toBe(1);
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

describe('applyFrame', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const unsubscribe: (() => void)[] = [];
  afterEach(() => {
    unsubscribe.splice(0).forEach((off) => off());
    client.clear();
  });

  it('a NOTIFICATION re-reads the badge with a new call even while its first call is under way', async () => {
    // The tab bar's first read of the count may have been answered before the notification was stored, and reach
    // the page after its frame: a refetch that joined that call (TanStack's, for a query without data) kept 0.
    const calls: number[] = [];
    const answers: ((value: number) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: notificationKeys.unreadCount(USER),
      queryFn: () => {
        calls.push(calls.length);
        return new Promise<number>((resolve) => answers.push(resolve));
      },
    });
    unsubscribe.push(observer.subscribe(() => {}));
    expect(calls).toHaveLength(1);

    applyFrame(
      client,
      {
        type: 'NOTIFICATION',
        data: {
          id: 1,
          userId: USER,
          title: 't',
          content: 'c',
          isRead: false,
          createdAt: '2025-11-28T10:00:00.000Z',
        },
      },
      USER,
    );
    expect(calls).toHaveLength(2);
    answers[1]!(1);
    answers[0]!(0);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    await nextTask();
    expect(observer.getCurrentResult()).toMatchObject({ data: 1, fetchStatus: 'idle', status: 'success' });
  });
  it("a message counted while Home's unread list is being re-read is not lost to that call's older answer", async () => {
    // Home's list re-read after the socket opened (its first read predates it) may be answered by the server before
    // the message was stored, and reach the page after the message's frame: it then put the old count back.
    const ROOM = '00000000-0000-4000-8000-000000000001';
    const entry = (unread: number): RoomUnread[] => [{ roomId: ROOM, lastReadId: 0, unread, muted: false }];
    const answers: ((value: RoomUnread[]) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: roomKeys.unread(),
      queryFn: () => new Promise<RoomUnread[]>((resolve) => answers.push(resolve)),
    });
    unsubscribe.push(observer.subscribe(() => {}));
    answers[0]!(entry(1));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(entry(1)));
    void client.refetchQueries({ queryKey: roomKeys.unread() });
    expect(answers).toHaveLength(2);

    applyFrame(
      client,
      {
        type: 'CREATE_MESSAGE',
        data: {
          id: 9,
          roomId: ROOM,
          senderId: 2,
          senderName: 'b',
          content: 'x',
          sentAt: '2025-11-28T10:00:00.000Z',
        },
      },
      USER,
    );
    expect(client.getQueryData(roomKeys.unread())).toEqual(entry(2));
    expect(answers).toHaveLength(3);
    answers[2]!(entry(2));
    answers[1]!(entry(1));
    await nextTask();
    await nextTask();
    expect(observer.getCurrentResult()).toMatchObject({ data: entry(2), fetchStatus: 'idle' });
  });
});
