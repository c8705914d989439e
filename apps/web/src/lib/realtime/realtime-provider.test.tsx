import { act, fireEvent, render, screen } from '@testing-library/react';
import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { friendKeys } from '../../features/friends/api/friend-keys';
import { notificationKeys } from '../../features/notifications/api/notification-keys';
import { chatKeys } from '../../features/chat/api/chat-keys';
import { useAuth } from '../../hooks/use-auth';
import { API_BASE } from '../api-client';
import { TOKEN_STORAGE_KEY } from '../token-storage';
import { createTestQueryClient } from '../../test/render-app';
import { failure, success } from '../../test/api';
import { server } from '../../test/server';
import { makeToken } from '../../test/tokens';
import { FakeWebSocket } from './fake-web-socket';
import { roomKey, type SocketFrame } from './frames';
import { setRealtimeSocketClass } from './socket-class';
import { useRealtime, useRealtimeStatus } from './use-realtime';

const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
const OTHER_ROOM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const USER = 7;

function Probe() {
  const auth = useAuth();
  const status = useRealtimeStatus();
  return (
    <>
      <output data-testid="user">{auth.user.id}</output>
      <output data-testid="socket">{status}</output>
      <button onClick={() => void auth.login(makeToken({ user_id: 9, username: 'bob' }))}>switch user</button>
    </>
  );
}

function renderProviders(children = <Probe />, token: string | null = makeToken()) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const queryClient = createTestQueryClient();
  const view = render(<AppProviders queryClient={queryClient}>{children}</AppProviders>);
  return { queryClient, ...view };
}

async function connected(count = 1): Promise<FakeWebSocket> {
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

const invalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? 'missing';

function seed(queryClient: QueryClient, keys: QueryKey[]) {
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
}

beforeEach(() => {
  FakeWebSocket.reset();
  setRealtimeSocketClass(FakeWebSocket);
});

afterEach(() => {
  setRealtimeSocketClass(undefined);
});

describe('RealtimeProvider', () => {
  it('connects to /v1/ws on this host with the stored token when signed in', async () => {
    const token = makeToken();
    renderProviders(<Probe />, token);
    const socket = await connected();
    expect(socket.url).toBe(`ws://${window.location.host}/v1/ws?token=${encodeURIComponent(token)}`);
    expect(screen.getByTestId('socket')).toHaveTextContent('open');
  });

  it('does not connect while signed out', async () => {
    renderProviders(<Probe />, null);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(screen.getByTestId('socket')).toHaveTextContent('offline');
  });

  it('closes the socket and opens one with the new token when the user changes', async () => {
    renderProviders();
    const first = await connected();
    fireEvent.click(screen.getByRole('button', { name: 'switch user' }));
    const second = await connected(2);
    expect(first.closedByClient).toBe(1000);
    expect(second.token).toBe(makeToken({ user_id: 9, username: 'bob' }));
    expect(screen.getByTestId('user')).toHaveTextContent('9');
  });

  it('closes the socket when the user is signed out, and does not come back', async () => {
    renderProviders();
    const socket = await connected();
    server.use(
      http.get(`${API_BASE}/notifications`, () =>
        HttpResponse.json(failure('UNAUTHENTICATED', 'Please sign in again.'), { status: 401 }),
      ),
    );
    // Any call answered 401 signs out (lib/session-events.ts).
    const { api } = await import('../api-client');
    await api.get('/notifications').catch(() => {});
    await vi.waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('-1'));
    expect(socket.closedByClient).toBe(1000);
    expect(screen.getByTestId('socket')).toHaveTextContent('offline');
  });

  it('on 4401 stops, and the auth layer signs out when an authenticated call confirms the token is dead', async () => {
    const probes: string[] = [];
    server.use(
      http.get(`${API_BASE}/rooms/count`, ({ request }) => {
        probes.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json(failure('UNAUTHENTICATED', 'Please sign in again.'), { status: 401 });
      }),
    );
    const token = makeToken();
    renderProviders(<Probe />, token);
    const socket = await connected();
    act(() => socket.serverClose(4401));
    await vi.waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('-1'));
    expect(probes).toEqual([`Bearer ${token}`]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('on 4401 with a token the API still accepts: stays signed in and stops trying', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let probes = 0;
    server.use(
      http.get(`${API_BASE}/rooms/count`, () => {
        probes += 1;
        return HttpResponse.json(success({ count: 1 }));
      }),
    );
    renderProviders();
    const socket = await connected();
    act(() => socket.serverClose(4401));
    await vi.waitFor(() => expect(probes).toBe(1));
    act(() => vi.advanceTimersByTime(20_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(screen.getByTestId('user')).toHaveTextContent('7');
    expect(screen.getByTestId('socket')).toHaveTextContent('unauthorized');
  });

  it('reconnects at the 5 s check after a drop, showing "reconnecting" meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderProviders();
    const socket = await connected();
    act(() => socket.serverClose(1006));
    expect(screen.getByTestId('socket')).toHaveTextContent('reconnecting');
    act(() => vi.advanceTimersByTime(5000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.latest().open());
    expect(screen.getByTestId('socket')).toHaveTextContent('open');
  });

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
        queryFn: async () => (await import('../api-client')).api.get('/notifications'),
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

  it('on connecting re-fetches only what was fetched before the attempt began', async () => {
    const { queryClient } = renderProviders();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    queryClient.setQueryData(['transactions', 'old'], [], { updatedAt: Date.now() - 60_000 });
    queryClient.setQueryData(['transactions', 'new'], [], { updatedAt: Date.now() + 1 });
    act(() => FakeWebSocket.latest().open());
    expect(invalidated(queryClient, ['transactions', 'old'])).toBe(true);
    expect(invalidated(queryClient, ['transactions', 'new'])).toBe(false);
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
