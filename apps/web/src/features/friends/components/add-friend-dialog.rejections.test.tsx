import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';

// Issue #10: what add-friend-dialog.test.tsx does not already cover (the 409 on Add is there).

const FRIENDS = `${API_BASE}/users/:id/friends`;
const SEARCH = `${API_BASE}/users/:id/friends/search`;

async function openAddFriend() {
  renderApp('/friends', { token: makeToken() });
  await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add friend' });
  return { dialog, input: within(dialog).getByRole('textbox', { name: 'Search by username' }) };
}

describe('add friend: rejected search and requests', () => {
  it.each([400, 429, 500, 0])('a search answered %i says so and keeps the text typed', async (status) => {
    server.use(
      http.get(SEARCH, () =>
        status === 0 ? HttpResponse.error() : fail(status, 'VALIDATION', 'query: Too big'),
      ),
    );
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'hannah');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not search right now. Please try again.',
    );
    expect(input).toHaveValue('hannah');
  });

  it('caps the query at the 100 characters the server accepts', async () => {
    const { input } = await openAddFriend();
    await userEvent.click(input);
    await userEvent.paste('h'.repeat(120));
    expect(input).toHaveAttribute('maxLength', '100');
    expect((input as HTMLInputElement).value).toHaveLength(100);
  });

  it.each([
    [400, 'bad request'],
    [404, 'User not found, please try again later.'],
    [429, 'An error occurred, please try again later.'],
    [500, 'An error occurred, please try again later.'],
    [0, 'An error occurred, please try again later.'],
  ])('Add answered %i toasts %j; the search and the Add button stay', async (status, shown) => {
    server.use(
      http.post(`${FRIENDS}/requests`, () =>
        status === 0 ? HttpResponse.error() : fail(status, 'VALIDATION', 'Server says no.'),
      ),
    );
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'hannah');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add hannah_b' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(input).toHaveValue('hannah');
    expect(within(dialog).getByRole('button', { name: 'Add hannah_b' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Pending')).not.toBeInTheDocument();
  });
});
