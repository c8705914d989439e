import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGOUT_DELAY_MS } from '../../../app/auth/auth-provider';
import { LOGO_ALT } from '../../../components/logo';
import { REDIRECT_PATH_STORAGE_KEY } from '../../../lib/redirect-path';
import { TOKEN_STORAGE_KEY } from '../../../lib/token-storage';
import { renderApp } from '../../../test/render-app';
import { makeToken } from '../../../test/tokens';

describe('home', () => {
  it('welcomes the user by name', async () => {
    renderApp('/', { token: makeToken({ username: 'zoë' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, zoë!' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('shows a spinner while logging out, then goes to /login without saving a path', async () => {
    const started = Date.now();
    const { router } = renderApp('/', { token: makeToken() });
    const logout = await screen.findByRole('button', { name: 'Log out' });

    fireEvent.click(logout);
    expect(screen.getByRole('status', { name: 'Logging out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: LOGO_ALT })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });
});
