import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { readOtpFlow } from '../otp-flow';
import { renderSignup, type SignupForm } from '../testing';

async function fill(
  form: SignupForm,
  values: { username?: string; email?: string; password?: string; confirm?: string },
) {
  for (const [name, value] of Object.entries(values)) {
    const input = form[name as 'username' | 'email' | 'password' | 'confirm'];
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const good = { username: 'ada_l', email: 'Ada@Example.com ', password: 'secret1', confirm: 'secret1' };

describe('sign-up screen', () => {
  it('shows every rule for an empty form, each on its field', async () => {
    const form = await renderSignup();
    await userEvent.click(form.submit);
    expect(form.username).toHaveAccessibleDescription(
      expect.stringContaining('Username must be at least 3 characters'),
    );
    expect(form.email).toHaveAccessibleDescription('Enter a valid email address');
    expect(form.password).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 6 characters'),
    );
    expect(form.confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(form.username).toHaveFocus();
  });

  it.each([
    ['a too short username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['a username with a space', { username: 'ada l' }, 'Username may contain only letters, digits, _ and .'],
    ['an email without a domain', { email: 'ada@' }, 'Enter a valid email address'],
    ['an email without @', { email: 'ada.example.com' }, 'Enter a valid email address'],
    ['a short password', { password: 'abc12', confirm: 'abc12' }, 'Password must be at least 6 characters'],
    ['a confirmation that differs', { confirm: 'secret2' }, 'Passwords do not match'],
  ])('refuses %s', async (_name, change, message) => {
    const seen = answer('post', '/auth/signup', success(null));
    const form = await renderSignup();
    await fill(form, { ...good, ...change });
    await userEvent.click(form.submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(seen).toHaveLength(0);
  });

  it('re-checks the confirmation when the password changes after a failed submit', async () => {
    const form = await renderSignup();
    await fill(form, { ...good, confirm: 'secret' });
    await userEvent.click(form.submit);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await fill(form, { password: 'secret' });
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
  });

  it.each([
    [409, 'Username or email already exists.'],
    [400, 'Bad request. Please check request body.'],
    [429, 'An error occurred. Please try again later.'],
    [500, 'An error occurred. Please try again later.'],
    [0, 'An error occurred. Please try again later.'],
  ])('shows the catalogue message for a %i and keeps what was typed', async (status, message) => {
    answerError('post', '/auth/signup', status);
    const form = await renderSignup();
    await fill(form, good);
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(form.username).toHaveValue('ada_l');
    expect(form.email).toHaveValue('Ada@Example.com'); // an email input drops the spaces itself
    expect(form.password).toHaveValue('secret1');
    expect(form.confirm).toHaveValue('secret1');
  });

  it('signs up and goes to the code screen for verify-email', async () => {
    const seen = answer(
      'post',
      '/auth/signup',
      success({
        id: 3,
        username: 'ada_l',
        email: 'ada@example.com',
        pictureUrl: '',
        isEmailValid: false,
        isOnline: false,
        lastSeen: null,
        registeredAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    const form = await renderSignup();
    await fill(form, good);
    const before = Date.now();
    await userEvent.click(form.submit);
    expect(await screen.findByRole('heading', { name: 'Verify code' })).toBeInTheDocument();
    expect(form.router.state.location.pathname).toBe('/otp');
    expect(seen[0]?.body).toEqual({ username: 'ada_l', email: 'ada@example.com', password: 'secret1' });
    const flow = readOtpFlow();
    expect(flow).toMatchObject({ email: 'ada@example.com', purpose: 'verify-email' });
    expect(flow?.resendAt).toBeGreaterThanOrEqual(before + 30_000);
  });

  it('links back to login', async () => {
    await renderSignup();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
