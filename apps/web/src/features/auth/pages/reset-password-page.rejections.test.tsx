import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { renderApp } from '@/test/render-app';

// Issue #10: what reset-password-page.test.tsx does not already cover.

const grant = { email: 'ada@example.com', resetToken: 'rt-123' };

async function renderReset() {
  const view = renderApp({ pathname: '/password/reset', state: grant });
  await screen.findByRole('heading', { name: 'Reset password' });
  return view;
}

const password = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Reset password' });

async function paste(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

describe('reset password: rejected input', () => {
  it('refuses a password over 128 characters on its field, keeping both values', async () => {
    const seen = answer('patch', '/auth/reset', success(null));
    await renderReset();
    const long = 'p'.repeat(129);
    await paste(password(), long);
    await paste(confirm(), long);
    await userEvent.click(submit());
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Password must be at most 128 characters');
    expect(password()).toHaveValue(long);
    expect(confirm()).toHaveValue(long);
    expect(seen).toHaveLength(0);
  });

  it('a 400 with an issue on password shows it on the field and keeps both values', async () => {
    answerIssues('patch', '/auth/reset', [
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    const { router } = await renderReset();
    await paste(password(), 'newsecret');
    await paste(confirm(), 'newsecret');
    await userEvent.click(submit());
    expect(await screen.findByText('password: Password must be at least 6 characters')).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(password()).toHaveValue('newsecret');
    expect(confirm()).toHaveValue('newsecret');
    expect(router.state.location.pathname).toBe('/password/reset');
  });

  it.each([429, 0])('a %i shows the generic text and keeps both values', async (status) => {
    answerError('patch', '/auth/reset', status, 'Too many requests, please slow down.');
    const { router } = await renderReset();
    await paste(password(), 'newsecret');
    await paste(confirm(), 'newsecret');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(password()).toHaveValue('newsecret');
    expect(confirm()).toHaveValue('newsecret');
    expect(submit()).toBeEnabled();
    expect(router.state.location.pathname).toBe('/password/reset');
  });
});
