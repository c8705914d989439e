import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { FRIEND_SEARCH_DEBOUNCE_MS } from './add-friend-dialog';
import { mockPerson } from '../testing';

const FRIENDS = `${API_BASE}/users/:id/friends`;
const SEARCH = `${API_BASE}/users/:id/friends/search`;

async function renderFriends() {
  const view = renderApp('/friends', { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Friends' });
  return view;
}

async function openAddFriend() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add friend' });
  return { dialog, input: within(dialog).getByRole('textbox', { name: 'Search by username' }) };
}

/** Answers every search with hannah_b; returns the queries searched, in order. */
function recordSearches(): string[] {
  const searched: string[] = [];
  server.use(
    http.get(SEARCH, ({ request }) => {
      searched.push(new URL(request.url).searchParams.get('query') ?? '');
      return ok([{ ...mockPerson(21, 'hannah_b'), requestPending: false }]);
    }),
  );
  return searched;
}

describe('add friend', () => {
  it('is a labelled modal: focus starts in the search, stays inside, and Esc closes it', async () => {
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(input).toHaveFocus();

    const close = within(dialog).getByRole('button', { name: 'Close' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(input).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(input).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add friend' })).toHaveFocus();
  });

  it('searches once typing has paused for 300 ms, with the last text only', async () => {
    const searched = recordSearches();
    await renderFriends();
    const { input } = await openAddFriend();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'h' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'ha ' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searched).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(searched).toEqual(['ha']);
    expect(screen.getByText('hannah_b')).toBeInTheDocument();
  });

  it('clears the results at once for a blank query, without a call', async () => {
    const searched = recordSearches();
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'han');
    expect(await within(dialog).findByText('hannah_b')).toBeInTheDocument();
    expect(searched).toEqual(['han']);

    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(dialog).queryByText('hannah_b')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, FRIEND_SEARCH_DEBOUNCE_MS + 100));
    expect(within(dialog).queryByText('hannah_b')).not.toBeInTheDocument();
    expect(searched).toEqual(['han']);
  });

  it("says 'No users found' when nobody matches", async () => {
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'nobody-like-this');
    expect(await within(dialog).findByText('No users found')).toBeInTheDocument();
  });

  it('sends a request with Add, then the row says Pending', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${FRIENDS}/requests`, async ({ request }) => {
        bodies.push(await request.json());
        return ok({
          id: 500,
          senderId: 7,
          receiverId: 21,
          status: 'pending',
          sender: mockPerson(7, 'ada'),
          receiver: mockPerson(21, 'hannah_b'),
          sentAt: new Date().toISOString(),
          respondedAt: null,
        });
      }),
    );
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'hannah');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add hannah_b' }));

    const row = (await within(dialog).findByText('Pending')).closest('li')!;
    expect(row).toHaveTextContent('hannah_b');
    expect(within(dialog).queryByRole('button', { name: 'Add hannah_b' })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ friendId: 21 }]);
  });

  it('shows Pending, not Add, for someone with a request already pending', async () => {
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'harry');
    const row = (await within(dialog).findByText('harry.p')).closest('li')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's message when the request is refused (409)", async () => {
    server.use(
      http.post(`${FRIENDS}/requests`, () =>
        fail(409, 'CONFLICT', 'hannah_b has already sent you a friend request. Accept it in your requests.'),
      ),
    );
    await renderFriends();
    const { dialog, input } = await openAddFriend();
    await userEvent.type(input, 'hannah');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add hannah_b' }));
    expect(
      await screen.findByText('hannah_b has already sent you a friend request. Accept it in your requests.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add hannah_b' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Pending')).not.toBeInTheDocument();
  });
});
