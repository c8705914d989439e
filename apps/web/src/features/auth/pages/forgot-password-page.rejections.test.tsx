import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, answerError, success } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { renderApp } from '@/test/render-app';

// Issue #10: what forgot-password-page.test.tsx does not already cover.

async function renderForgot() {
  renderApp('/password/forgot');
  await screen.findByRole('heading', { name: 'Forgot password' });
  return { email: screen.getByLabelText('Email'), submit: screen.getByRole('button', { name: 'Send code' }) };
}

describe('forgot password: rejected input', () => {
  it.each(['ada example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %j on the field and keeps it',
    async (typed) => {
      const seen = answer('post', '/auth/otp', success(null));
      const { email, submit } = await renderForgot();
      await userEvent.click(email);
      await userEvent.paste(typed);
      await userEvent.click(submit);
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription('Enter a valid email address');
      expect(email).toHaveValue(typed);
      expect(seen).toHaveLength(0);
    },
  );

  it('a 400 with an issue on email shows it on the field and keeps the email', async () => {
    answerIssues('post', '/auth/otp', [{ path: 'email', message: 'Enter a valid email address' }]);
    const { email, submit } = await renderForgot();
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(submit);
    expect(await screen.findByText('email: Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveValue('ada@example.com');
  });

  it('a 503 shows the generic text and keeps the email', async () => {
    answerError('post', '/auth/otp', 503, 'The database is unavailable.');
    const { email, submit } = await renderForgot();
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(email).toHaveValue('ada@example.com');
    expect(submit).toBeEnabled();
  });
});
