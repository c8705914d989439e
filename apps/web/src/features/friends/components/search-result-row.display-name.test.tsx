import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockPerson } from '../testing';

// A search result with a display name shows it, and the username under it: two people may share a display name.

describe('add friend: display names in the results', () => {
  it('shows the display name with @username beneath, and names the Add button by both', async () => {
    server.use(
      http.get(`${API_BASE}/users/:id/friends/search`, () =>
        ok([
          { ...mockPerson(21, 'hannah_b'), displayName: 'Hannah', requestPending: false },
          { ...mockPerson(22, 'hannah_c'), displayName: 'Hannah', requestPending: false },
          { ...mockPerson(23, 'hank'), displayName: '', requestPending: false },
        ]),
      ),
    );
    renderApp('/friends', { token: makeToken() });
    await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add friend' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search by username' }), 'han');

    const first = (await within(dialog).findByText('@hannah_b')).closest('li')!;
    expect(within(first).getByText('Hannah')).toBeInTheDocument();
    expect(within(dialog).getByText('@hannah_c')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Hannah (@hannah_b)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Hannah (@hannah_c)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add hank' })).toBeInTheDocument();
    expect(within(dialog).queryByText('@hank')).not.toBeInTheDocument();
  });
});
