import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { assignLocation } from '@/lib/location';
import { saveRedirectPath } from '@/lib/redirect-path';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { mockConfig } from '@/mocks/system';
import { answer, answerError, failure, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { GOOGLE_STATE_STORAGE_KEY } from '../google-sign-in';
import { readOtpFlow } from '../otp-flow';

vi.mock('@/lib/location', () => ({ assignLocation: vi.fn() }));

const user = { id: 9, username: 'bob', email: 'bob@example.com', pictureUrl: '' };
const detail = {
  ...user,
  isEmailValid: true,
  isOnline: true,
  lastSeen: null,
  registeredAt: '2025-01-01T00:00:00.000Z',
};

async function renderLogin() {
  const view = renderApp('/login');
  const username = await screen.findByLabelText('Username or email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Log in' });
  return { ...view, username, password, submit };
}

async function fillAndSubmit(name = 'bob', secret = 'secret1') {
  const form = await renderLogin();
  await userEvent.type(form.username, name);
  await userEvent.type(form.password, secret);
  await userEvent.click(form.submit);
  return form;
}

describe('login screen', () => {
  it('asks for both fields, announces the errors and sends nothing', async () => {
    const seen = answer('post', '/auth', success(detail, { token: makeToken() }));
    const { username, password, submit } = await renderLogin();
    await userEvent.click(submit);

    const usernameError = screen.getByText('Username is required');
    const passwordError = screen.getByText('Password is required');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(usernameError).toBeVisible();
    expect(passwordError).toBeVisible();
    expect(username).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('treats a blank username as missing, and clears each error as it is fixed', async () => {
    const { username, password, submit } = await renderLogin();
    await userEvent.type(username, '   ');
    await userEvent.click(submit);
    expect(screen.getByText('Username is required')).toBeInTheDocument();

    await userEvent.type(username, 'bob');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(password, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'Bad request, please check request body.'],
    [401, 'Invalid username or password.'],
    [404, 'Invalid username or password.'],
    [429, 'An error occurred, please try again later.'],
    [500, 'An error occurred, please try again later.'],
    [0, 'An error occurred, please try again later.'],
  ])('shows the catalogue message for a %i and keeps what was typed', async (status, message) => {
    answerError('post', '/auth', status);
    const { username, password } = await fillAndSubmit('bob', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(username).toHaveValue('bob');
    expect(password).toHaveValue('secret1');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('signs in, stores the token, and goes to the saved path', async () => {
    const token = makeToken({ user_id: 9, username: 'bob' });
    const seen = answer('post', '/auth', success(detail, { token }));
    saveRedirectPath('/rooms?tab=mine');
    const { router } = await fillAndSubmit('  bob ', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(router.state.location.search).toBe('?tab=mine');
    expect(seen[0]?.body).toEqual({ username: 'bob', password: 'secret1' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('goes home after login when no path was saved', async () => {
    answer('post', '/auth', success(detail, { token: makeToken({ username: 'bob' }) }));
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Welcome, bob!' })).toBeInTheDocument();
  });

  it('is busy while signing in and sends one request however often it is pressed', async () => {
    const seen = answer('post', '/auth', success(detail, { token: makeToken() }));
    const { username, password, submit } = await renderLogin();
    await userEvent.type(username, 'bob');
    await userEvent.type(password, 'secret1');
    const events = userEvent.setup();
    await events.dblClick(submit);
    await events.keyboard('{Enter}');
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull());
    expect(seen).toHaveLength(1);
  });

  it('shows a spinner and disables the button while the call is on its way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API_BASE}/auth`, async () => {
        await gate;
        return HttpResponse.json(failure('UNAUTHENTICATED', 'no'), { status: 401 });
      }),
    );
    const { submit } = await fillAndSubmit();
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    expect(within(submit).getByTestId('button-spinner')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(submit).toHaveAttribute('aria-busy', 'false');
  });

  describe('an unverified account', () => {
    const unverified = failure('EMAIL_NOT_VERIFIED', 'Please verify your email address first.', {
      email: 'bob@example.com',
    });

    it('gets a fresh verify code at the email the server names, then the code screen', async () => {
      answer('post', '/auth', unverified, { status: 403 });
      const sent = answer('post', '/auth/otp', success(null));
      const { router } = await fillAndSubmit('bob');
      expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/otp');
      expect(sent[0]?.body).toEqual({ email: 'bob@example.com', purpose: 'verify-email' });
      expect(readOtpFlow()).toMatchObject({ email: 'bob@example.com', purpose: 'verify-email' });
      expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    });

    it('goes on to the code screen when a code went out moments ago (429), waiting as long as the server says', async () => {
      answer('post', '/auth', unverified, { status: 403 });
      answer(
        'post',
        '/auth/otp',
        failure('RATE_LIMITED', 'Please wait 12 seconds before asking for a new code.'),
        {
          status: 429,
          headers: { 'Retry-After': '12' },
        },
      );
      const before = Date.now();
      await fillAndSubmit('bob');
      expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
      const flow = readOtpFlow();
      expect(flow?.resendAt).toBeGreaterThanOrEqual(before + 12_000);
      expect(flow?.resendAt).toBeLessThan(before + 20_000);
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/in 0:1[12]$/);
    });

    it.each([
      [404, 'User not found.'],
      [409, 'User already verified.'],
      [500, 'An error occurred, please try again later.'],
    ])('stays on login when the code cannot be sent (%i)', async (status, message) => {
      answer('post', '/auth', unverified, { status: 403 });
      answerError('post', '/auth/otp', status);
      const { router } = await fillAndSubmit('bob');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  describe('Continue with Google', () => {
    it('is not offered when the server has no Google sign-in', async () => {
      answer('get', '/config', success({ ...mockConfig, googleAuthUrl: null }));
      await renderLogin();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Log in' })).toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    });

    it('leaves for the provider with redirect_uri and a fresh state kept for this tab', async () => {
      const authUrl = 'https://accounts.example.com/auth?client_id=c1&response_type=code&scope=openid+email';
      answer('get', '/config', success({ ...mockConfig, googleAuthUrl: authUrl }));
      await renderLogin();
      const button = await screen.findByRole('button', { name: 'Continue with Google' });
      await userEvent.click(button);

      expect(assignLocation).toHaveBeenCalledTimes(1);
      const url = new URL(vi.mocked(assignLocation).mock.calls[0]?.[0] ?? '');
      const state = sessionStorage.getItem(GOOGLE_STATE_STORAGE_KEY);
      expect(state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(url.origin + url.pathname).toBe('https://accounts.example.com/auth');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: 'c1',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: `${window.location.origin}/auth/google/callback`,
        state,
      });
      expect(button).toBeDisabled();
    });
  });

  it('links to sign-up and forgot password', async () => {
    await renderLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/password/forgot',
    );
  });

  it('says an email works too, and lets a password manager fill it as the username (issue 37)', async () => {
    const { username } = await renderLogin();
    expect(username).toHaveAccessibleName('Username or email');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('has a label for every input', async () => {
    const { container } = await renderLogin();
    for (const input of container.querySelectorAll('input')) expect(input.labels?.length).toBe(1);
  });
});
