import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { saveRedirectPath } from '@/lib/redirect-path';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, answerError, success } from '@/test/api';
import { createTestQueryClient, renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { GOOGLE_STATE_STORAGE_KEY } from '../google-sign-in';

const detail = {
  id: 8,
  username: 'grace',
  email: 'grace@example.com',
  pictureUrl: '',
  isEmailValid: true,
  isOnline: true,
  lastSeen: null,
  registeredAt: '2025-01-01T00:00:00.000Z',
};

function renderCallback(query: string) {
  return renderApp(`/auth/google/callback?${query}`);
}

describe('Google sign-in callback', () => {
  it('exchanges the code when the state is the one this tab sent, and goes to the saved path', async () => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, 'state-abc');
    saveRedirectPath('/rooms');
    const token = makeToken({ user_id: 8, username: 'grace' });
    const seen = answer('post', '/auth/google', success(detail, { token }));
    const { router } = renderCallback('code=the-code&state=state-abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toEqual({
      code: 'the-code',
      redirectUri: `${window.location.origin}/auth/google/callback`,
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(sessionStorage.getItem(GOOGLE_STATE_STORAGE_KEY)).toBeNull();
  });

  it('calls the server once under StrictMode, whose effects run twice in development', async () => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, 'state-abc');
    const seen = answer('post', '/auth/google', success(detail, { token: makeToken({ username: 'grace' }) }));
    const router = createMemoryRouter(routes, {
      initialEntries: ['/auth/google/callback?code=c&state=state-abc'],
    });
    render(
      <StrictMode>
        <AppProviders queryClient={createTestQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome, grace!' })).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['another state', 'state-abc', 'code=c&state=state-evil'],
    ['no state', 'state-abc', 'code=c'],
    ['no state kept in this tab', null, 'code=c&state=state-abc'],
  ])('refuses %s without calling the server', async (_name, kept, query) => {
    if (kept) sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, kept);
    const seen = answer('post', '/auth/google', success(detail, { token: makeToken() }));
    const { router } = renderCallback(query);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not confirm this Google sign-in came from you. Please try again.',
    );
    expect(seen).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth/google/callback');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The alert renders at once; the state is forgotten by the effect that runs just after.
    await waitFor(() => expect(sessionStorage.getItem(GOOGLE_STATE_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('uses a state once: the same return a second time is refused', async () => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, 'state-abc');
    answerError('post', '/auth/google', 500);
    const first = renderCallback('code=c&state=state-abc');
    await screen.findByRole('alert');
    first.unmount();
    renderCallback('code=c&state=state-abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm this Google sign-in');
  });

  it('says so when the user cancelled at the provider', async () => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, 's1');
    const seen = answer('post', '/auth/google', success(detail, { token: makeToken() }));
    renderCallback('error=access_denied&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in was cancelled. Please try again.',
    );
    expect(seen).toHaveLength(0);
  });

  it.each([
    [400, 'redirectUri must be on this app’s own origin.', 'Bad request, please check request body.'],
    [401, 'Google sign-in failed. Please try again.', 'Google sign-in failed. Please try again.'],
    [404, 'Google sign-in is not configured on this server.', 'An error occurred, please try again later.'],
    [502, 'unavailable', 'An error occurred, please try again later.'],
  ])('shows what a %i means', async (status, serverMessage, shown) => {
    sessionStorage.setItem(GOOGLE_STATE_STORAGE_KEY, 's1');
    answerError('post', '/auth/google', status, serverMessage);
    renderCallback('code=c&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });
});
