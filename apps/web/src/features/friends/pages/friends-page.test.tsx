import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockFriend, serveFriends } from '../testing';

const FRIENDS = `${API_BASE}/users/:id/friends`;

async function renderFriends() {
  const view = renderApp('/friends', { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Friends' });
  return view;
}

const friendList = async () => within(await screen.findByRole('list'));

describe('friends list', () => {
  it('shows each friend with initials or picture, and says who is online', async () => {
    serveFriends([
      mockFriend({ id: 11, username: 'ben_k', isOnline: true }),
      mockFriend({ id: 12, username: 'chloe.m', pictureUrl: 'https://example.com/chloe.png' }),
    ]);
    await renderFriends();
    const list = await friendList();
    const [ben, chloe] = list.getAllByRole('listitem');
    expect(ben).toHaveTextContent('ben_k');
    expect(within(ben!).getByTestId('avatar-initials')).toHaveTextContent('BK');
    expect(within(ben!).getByTestId('online-dot')).toBeInTheDocument();
    expect(within(ben!).getByText('Online')).toBeInTheDocument();
    expect(chloe!.querySelector('img')).toHaveAttribute('src', 'https://example.com/chloe.png');
    expect(within(chloe!).queryByTestId('online-dot')).not.toBeInTheDocument();
    expect(within(chloe!).queryByText('Online')).not.toBeInTheDocument();
  });

  it('shows an empty state without friends', async () => {
    serveFriends([]);
    await renderFriends();
    expect(await screen.findByText('No friends yet')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    let calls = 0;
    server.use(
      http.get(FRIENDS, () => {
        calls += 1;
        return calls === 1
          ? fail(500, 'INTERNAL', 'Something went wrong.')
          : ok([mockFriend({ id: 11, username: 'ben_k' })]);
      }),
    );
    await renderFriends();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your friends.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ben_k')).toBeInTheDocument();
  });
});

describe('friends list pages (docs/pagination.md)', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      mockFriend({ id: 100 + i, username: `friend${String(i).padStart(2, '0')}` }),
    );

  it('shows a first page of 20, then the rest with Load more, and says how many more came', async () => {
    serveFriends(many(25));
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/friends')) asked.push(url.searchParams);
    });
    await renderFriends();
    await waitFor(async () => expect((await friendList()).getAllByRole('listitem')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect((await friendList()).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('5 more loaded')).toBeInTheDocument();
    expect(asked.map((q) => [q.get('limit'), q.has('cursor')])).toEqual([
      ['20', false],
      ['20', true],
    ]);
    server.events.removeAllListeners();
  });

  it('keeps the loaded friends when the next page fails, and tries again', async () => {
    serveFriends(many(22));
    await renderFriends();
    await waitFor(async () => expect((await friendList()).getAllByRole('listitem')).toHaveLength(20));
    server.use(http.get(FRIENDS, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more friends.')).toBeInTheDocument();
    expect((await friendList()).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect((await friendList()).getAllByRole('listitem')).toHaveLength(22));
  });

  it('removes a friend from a later page without reloading the list', async () => {
    serveFriends(many(21));
    await renderFriends();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend20' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('friend20')).not.toBeInTheDocument());
    expect((await friendList()).getAllByRole('listitem')).toHaveLength(20);
  });
});

describe('removing a friend', () => {
  it('asks first; Cancel keeps the friend and calls nothing', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(`${FRIENDS}/:friendId`, ({ params }) => {
        deleted.push(String(params.friendId));
        return ok(null);
      }),
    );
    await renderFriends();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ben_k' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove ben_k?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('ben_k')).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });

  it('removes the row only once the server has answered', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const deleted: string[] = [];
    server.use(
      http.delete(`${FRIENDS}/:friendId`, async ({ params }) => {
        deleted.push(String(params.friendId));
        await answered;
        return ok(null, 'Friend removed');
      }),
    );
    await renderFriends();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ben_k' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove ben_k?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(deleted).toEqual(['11']));
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Remove ben_k' })).toBeInTheDocument();

    release();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove ben_k' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('chloe.m')).toBeInTheDocument();
  });

  it('keeps the friend and says why when the server refuses', async () => {
    server.use(
      http.delete(`${FRIENDS}/:friendId`, () =>
        fail(404, 'NOT_FOUND', 'You are not friends with this user.'),
      ),
    );
    await renderFriends();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ben_k' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User not found, please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove ben_k' })).toBeInTheDocument();
  });
});

describe('friend requests bell', () => {
  it('links to /friends/requests with a badge of the pending count', async () => {
    const { router } = await renderFriends();
    const bell = screen.getByRole('link', { name: /^Friend requests/ });
    expect(bell).toHaveAttribute('href', '/friends/requests');
    expect(await within(bell).findByTestId('friend-requests-badge')).toHaveTextContent('3');
    expect(bell).toHaveAccessibleName('Friend requests, 3 pending');
    // A person-plus, not the bell of the Notifications tab.
    expect(bell.querySelector('svg')).toHaveAttribute('data-icon', 'user-plus');
    await userEvent.click(bell);
    expect(await screen.findByRole('heading', { level: 1, name: 'Friend requests' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/friends/requests');
  });

  it('hides the badge at 0', async () => {
    let counted = false;
    server.use(
      http.get(`${FRIENDS}/requests/count`, () => {
        counted = true;
        return ok({ count: 0 });
      }),
    );
    await renderFriends();
    await waitFor(() => expect(counted).toBe(true));
    await screen.findByText('ben_k');
    const bell = screen.getByRole('link', { name: 'Friend requests' });
    expect(within(bell).queryByTestId('friend-requests-badge')).not.toBeInTheDocument();
  });
});
