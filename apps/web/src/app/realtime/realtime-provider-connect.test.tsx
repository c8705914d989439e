import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { failure, success } from '@/test/api';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { connected, Probe, renderProviders, withFakeSockets } from './realtime-provider-test-support';

withFakeSockets();

describe('RealtimeProvider: connect and reconnect', () => {
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
    const { api } = await import('@/lib/api-client');
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
});
