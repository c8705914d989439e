import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { transactionEndpoints } from '@outing/contract';
import { MOCK_ROOM_IDS } from '@/mocks/demo';
import { mockFixed } from '@/mocks/route';
import { setTestLanguage } from '@/test/i18n';
import { mockFriend, mockPerson, serveFriends } from '../testing';

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
});

describe('friend rows (issue 37 item 4)', () => {
  it('each opens the friend’s page, named by the person’s name (the display name when set)', async () => {
    serveFriends([
      mockFriend({ id: 11, username: 'ben_k' }),
      { ...mockFriend({ id: 12, username: 'chloe.m' }), displayName: 'Chloe Ng' },
    ]);
    const { router } = await renderFriends();
    const ben = await screen.findByRole('link', { name: 'ben_k' });
    expect(ben).toHaveAttribute('href', '/friends/11');
    expect(screen.getByRole('link', { name: 'Chloe Ng' })).toHaveAttribute('href', '/friends/12');
    // Nothing else to press in a row: the link is the row.
    expect(within(ben.closest('li')!).queryByRole('button')).not.toBeInTheDocument();
    ben.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends/11'));
  });

  it('says what is owed either way, per currency, and nothing when settled', async () => {
    setTestLanguage('en', 'en-US');
    serveFriends([
      mockFriend({ id: 11, username: 'ben_k' }),
      mockFriend({ id: 12, username: 'chloe.m' }),
      mockFriend({ id: 13, username: 'dev_patel' }),
    ]);
    const person = (userId: number, username: string, currency: string, net: number) => ({
      userId,
      user: mockPerson(userId, username),
      currency,
      net,
      rooms: [{ roomId: MOCK_ROOM_IDS.lisbon, roomName: 'Lisbon', net }],
    });
    server.use(
      mockFixed(transactionEndpoints.balances, {
        totals: [],
        people: [
          person(11, 'ben_k', 'USD', 12.5),
          person(12, 'chloe.m', 'USD', -8),
          person(12, 'chloe.m', 'EUR', 3),
        ],
      }),
    );
    await renderFriends();
    const ben = await screen.findByRole('link', { name: 'ben_k' });
    await waitFor(() => expect(ben).toHaveAccessibleDescription(/owes you \$12\.50/));
    expect(within(ben).getByText('owes you $12.50')).toHaveClass('text-emerald-700');
    const chloe = screen.getByRole('link', { name: 'chloe.m' });
    expect(chloe).toHaveTextContent('you owe $8.00 · owes you €3.00');
    expect(within(chloe).getByText('you owe $8.00')).toHaveClass('text-red-700');
    const dev = screen.getByRole('link', { name: 'dev_patel' });
    expect(dev).not.toHaveTextContent(/owe/);
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
