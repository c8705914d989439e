import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { renderSignup, type SignupForm } from '../testing';

// Issue #10: what signup-page.test.tsx does not already cover (empty, short, format and every status are there).

/** Pastes (one input event per field: long values typed key by key are slow). */
async function fill(
  form: SignupForm,
  values: { username: string; email: string; password: string; confirm: string },
) {
  for (const name of ['username', 'email', 'password', 'confirm'] as const) {
    await userEvent.click(form[name]);
    await userEvent.paste(values[name]);
  }
}

const good = { username: 'ada_l', email: 'ada@example.com', password: 'secret1', confirm: 'secret1' };

describe('sign-up: rejected input', () => {
  it('takes at most the 30 characters a username may have', async () => {
    const form = await renderSignup();
    await fill(form, { ...good, username: 'a'.repeat(31) });
    expect(form.username).toHaveAttribute('maxlength', '30');
    expect(form.username).toHaveValue('a'.repeat(30));
  });

  it.each([
    [
      'a password over 128 characters',
      { password: 'p'.repeat(129), confirm: 'p'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      'an email over 254 characters',
      { email: `${'a'.repeat(250)}@example.com` },
      'email',
      'Enter a valid email address',
    ],
  ] as const)('refuses %s on its field and keeps every value', async (_name, change, field, message) => {
    const seen = answer('post', '/auth/signup', success(null));
    const form = await renderSignup();
    const values = { ...good, ...change };
    await fill(form, values);
    await userEvent.click(form.submit);
    expect(form[field]).toHaveAttribute('aria-invalid', 'true');
    expect(form[field]).toHaveAccessibleDescription(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(form.username).toHaveValue(values.username);
    expect(form.email).toHaveValue(values.email);
    expect(form.password).toHaveValue(values.password);
    expect(form.confirm).toHaveValue(values.confirm);
    expect(seen).toHaveLength(0);
  });

  it('a 400 with issues shows the catalogue text and each issue on its field, keeping everything', async () => {
    answerIssues('post', '/auth/signup', [
      { path: 'username', message: 'Username may contain only letters, digits, _ and .' },
      { path: 'email', message: 'Enter a valid email address' },
    ]);
    const form = await renderSignup();
    await fill(form, good);
    await userEvent.click(form.submit);
    expect(await screen.findByText('Bad request. Please check request body.')).toBeInTheDocument();
    expect(form.username).toHaveAccessibleDescription('Username may contain only letters, digits, _ and .');
    expect(form.email).toHaveAccessibleDescription('Enter a valid email address');
    expect(form.password).not.toHaveAttribute('aria-invalid');
    expect(form.username).toHaveValue('ada_l');
    expect(form.email).toHaveValue('ada@example.com');
    expect(form.password).toHaveValue('secret1');
    expect(form.confirm).toHaveValue('secret1');
  });

  it('a 409 (taken) keeps the form where it is, with every value', async () => {
    answerError('post', '/auth/signup', 409, 'That username is taken.');
    const form = await renderSignup();
    await fill(form, good);
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Username or email already exists.');
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(form.username).toHaveValue('ada_l');
    expect(form.confirm).toHaveValue('secret1');
    expect(form.submit).toBeEnabled();
  });
});
