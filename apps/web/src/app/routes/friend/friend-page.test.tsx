import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { transactionEndpoints, type OverallBalances } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { MOCK_ROOM_IDS } from '@/mocks/demo';
import { mockFixed } from '@/mocks/route';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import {
  mockFriend,
  mockPerson,
  serveFriendDetails,
  serveFriends,
  sharedRoom,
} from '@/features/friends/testing';

// A friend's page (issue 37 item 4) over the mocks: what it shows in each state, and removing the friend, which
// moved here from the friends list. friend-page.server.test.tsx checks it against the real server.

const FRIENDS = `${API_BASE}/users/:id/friends`;

beforeEach(() => setTestLanguage('en', 'en-US'));

const ben = mockFriend({ id: 11, username: 'ben_k', isOnline: true });
const chloe = { ...mockFriend({ id: 12, username: 'chloe.m' }), displayName: 'Chloe Ng' };

function serveBalances(people: OverallBalances['people']) {
  server.use(mockFixed(transactionEndpoints.balances, { totals: [], people }));
}

const line = (userId: number, currency: string, net: number, rooms: [string, string, number][]) => ({
  userId,
  user: mockPerson(userId, userId === 11 ? 'ben_k' : 'chloe.m'),
  currency,
  net,
  rooms: rooms.map(([roomId, roomName, n]) => ({ roomId, roomName, net: n })),
});

async function renderFriend(id: number) {
  return renderApp(`/friends/${id}`, { token: makeToken() });
}

describe('a friend’s page', () => {
  it('shows who they are, the balance per currency with Settle up where you owe, and the rooms you share', async () => {
    serveFriendDetails([ben, chloe], {
      12: [
        sharedRoom({ id: MOCK_ROOM_IDS.football, name: 'Five-a-side', date: '2030-05-02T00:00:00.000Z' }),
        sharedRoom({
          id: MOCK_ROOM_IDS.karaoke,
          name: 'Karaoke',
          date: '2030-06-01T00:00:00.000Z',
          dateTbd: true,
        }),
        sharedRoom({
          id: MOCK_ROOM_IDS.lisbon,
          name: 'Lisbon trip',
          date: '2024-04-01T00:00:00.000Z',
          isClosed: true,
        }),
      ],
    });
    serveBalances([
      line(12, 'USD', 12.5, [[MOCK_ROOM_IDS.karaoke, 'Karaoke', 12.5]]),
      line(12, 'EUR', -8, [[MOCK_ROOM_IDS.lisbon, 'Lisbon trip', -8]]),
      line(11, 'USD', 5, [[MOCK_ROOM_IDS.football, 'Five-a-side', 5]]),
    ]);
    await renderFriend(12);

    expect(await screen.findByRole('heading', { level: 1, name: 'Chloe Ng' })).toBeInTheDocument();
    expect(screen.getByText('@chloe.m')).toBeInTheDocument();
    expect(screen.getByText('Friends since Mar 14, 2025')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chloe Ng · Friends · Outing'));

    const balance = screen.getByRole('region', { name: 'Your balance' });
    expect(await within(balance).findByText('Chloe Ng owes you $12.50')).toHaveClass('text-emerald-700');
    expect(within(balance).getByText('You owe Chloe Ng €8.00')).toHaveClass('text-red-700');
    // Settle up only where you owe, and once.
    expect(within(balance).getAllByRole('button', { name: 'Settle up with Chloe Ng' })).toHaveLength(1);
    const ofDebt = within(balance).getByRole('list', { name: 'Rooms that make up €8.00' });
    expect(within(ofDebt).getByRole('link', { name: /Lisbon trip/ })).toHaveAttribute(
      'href',
      `/room/${MOCK_ROOM_IDS.lisbon}`,
    );
    // ben's balance is not hers.
    expect(balance).not.toHaveTextContent('$5.00');

    const rooms = screen.getByRole('region', { name: 'Rooms together' });
    const upcoming = within(within(rooms).getByRole('region', { name: 'Upcoming' })).getAllByRole('link');
    expect(upcoming.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Five-a-side'),
      expect.stringContaining('Karaoke'),
    ]);
    expect(upcoming[0]).toHaveAttribute('href', `/room/${MOCK_ROOM_IDS.football}`);
    expect(upcoming[0]).toHaveTextContent('May 2, 2030');
    // A date still to be voted on is said so, never its placeholder.
    expect(upcoming[1]).toHaveTextContent('Date TBD');
    expect(upcoming[1]).not.toHaveTextContent('2030');
    const past = within(within(rooms).getByRole('region', { name: 'Past' })).getAllByRole('link');
    expect(past.map((a) => a.textContent)).toEqual([expect.stringContaining('Lisbon trip')]);
  });

  it('opens the Settle up dialog of the balances card for what you owe', async () => {
    serveFriendDetails([chloe]);
    serveBalances([line(12, 'EUR', -8, [[MOCK_ROOM_IDS.lisbon, 'Lisbon trip', -8]])]);
    await renderFriend(12);
    await userEvent.click(await screen.findByRole('button', { name: 'Settle up with Chloe Ng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Chloe Ng' });
    expect(within(dialog).getByLabelText('Amount (EUR)')).toHaveValue('8.00');
  });

  it('says all is settled, and that there are no rooms together yet', async () => {
    serveFriendDetails([ben]);
    serveBalances([line(12, 'USD', 4, [[MOCK_ROOM_IDS.karaoke, 'Karaoke', 4]])]);
    await renderFriend(11);
    expect(await screen.findByRole('heading', { level: 1, name: 'ben_k' })).toBeInTheDocument();
    expect(screen.queryByText('@ben_k')).not.toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(await screen.findByText('All settled up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Settle up/ })).not.toBeInTheDocument();
    expect(screen.getByText('No rooms together yet')).toBeInTheDocument();
    expect(screen.getByText('Invite ben_k to your next outing.')).toBeInTheDocument();
  });

  it('says when someone is not your friend, with the way back to Friends', async () => {
    serveFriendDetails([ben]);
    const { router } = await renderFriend(99);
    expect(await screen.findByText('Not in your friends')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Friends' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
  });

  it('shows an error with a retry when the friend cannot be loaded', async () => {
    let calls = 0;
    serveFriendDetails([ben]);
    server.use(
      http.get(`${FRIENDS}/11`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : undefined;
      }),
    );
    await renderFriend(11);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this friend.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ben_k' })).toBeInTheDocument();
  });
});

describe('removing a friend, from their page', () => {
  it('asks first; Cancel keeps the friend and calls nothing', async () => {
    serveFriendDetails([ben]);
    const deleted: string[] = [];
    server.use(
      http.delete(`${FRIENDS}/:friendId`, ({ params }) => {
        deleted.push(String(params.friendId));
        return ok(null);
      }),
    );
    await renderFriend(11);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove ben_k?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ben_k' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });

  it('leaves for the friends list only once the server has answered, without them', async () => {
    serveFriends([ben, chloe]);
    serveFriendDetails([ben, chloe]);
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
    const { router } = renderApp('/friends', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: 'ben_k' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove ben_k?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(deleted).toEqual(['11']));
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-busy', 'true');
    expect(router.state.location.pathname).toBe('/friends/11');

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
    expect(await screen.findByText('ben_k is no longer your friend.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chloe Ng' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ben_k' })).not.toBeInTheDocument();
  });

  it('removes a friend of a later page without reloading the list', async () => {
    const many = Array.from({ length: 21 }, (_, i) =>
      mockFriend({ id: 100 + i, username: `friend${String(i).padStart(2, '0')}` }),
    );
    serveFriends(many);
    serveFriendDetails(many);
    server.use(http.delete(`${FRIENDS}/:friendId`, () => ok(null, 'Friend removed')));
    renderApp('/friends', { token: makeToken() });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await userEvent.click(await screen.findByRole('link', { name: 'friend20' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    const list = within(await screen.findByRole('list', {}, { timeout: 4000 }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(20));
    expect(screen.queryByText('friend20')).not.toBeInTheDocument();
  });

  it('keeps the page and says why when the server refuses', async () => {
    serveFriendDetails([ben]);
    server.use(
      http.delete(`${FRIENDS}/:friendId`, () =>
        fail(404, 'NOT_FOUND', 'You are not friends with this user.'),
      ),
    );
    const { router } = await renderFriend(11);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User not found, please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/friends/11');
  });
});
