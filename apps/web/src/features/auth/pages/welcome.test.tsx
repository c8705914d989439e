import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RETURNING_VISITOR_KEY } from '@/lib/returning-visitor';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, success } from '@/test/api';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

// Issue #21: a first-time visitor is greeted, a returning one gets the login form as before.

const bob = {
  id: 9,
  username: 'bob',
  email: 'bob@example.com',
  pictureUrl: '',
  isEmailValid: true,
  isOnline: true,
  lastSeen: null,
  registeredAt: '2025-01-01T00:00:00.000Z',
};

const welcomeHeading = () => screen.findByRole('heading', { name: 'Welcome to Outing' });

describe('welcome screen', () => {
  beforeEach(() => localStorage.removeItem(RETURNING_VISITOR_KEY));

  it.each(['/', '/login'])(
    'greets a first-time visitor at %s: what Outing is, Sign up and Log in',
    async (path) => {
      const { router } = renderApp(path);
      expect(await welcomeHeading()).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByText(/Plan outings with your friends/)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: /Outing/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
      expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Username or email')).not.toBeInTheDocument();
    },
  );

  it('Sign up leads to the sign-up form', async () => {
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('Log in opens the login form, and Back returns to the welcome screen', async () => {
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await act(() => router.navigate(-1));
    expect(router.state.location.state).toBeNull();
    expect(await welcomeHeading()).toBeInTheDocument();
  });

  it('a returning visitor (signed in or up here before) lands on the login form', async () => {
    localStorage.setItem(RETURNING_VISITOR_KEY, '1');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Outing' })).not.toBeInTheDocument();
  });

  it('signing in from the form remembers the visitor', async () => {
    answer('post', '/auth', success(bob, { token: makeToken({ username: 'bob' }) }));
    renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Log in' }));
    await userEvent.type(await screen.findByLabelText('Username or email'), 'bob');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull());
    expect(localStorage.getItem(RETURNING_VISITOR_KEY)).toBe('1');
  });

  it('a stored session counts as having signed in before', async () => {
    renderApp('/', { token: makeToken({ username: 'bob' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, bob!' })).toBeInTheDocument();
    expect(localStorage.getItem(RETURNING_VISITOR_KEY)).toBe('1');
  });

  it('speaks Chinese', async () => {
    setTestLanguage('zh');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '欢迎使用 Outing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '注册' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toBeInTheDocument();
  });
});
