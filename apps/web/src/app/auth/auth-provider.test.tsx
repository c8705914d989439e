import { act, fireEvent, render, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/hooks/use-auth';
import { REDIRECT_PATH_STORAGE_KEY, saveRedirectPath } from '@/lib/redirect-path';
import { notifySessionRejected } from '@/lib/session-events';
import { INVALID_TOKEN_MESSAGE } from '@/lib/token';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { API_BASE } from '@/lib/api-client';
import { server } from '@/test/server';
import { withProviders } from '@/test/render-app';
import { makeToken, testClaims } from '@/test/tokens';
import { LOGOUT_DELAY_MS, LOGOUT_REVOKE_TIMEOUT_MS } from './auth-provider';

/** Records the Authorization header of each POST /v1/auth/logout. */
function recordLogoutCalls(): (string | null)[] {
  const seen: (string | null)[] = [];
  server.use(
    http.post(`${API_BASE}/auth/logout`, ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json({ status: 'success', message: 'Signed out', data: null });
    }),
  );
  return seen;
}

function Probe() {
  const auth = useAuth();
  return (
    <>
      <output data-testid="state">
        {JSON.stringify({ status: auth.status, user: auth.user, loggingOut: auth.loggingOut })}
      </output>
      <button onClick={() => void auth.logout()}>logout</button>
      <button onClick={() => void auth.login(makeToken({ user_id: 9, username: 'bob' }))}>login</button>
    </>
  );
}

function state() {
  return JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
    status: string;
    user: { id: number; username: string; email: string; pictureUrl: string };
    loggingOut: boolean;
  };
}

async function renderWith(token?: string) {
  if (token !== undefined) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  render(withProviders(<Probe />));
  await vi.waitFor(() => expect(state().status).not.toBe('restoring'));
}

const emptyUser = { id: -1, username: '', email: '', pictureUrl: '' };

describe('AuthProvider', () => {
  it('starts signed out without a token', async () => {
    await renderWith();
    expect(state()).toMatchObject({ status: 'anonymous', user: emptyUser });
  });

  it('logs out an expired token', async () => {
    await renderWith(makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(state()).toMatchObject({ status: 'anonymous', user: emptyUser });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each(['not-a-token', 'a.b', 'a.!!!.c', `a.${btoa('{"user_id":"x"}')}.c`])(
    'treats the malformed token %j as signed out and reports "Invalid token format"',
    async (token) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await renderWith(token);
      expect(state()).toMatchObject({ status: 'anonymous', user: emptyUser });
      expect(warn).toHaveBeenCalledWith(INVALID_TOKEN_MESSAGE);
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    },
  );

  it('restores the user from a valid token', async () => {
    await renderWith(makeToken());
    expect(state()).toEqual({
      status: 'authenticated',
      loggingOut: false,
      user: { id: 7, username: 'ada', email: 'ada@example.com', pictureUrl: 'https://example.com/ada.png' },
    });
  });

  it('login stores the token and sets the user', async () => {
    await renderWith();
    fireEvent.click(screen.getByRole('button', { name: 'login' }));
    await vi.waitFor(() => expect(state().status).toBe('authenticated'));
    expect(state().user).toMatchObject({ id: 9, username: 'bob' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(makeToken({ user_id: 9, username: 'bob' }));
  });

  it('logout revokes the session on the server, waits 500 ms, then clears the token and the saved path', async () => {
    const token = makeToken();
    const revoked = recordLogoutCalls();
    await renderWith(token);
    saveRedirectPath('/rooms');
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(state()).toMatchObject({ status: 'authenticated', loggingOut: true });

    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 1));
    expect(state()).toMatchObject({ status: 'authenticated', loggingOut: true });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() =>
      expect(state()).toEqual({ status: 'anonymous', loggingOut: false, user: emptyUser }),
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
    expect(revoked).toEqual([`Bearer ${token}`]);
  });

  it("logout deletes what was kept for offline use: every user's unsent chat messages (issue #21)", async () => {
    const me = testClaims.user_id;
    const waiting = JSON.stringify([
      { clientId: 'abcdefgh', roomId: 'r', content: 'hi', after: 0, sentAt: '', state: 'sending' },
    ]);
    localStorage.setItem(`outing.outbox.${me}`, waiting);
    recordLogoutCalls();
    await renderWith(makeToken());
    // A start for this user keeps its own outbox only.
    localStorage.setItem('outing.outbox.999', waiting);
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await vi.waitFor(() => expect(state().status).toBe('anonymous'));
    await vi.waitFor(() => expect(localStorage.getItem(`outing.outbox.${me}`)).toBeNull());
    expect(localStorage.getItem('outing.outbox.999')).toBeNull();
  });

  it("a sign-in removes another user's unsent messages from the device (issue #21)", async () => {
    const waiting = JSON.stringify([
      { clientId: 'abcdefgh', roomId: 'r', content: 'hi', after: 0, sentAt: '', state: 'sending' },
    ]);
    localStorage.setItem('outing.outbox.999', waiting);
    await renderWith(makeToken());
    await vi.waitFor(() => expect(localStorage.getItem('outing.outbox.999')).toBeNull());
  });

  it.each([
    ['fails', () => HttpResponse.error()],
    ['answers 500', () => HttpResponse.json({}, { status: 500 })],
    [
      'says the token is already dead',
      () =>
        HttpResponse.json(
          { status: 'error', message: 'Please sign in again.', code: 'UNAUTHENTICATED', data: null },
          { status: 401 },
        ),
    ],
  ])('logout still signs out when the server call %s', async (_name, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(`${API_BASE}/auth/logout`, answer));
    await renderWith(makeToken());
    saveRedirectPath('/rooms');
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await vi.waitFor(() =>
      expect(state()).toEqual({ status: 'anonymous', loggingOut: false, user: emptyUser }),
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });

  it('logout does not wait for a server that does not answer', async () => {
    server.use(http.post(`${API_BASE}/auth/logout`, () => delay('infinite')));
    await renderWith(makeToken());
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_REVOKE_TIMEOUT_MS - 1));
    expect(state()).toMatchObject({ status: 'authenticated', loggingOut: true });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(state()).toEqual({ status: 'anonymous', loggingOut: false, user: emptyUser });
  });

  it('signs out at once when the server rejects the session', async () => {
    await renderWith(makeToken());
    act(() => notifySessionRejected());
    expect(state()).toMatchObject({ status: 'anonymous', user: emptyUser });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('useAuth outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
