import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/hooks/use-auth';
import { readGuestSession, saveGuestSession } from '@/lib/guest-session';
import { notifySessionRejected } from '@/lib/session-events';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { withProviders } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

// A guest's session in the auth provider (docs/guests.md): no push for a guest, and a guest token the server rejects
// is no session to resume from its link any more.

const ROOM = 'room-1';
const guestToken = makeToken({ user_id: 70, username: 'mei', user_email: '', guest_room_id: ROOM });
const accountToken = makeToken({ user_id: 9, username: 'bob' });
const session = { token: guestToken, name: 'mei', roomName: 'Picnic in the Park' };
const other = { token: 'other', name: 'mei', roomName: 'Camden Brunch' };

function Probe() {
  const auth = useAuth();
  return (
    <>
      <output data-testid="state">
        {JSON.stringify({ status: auth.status, guestRoomId: auth.guestRoomId })}
      </output>
      <button onClick={() => void auth.login(guestToken)}>guest</button>
      <button onClick={() => void auth.login(accountToken)}>account</button>
    </>
  );
}

const state = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
    status: string;
    guestRoomId: string | null;
  };

async function renderWith(token?: string) {
  if (token !== undefined) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  render(withProviders(<Probe />));
  await vi.waitFor(() => expect(state().status).not.toBe('restoring'));
}

/**
 * A browser that can do push, as a production build sees it (features/push/push.ts): whether push is set up shows
 * in the service worker's registration, its first step.
 */
function pushCapableBrowser() {
  vi.stubEnv('PROD', true);
  const register = vi.fn(() => Promise.reject(new Error('no worker in tests')));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return register;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** Long enough for the push module to load and for a page load's deferred task (lib/after-load.ts) to run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('AuthProvider: guests', () => {
  it("an account's login sets up push; a guest's does not", async () => {
    const register = pushCapableBrowser();
    await renderWith();
    fireEvent.click(screen.getByRole('button', { name: 'guest' }));
    await vi.waitFor(() => expect(state()).toEqual({ status: 'authenticated', guestRoomId: ROOM }));
    await settle();
    expect(register).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'account' }));
    await vi.waitFor(() => expect(state()).toEqual({ status: 'authenticated', guestRoomId: null }));
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['a guest', guestToken, 0],
    ['an account', accountToken, 1],
  ])("restoring %s's token sets up push %i times", async (_, token, times) => {
    const register = pushCapableBrowser();
    await renderWith(token);
    await settle();
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(times));
    await settle();
    expect(register).toHaveBeenCalledTimes(times);
  });

  it("a restored guest's rejected token forgets that room's guest session only, and signs out", async () => {
    saveGuestSession(ROOM, session);
    saveGuestSession('room-2', other);
    await renderWith(guestToken);
    expect(state()).toEqual({ status: 'authenticated', guestRoomId: ROOM });
    act(() => notifySessionRejected());
    expect(state()).toEqual({ status: 'anonymous', guestRoomId: null });
    expect(readGuestSession(ROOM)).toBeNull();
    expect(readGuestSession('room-2')).toEqual(other);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a guest signed in on this page is forgotten the same way', async () => {
    saveGuestSession(ROOM, session);
    await renderWith();
    fireEvent.click(screen.getByRole('button', { name: 'guest' }));
    await vi.waitFor(() => expect(state().guestRoomId).toBe(ROOM));
    act(() => notifySessionRejected());
    expect(readGuestSession(ROOM)).toBeNull();
  });

  it("an account's rejected token forgets no guest session", async () => {
    saveGuestSession(ROOM, session);
    await renderWith(accountToken);
    act(() => notifySessionRejected());
    expect(state().status).toBe('anonymous');
    expect(readGuestSession(ROOM)).toEqual(session);
  });
});
