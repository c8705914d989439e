import { act, render } from '@testing-library/react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { AppProviders } from '../providers';
import { useAuth } from '@/hooks/use-auth';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { createTestQueryClient } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { useRealtimeStatus } from '@/lib/realtime/use-realtime';

// Shared by the RealtimeProvider tests (connect/reconnect, cache sync): the app's providers over a fake socket.

export const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
export const OTHER_ROOM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const USER = 7;

/** Shows the signed-in user and the socket status, and switches to another user. */
export function Probe() {
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

export function renderProviders(children = <Probe />, token: string | null = makeToken()) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const queryClient = createTestQueryClient();
  const view = render(<AppProviders queryClient={queryClient}>{children}</AppProviders>);
  return { queryClient, ...view };
}

/** Waits for the `count`th socket and opens it. */
export async function connected(count = 1): Promise<FakeWebSocket> {
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

export const invalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? 'missing';

export function seed(queryClient: QueryClient, keys: QueryKey[]) {
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
}

/** Every test of the calling file gets a fresh fake socket class. */
export function withFakeSockets() {
  beforeEach(() => {
    FakeWebSocket.reset();
    setRealtimeSocketClass(FakeWebSocket);
  });
  afterEach(() => {
    setRealtimeSocketClass(undefined);
  });
}
