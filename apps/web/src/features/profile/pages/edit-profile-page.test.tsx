import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '@/hooks/use-delayed-navigate';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, answerError, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

const token = makeToken({ user_id: 7, username: 'ada' });

async function renderEdit() {
  const view = renderApp('/profile/edit', { token });
  await screen.findByRole('heading', { name: 'Edit profile' });
  return {
    ...view,
    username: screen.getByLabelText('Username'),
    save: screen.getByRole('button', { name: 'Save' }),
  };
}

async function submitName(name: string) {
  const form = await renderEdit();
  await userEvent.clear(form.username);
  if (name) await userEvent.type(form.username, name);
  await userEvent.click(form.save);
  return form;
}

describe('edit profile screen', () => {
  it('starts from the current username', async () => {
    const { username } = await renderEdit();
    expect(username).toHaveValue('ada');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it.each([
    ['', 'Username is required'],
    ['   ', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['ada', 'Username must be different from current username'],
    [' ada ', 'Username must be different from current username'],
    ['ada lovelace', 'Username may contain only letters, digits, _ and .'],
  ])('refuses %j: %s', async (name, message) => {
    const seen = answer('patch', '/users/7', success({ field: 'username', value: name }, { token }));
    const { username } = await submitName(name);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(username).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(seen).toHaveLength(0);
  });

  it('renames, stores the new token, toasts, and goes back to /profile 1000 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const renamed = makeToken({ user_id: 7, username: 'ada_l' });
    const seen = answer(
      'patch',
      '/users/7',
      success({ field: 'username', value: 'ada_l' }, { token: renamed }),
    );
    const { username, save, router } = await renderEdit();
    await events.clear(username);
    await events.type(username, ' ada_l ');
    await events.click(save);

    expect(await screen.findByText('Username updated successfully!')).toBeInTheDocument();
    expect(seen[0]).toEqual({
      body: { field: 'username', value: 'ada_l' },
      authorization: `Bearer ${token}`,
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(renamed);
    expect(screen.getByText(/Currently “ada_l”/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));

    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, ada_l!' })).toBeInTheDocument();
  });

  it.each([
    [
      400,
      'Username must be different from current username',
      'Username must be different from current username',
    ],
    [404, 'nope', 'User not found.'],
    [409, 'That username is already taken.', 'That username is already taken.'],
    [403, 'You are not allowed to do that.', 'An error occurred, please try again later.'],
    [500, 'boom', 'An error occurred, please try again later.'],
  ])('shows what a %i means and keeps the name typed', async (status, serverMessage, shown) => {
    answerError('patch', '/users/7', status, serverMessage);
    const { username } = await submitName('grace');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(username).toHaveValue('grace');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });
});
