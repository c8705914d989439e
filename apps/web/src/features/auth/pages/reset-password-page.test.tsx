import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '@/hooks/use-delayed-navigate';
import { answer, answerError, success } from '@/test/api';
import { renderApp } from '@/test/render-app';

const grant = { email: 'ada@example.com', resetToken: 'rt-123' };

async function renderReset(state: unknown = grant) {
  const view = renderApp({ pathname: '/password/reset', state });
  await screen.findByRole('heading', { name: 'Reset password' });
  return view;
}

const password = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Reset password' });

describe('reset password screen', () => {
  it.each([null, { email: 'ada@example.com' }, { resetToken: 'rt' }])(
    'without a reset grant (%j) says to start again',
    async (state) => {
      await renderReset(state);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This password reset has expired. Please start again.',
      );
      expect(screen.getByRole('link', { name: 'Send me a new code' })).toHaveAttribute(
        'href',
        '/password/forgot',
      );
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    },
  );

  it('asks for a password of 6 or more and a matching confirmation', async () => {
    const seen = answer('patch', '/auth/reset', success(null));
    await renderReset();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(submit());
    expect(password()).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 6 characters'),
    );
    expect(confirm()).toHaveAccessibleDescription('Passwords do not match');

    await userEvent.type(password(), 'abc12');
    await userEvent.type(confirm(), 'abc12');
    await userEvent.click(submit());
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await userEvent.type(password(), '3');
    await userEvent.click(submit());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('sets the password with the reset token, then goes to login 1000 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const seen = answer('patch', '/auth/reset', success(null));
    const { router } = await renderReset();
    await events.type(password(), 'newsecret');
    await events.type(confirm(), 'newsecret');
    await events.click(submit());

    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'ada@example.com', password: 'newsecret', resetToken: 'rt-123' });
    expect(submit()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 100));
    expect(router.state.location.pathname).toBe('/password/reset');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Username or email')).toHaveValue('ada@example.com');
  });

  it.each([
    [
      400,
      'This reset has expired or was already used. Please start again.',
      'This reset has expired or was already used. Please start again.',
    ],
    [404, 'nope', 'User not found.'],
    [500, 'boom', 'An error occurred, please try again later.'],
  ])('shows what a %i means and keeps the passwords', async (status, serverMessage, shown) => {
    answerError('patch', '/auth/reset', status, serverMessage);
    await renderReset();
    await userEvent.type(password(), 'newsecret');
    await userEvent.type(confirm(), 'newsecret');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(password()).toHaveValue('newsecret');
    expect(confirm()).toHaveValue('newsecret');
  });
});
