import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryObserver, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chatKeys, friendKeys, notificationKeys } from '@/lib/query-keys';
import { API_BASE } from '@/lib/api-client';
import { success } from '@/test/api';
import { server } from '@/test/server';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { roomKey, type SocketFrame } from '@/lib/realtime/frames';
import {
  connected,
  invalidated,
  OTHER_ROOM,
  Probe,
  renderProviders,
  ROOM,
  seed,
  withFakeSockets,
  USER,
} from './realtime-provider-test-support';
import { useRealtime } from '@/lib/realtime/use-realtime';

withFakeSockets();

describe('RealtimeProvider: frames and reconnects into the query cache', () => {
  it('turns frames into cache invalidation', async () => {
    const { queryClient } = renderProviders();
    const socket = await connected();
    const keys = {
      notifications: notificationKeys.list(USER),
      requestCount: friendKeys.pendingRequestCount(USER),
      detail: ['rooms', 'detail', ROOM],
      attendees: ['rooms', 'attendees', ROOM],
      list: ['rooms', 'list'],
      otherDetail: ['rooms', 'detail', OTHER_ROOM],
      bills: ['bills', ROOM],
      billsPage: ['bills', ROOM, 'page', 2],
      consolidated: ['bills', 'consolidated', ROOM],
      otherBills: ['bills', OTHER_ROOM],
      transactions: ['transactions', { isPaid: false }],
      config: ['config'],
    };
    seed(queryClient, Object.values(keys));
    // Seeding after the open's own invalidation: everything starts fresh.
    expect(Object.values(keys).map((k) => invalidated(queryClient, k))).not.toContain(true);

    const send = (frame: SocketFrame) => act(() => socket.receive(frame));
    send({
      type: 'NOTIFICATION',
      data: {
        id: 1,
        userId: USER,
        title: 't',
        content: 'c',
        isRead: false,
        createdAt: '2025-11-28T10:00:00.000Z',
      },
    });
    expect(invalidated(queryClient, keys.notifications)).toBe(true);
    expect(invalidated(queryClient, keys.requestCount)).toBe(true);
    expect(invalidated(queryClient, keys.detail)).toBe(false);

    send({ type: 'ROOM_UPDATED', data: { roomId: ROOM } });
    expect(invalidated(queryClient, keys.detail)).toBe(true);
    expect(invalidated(queryClient, keys.attendees)).toBe(true);
    expect(invalidated(queryClient, keys.list)).toBe(true);
    expect(invalidated(queryClient, keys.otherDetail)).toBe(false);
    expect(invalidated(queryClient, keys.bills)).toBe(false);

    send({ type: 'BILL_CREATED', data: { roomId: ROOM } });
    expect(invalidated(queryClient, keys.bills)).toBe(true);
    expect(invalidated(queryClient, keys.billsPage)).toBe(true);
    expect(invalidated(queryClient, keys.consolidated)).toBe(true);
    expect(invalidated(queryClient, keys.otherBills)).toBe(false);
    expect(invalidated(queryClient, keys.transactions)).toBe(false);

    send({ type: 'TRANSACTION_SETTLED', data: { transactionId: 3, roomId: ROOM } });
    expect(invalidated(queryClient, keys.transactions)).toBe(true);
    expect(invalidated(queryClient, keys.config)).toBe(false);
  });

  it('BILLS_CONSOLIDATED invalidates the room’s bills and the transactions', async () => {
    const { queryClient } = renderProviders();
    const socket = await connected();
    seed(queryClient, [['bills', ROOM], ['bills', 'consolidated', ROOM], ['transactions']]);
    act(() => socket.receive({ type: 'BILLS_CONSOLIDATED', data: { roomId: ROOM } }));
    expect(invalidated(queryClient, ['bills', ROOM])).toBe(true);
    expect(invalidated(queryClient, ['bills', 'consolidated', ROOM])).toBe(true);
    expect(invalidated(queryClient, ['transactions'])).toBe(true);
  });

  it('BILL_UPDATED refreshes the room’s Money section; a payment frame its debts, not its bills', async () => {
    const { queryClient } = renderProviders();
    const socket = await connected();
    const money = {
      list: ['bills', ROOM, 'list'],
      balances: ['bills', ROOM, 'balances'],
      consolidated: ['bills', 'consolidated', ROOM],
      otherBalances: ['bills', OTHER_ROOM, 'balances'],
    };
    seed(queryClient, Object.values(money));
    act(() => socket.receive({ type: 'BILL_UPDATED', data: { roomId: ROOM, billId: 4 } }));
    expect(invalidated(queryClient, money.list)).toBe(true);
    expect(invalidated(queryClient, money.balances)).toBe(true);
    expect(invalidated(queryClient, money.consolidated)).toBe(true);
    expect(invalidated(queryClient, money.otherBalances)).toBe(false);

    for (const frame of [
      { type: 'TRANSACTION_SETTLED', data: { transactionId: 9, roomId: ROOM } },
      { type: 'TRANSACTION_UPDATED', data: { transactionId: 9, roomId: ROOM, status: 'confirmed' } },
    ] as const) {
      seed(queryClient, [money.list, money.balances, money.otherBalances, ['transactions']]);
      act(() => socket.receive(frame));
      expect(invalidated(queryClient, money.balances), frame.type).toBe(true);
      expect(invalidated(queryClient, ['transactions']), frame.type).toBe(true);
      expect(invalidated(queryClient, money.list), frame.type).toBe(false);
      expect(invalidated(queryClient, money.otherBalances), frame.type).toBe(false);
    }
  });

  it('every bill and transaction frame refreshes Home’s overall balances; a room update the past outings', async () => {
    const { queryClient } = renderProviders();
    const socket = await connected();
    const frames = [
      { type: 'BILL_CREATED', data: { roomId: ROOM } },
      { type: 'BILL_UPDATED', data: { roomId: ROOM, billId: 4 } },
      { type: 'BILLS_CONSOLIDATED', data: { roomId: ROOM } },
      { type: 'TRANSACTION_SETTLED', data: { transactionId: 9, roomId: ROOM } },
      { type: 'TRANSACTION_UPDATED', data: { transactionId: 9, roomId: ROOM, status: 'unpaid' } },
    ] as const;
    for (const frame of frames) {
      seed(queryClient, [['balances']]);
      act(() => socket.receive(frame));
      expect(invalidated(queryClient, ['balances']), frame.type).toBe(true);
    }
    seed(queryClient, [['balances'], ['rooms', 'past']]);
    act(() => socket.receive({ type: 'ROOM_UPDATED', data: { roomId: ROOM } }));
    expect(invalidated(queryClient, ['rooms', 'past'])).toBe(true);
    expect(invalidated(queryClient, ['balances'])).toBe(false);
  });

  it('a message marks a chat that is cached but not on screen stale', async () => {
    const { queryClient } = renderProviders();
    const socket = await connected();
    seed(queryClient, [chatKeys.messages(ROOM), chatKeys.messages(OTHER_ROOM)]);
    act(() =>
      socket.receive({
        type: 'CREATE_MESSAGE',
        data: {
          id: 5,
          roomId: ROOM,
          senderId: 2,
          senderName: 'b',
          content: 'x',
          sentAt: '2025-11-28T10:00:00.000Z',
        },
      }),
    );
    expect(invalidated(queryClient, chatKeys.messages(ROOM))).toBe(true);
    expect(invalidated(queryClient, chatKeys.messages(OTHER_ROOM))).toBe(false);
  });

  it('re-fetches what may have been missed after every reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/notifications`, () => {
        calls += 1;
        return HttpResponse.json(success([]));
      }),
    );
    function Notifications() {
      useQuery({
        queryKey: notificationKeys.list(USER),
        queryFn: async () => (await import('@/lib/api-client')).api.get('/notifications'),
      });
      return null;
    }
    const { queryClient } = renderProviders(
      <>
        <Probe />
        <Notifications />
      </>,
    );
    const socket = await connected();
    await vi.waitFor(() => expect(calls).toBeGreaterThan(0));
    // The first connect's own catch-up (the list's first call may have been under way when the socket opened)
    // re-fetches one query per task: let it run and settle before counting.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    seed(queryClient, [['bills', ROOM], chatKeys.messages(ROOM)]);
    const before = calls;

    act(() => socket.serverClose(1006));
    act(() => vi.advanceTimersByTime(5000));
    expect(calls).toBe(before);
    act(() => FakeWebSocket.latest().open());
    await vi.waitFor(() => expect(calls).toBe(before + 1));
    expect(invalidated(queryClient, ['bills', ROOM])).toBe(true);
    expect(invalidated(queryClient, chatKeys.messages(ROOM))).toBe(true);
  });

  it('on connecting re-reads what a call started before the open read, even one answered after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { queryClient } = renderProviders();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const calls: string[] = [];
    let answer: (value: string[]) => void = () => {};
    const observer = new QueryObserver(queryClient, {
      queryKey: ['transactions', 'list'],
      queryFn: () => {
        calls.push('list');
        return new Promise<string[]>((resolve) => (answer = resolve));
      },
    });
    const off = observer.subscribe(() => {});
    try {
      // Asked before the socket opens, answered just after it (before the catch-up's turn).
      act(() => FakeWebSocket.latest().open());
      answer([]);
      await vi.waitFor(() => expect(calls).toEqual(['list', 'list']));
      // Data it saw no call for is judged by when it was set.
      queryClient.setQueryData(['transactions', 'old'], [], { updatedAt: Date.now() - 60_000 });
      queryClient.setQueryData(['transactions', 'new'], [], { updatedAt: Date.now() + 60_000 });
      act(() => FakeWebSocket.latest().serverClose(1006));
      act(() => vi.advanceTimersByTime(5000));
      expect(FakeWebSocket.instances).toHaveLength(2);
      act(() => FakeWebSocket.latest().open());
      expect(invalidated(queryClient, ['transactions', 'old'])).toBe(true);
      expect(invalidated(queryClient, ['transactions', 'new'])).toBe(false);
    } finally {
      off();
    }
  });

  it('useRealtime delivers the data of its key until unmounted', async () => {
    const thisRoom = vi.fn();
    const anyRoom = vi.fn();
    function Listener() {
      useRealtime(roomKey('CREATE_MESSAGE', ROOM), thisRoom);
      useRealtime('CREATE_MESSAGE', anyRoom);
      return null;
    }
    function Toggle() {
      const [on, setOn] = useState(true);
      return (
        <>
          {on && <Listener />}
          <button onClick={() => setOn(false)}>unmount</button>
        </>
      );
    }
    renderProviders(<Toggle />);
    const socket = await connected();
    const data = (roomId: string, id: number) => ({
      id,
      roomId,
      senderId: 2,
      senderName: 'ben',
      content: 'hi',
      sentAt: '2025-11-28T10:00:00.000Z',
    });
    act(() => socket.receive({ type: 'CREATE_MESSAGE', data: data(ROOM, 1) }));
    act(() => socket.receive({ type: 'CREATE_MESSAGE', data: data(OTHER_ROOM, 2) }));
    expect(thisRoom.mock.calls).toEqual([[data(ROOM, 1)]]);
    expect(anyRoom.mock.calls).toEqual([[data(ROOM, 1)], [data(OTHER_ROOM, 2)]]);

    fireEvent.click(screen.getByRole('button', { name: 'unmount' }));
    act(() => socket.receive({ type: 'CREATE_MESSAGE', data: data(ROOM, 3) }));
    expect(thisRoom).toHaveBeenCalledTimes(1);
    expect(anyRoom).toHaveBeenCalledTimes(2);
  });

  it('useRealtime outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Outside() {
      useRealtime('NOTIFICATION', () => {});
      return null;
    }
    expect(() => render(<Outside />)).toThrow('useRealtime must be used within a RealtimeProvider');
  });
});
