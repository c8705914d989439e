import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerIssues } from '@/test/answer-issues.testing';
import { renderApp } from '@/test/render-app';

// Issue #10: what login-page.test.tsx does not already cover (statuses 400/401/404/429/500/network are there).

async function renderLogin() {
  renderApp('/login');
  return {
    username: await screen.findByLabelText('Username or email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Log in' }),
  };
}

describe('login: rejected input', () => {
  it('a missing password keeps the username typed, and a missing username keeps the password', async () => {
    const form = await renderLogin();
    await userEvent.type(form.username, 'bob');
    await userEvent.click(form.submit);
    expect(form.password).toHaveAccessibleDescription('Password is required');
    expect(form.password).toHaveAttribute('aria-invalid', 'true');
    expect(form.username).toHaveValue('bob');

    await userEvent.clear(form.username);
    await userEvent.type(form.password, 'secret1');
    await userEvent.click(form.submit);
    expect(form.username).toHaveAccessibleDescription('Username is required');
    expect(form.password).toHaveValue('secret1');
  });

  it('a 400 with issues puts each on its field, keeps the form-level text and what was typed', async () => {
    answerIssues('post', '/auth', [
      { path: 'password', message: 'Too big: expected string to have <=128 characters' },
    ]);
    const form = await renderLogin();
    await userEvent.type(form.username, 'bob');
    await userEvent.type(form.password, 'secret1');
    await userEvent.click(form.submit);

    expect(await screen.findByText('Bad request, please check request body.')).toBeInTheDocument();
    expect(form.password).toHaveAttribute('aria-invalid', 'true');
    expect(form.password).toHaveAccessibleDescription('Too big: expected string to have <=128 characters');
    expect(form.username).not.toHaveAttribute('aria-invalid');
    expect(form.username).toHaveValue('bob');
    expect(form.password).toHaveValue('secret1');

    // Changing the field checks it again: the server's verdict on the old value goes.
    await userEvent.type(form.password, 'x');
    expect(form.password).not.toHaveAttribute('aria-invalid');
  });
});
