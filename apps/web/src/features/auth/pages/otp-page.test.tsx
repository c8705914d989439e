import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '@/hooks/use-delayed-navigate';
import { RETURNING_VISITOR_KEY } from '@/lib/returning-visitor';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { makeToken } from '@/test/tokens';
import { answer, answerError, failure, success } from '@/test/api';
import { OTP_FLOW_STORAGE_KEY, readOtpFlow } from '../otp-flow';
import { box, renderOtp, startFlow, typeCode, verifyButton } from '../testing';

const tryAgain = () => screen.getByRole('button', { name: 'Try again' });

describe('code screen', () => {
  it('without an email to verify says so and offers the ways back', async () => {
    await renderOtp();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email received, please try again later.');
    expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('puts the cursor in the first box on arrival, for a numeric keyboard and the code autofill', async () => {
    startFlow();
    await renderOtp();
    await waitFor(() => expect(box(1)).toHaveFocus());
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('sends the code by itself when the sixth digit is typed', async () => {
    const seen = answer('post', '/auth/verify', success(null));
    startFlow();
    await renderOtp();
    await typeCode('12345');
    expect(seen).toHaveLength(0);
    await userEvent.keyboard('6');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456' });
  });

  it('fills every box from six pasted digits and sends the code once', async () => {
    const seen = answer('post', '/auth/verify', success(null));
    startFlow();
    await renderOtp();
    await userEvent.click(box(1));
    await userEvent.paste('Code: 654 321');
    for (const [n, digit] of ['6', '5', '4', '3', '2', '1'].entries()) expect(box(n + 1)).toHaveValue(digit);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.body).toEqual({ email: 'ada@example.com', otp: '654321' });
  });

  it('signs in directly with a right code: the token stored as a login stores it, then Home, no password', async () => {
    localStorage.removeItem(RETURNING_VISITOR_KEY);
    const token = makeToken({ user_id: 9, username: 'bob' });
    const user = {
      id: 9,
      username: 'bob',
      email: 'ada@example.com',
      pictureUrl: '',
      isEmailValid: true,
      isOnline: true,
      lastSeen: null,
      registeredAt: '2025-01-01T00:00:00.000Z',
    };
    answer('post', '/auth/verify', success(null, { token, user, message: 'Email verified' }));
    startFlow();
    const { router } = await renderOtp();
    await typeCode('123456');
    expect(await screen.findByRole('heading', { name: 'Welcome, bob!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(localStorage.getItem(RETURNING_VISITOR_KEY)).toBe('1');
    expect(readOtpFlow()).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('treats a tampered flow as missing', async () => {
    sessionStorage.setItem(OTP_FLOW_STORAGE_KEY, JSON.stringify({ email: 'a@b.co', purpose: 'steal' }));
    await renderOtp();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email received, please try again later.');
  });

  it('names the email, and keeps the flow over a reload', async () => {
    startFlow();
    const first = await renderOtp();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    first.unmount();
    await renderOtp();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it.each(['', '12345'])('asks for all six digits (typed %j) and sends nothing', async (typed) => {
    const seen = answer('post', '/auth/verify', success(null));
    startFlow();
    await renderOtp();
    if (typed) await typeCode(typed);
    await userEvent.click(verifyButton());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Please enter a valid 6-digit OTP.');
    expect(box(1)).toHaveAccessibleDescription('Please enter a valid 6-digit OTP.');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(0);

    await typeCode('123456');
    expect(screen.queryByText('Please enter a valid 6-digit OTP.')).not.toBeInTheDocument();
  });

  it('verifies the email, then goes to login 1000 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const seen = answer('post', '/auth/verify', success(null, { message: 'Email verified' }));
    startFlow();
    const { router } = await renderOtp();
    await typeCode('123456', events);
    await events.click(verifyButton());

    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456' });
    expect(verifyButton()).toHaveAttribute('aria-busy', 'true');
    expect(router.state.location.pathname).toBe('/otp');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 100));
    expect(router.state.location.pathname).toBe('/otp');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Username or email')).toHaveValue('ada@example.com');
    expect(readOtpFlow()).toBeNull();
  });

  it('for a password reset goes to /password/reset with the email and reset token, not in the URL', async () => {
    startFlow({ email: 'bob@example.com', purpose: 'reset-password' });
    answer('post', '/auth/verify', success({ resetToken: 'rt-123' }));
    const { router } = await renderOtp();
    await typeCode('654321');
    await userEvent.click(verifyButton());
    expect(
      await screen.findByRole('heading', { name: 'Reset password' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/password/reset');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ email: 'bob@example.com', resetToken: 'rt-123' });
  });

  it('a refused code (400) shows the server’s message, clears the boxes and puts the cursor in the first', async () => {
    answerError('post', '/auth/verify', 400, 'That code is not right. Check it and try again.');
    startFlow();
    await renderOtp();
    await typeCode('123456'); // the sixth digit sends the code
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again.',
    );
    await waitFor(() => expect(box(1)).toHaveFocus());
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n)).toHaveValue('');
    expect(verifyButton()).toBeEnabled();
  });

  it.each([
    [404, 'There is no code waiting for this email.', 'User not found.'],
    [500, 'boom', 'An error occurred, please try again later.'],
    [0, '', 'An error occurred, please try again later.'],
  ])(
    'shows what a %i means and keeps the digits, which Verify sends again',
    async (status, serverMessage, shown) => {
      const seen = answerError('post', '/auth/verify', status, serverMessage);
      startFlow();
      await renderOtp();
      await typeCode('123456');
      expect(await screen.findByRole('alert')).toHaveTextContent(shown);
      expect(box(6)).toHaveValue('6');
      expect(verifyButton()).toBeEnabled();
      await userEvent.click(verifyButton());
      await waitFor(() => expect(seen).toHaveLength(status === 0 ? 0 : 2));
    },
  );

  describe('Try again', () => {
    it('is disabled for 30 s, counting down, then enabled', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      startFlow();
      await renderOtp();
      expect(tryAgain()).toBeDisabled();
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:30');

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:20');
      await act(() => vi.advanceTimersByTimeAsync(19_000));
      expect(tryAgain()).toBeDisabled();
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:01');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(tryAgain()).toBeEnabled();
      expect(screen.queryByTestId('resend-countdown')).not.toBeInTheDocument();
    });

    it('continues the countdown where it was after a reload', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      startFlow({ resendAt: Date.now() + 12_000 });
      await renderOtp();
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:12');
    });

    it.each(['verify-email', 'reset-password'] as const)(
      'asks for a new %s code and restarts the countdown',
      async (purpose) => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const sent = answer('post', '/auth/otp', success(null));
        startFlow({ purpose, resendAt: Date.now() - 1 });
        await renderOtp();
        await events.click(tryAgain());

        expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
        expect(sent[0]?.body).toEqual({ email: 'ada@example.com', purpose });
        expect(tryAgain()).toBeDisabled();
        expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:30');
        expect(readOtpFlow()?.resendAt).toBeGreaterThan(Date.now() + 29_000);
      },
    );

    it('shows the server’s message on a 429 and waits as long as it says', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      answer(
        'post',
        '/auth/otp',
        failure('RATE_LIMITED', 'Too many codes were requested. Please try again later.'),
        {
          status: 429,
          headers: { 'Retry-After': '1800' },
        },
      );
      startFlow({ resendAt: Date.now() - 1 });
      await renderOtp();
      await events.click(tryAgain());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many codes were requested. Please try again later.',
      );
      expect(tryAgain()).toBeDisabled();
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 30:00');
    });

    it.each([
      [404, 'User not found.'],
      [409, 'User already verified.'],
      [500, 'An error occurred, please try again later.'],
    ])('shows what a %i means', async (status, message) => {
      answerError('post', '/auth/otp', status);
      startFlow({ resendAt: Date.now() - 1 });
      await renderOtp();
      await userEvent.click(tryAgain());
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(tryAgain()).toBeEnabled();
    });
  });
});
