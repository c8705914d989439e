import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, answerError, success } from '@/test/api';
import { answerIssues } from '@/test/answer-issues.testing';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

// Issue #10: what edit-profile-page.test.tsx does not already cover.

const token = makeToken({ user_id: 7, username: 'ada' });

async function submitName(name: string) {
  const view = renderApp('/profile/edit', { token });
  await screen.findByRole('heading', { name: 'Edit profile' });
  const username = screen.getByLabelText('Username');
  await userEvent.clear(username);
  await userEvent.click(username);
  await userEvent.paste(name);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { ...view, username };
}

describe('edit profile: rejected input', () => {
  it('takes at most the 30 characters a username may have', async () => {
    const { username } = await submitName('a'.repeat(31));
    expect(username).toHaveAttribute('maxlength', '30');
    expect(username).toHaveValue('a'.repeat(30));
  });

  it.each([['ada!', 'Username may contain only letters, digits, _ and .']])(
    'refuses %j on the field and keeps it',
    async (name, message) => {
      const seen = answer('patch', '/users/7', success({ field: 'username', value: name }, { token }));
      const { username } = await submitName(name);
      expect(username).toHaveAttribute('aria-invalid', 'true');
      expect(username).toHaveAccessibleDescription(message);
      expect(username).toHaveValue(name);
      expect(seen).toHaveLength(0);
    },
  );

  it('a 400 with an issue on the value shows it on the username field and keeps the name', async () => {
    answerIssues('patch', '/users/7', [{ path: 'value', message: 'Username must be at most 30 characters' }]);
    const { username } = await submitName('grace');
    expect(await screen.findByText('value: Username must be at most 30 characters')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username must be at most 30 characters');
    expect(username).toHaveValue('grace');
  });

  it.each([429, 0])('a %i shows the generic text and keeps the name and the session', async (status) => {
    answerError('patch', '/users/7', status, 'Slow down.');
    const { username, router } = await submitName('grace');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(username).toHaveValue('grace');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });
});
