import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { serveNotifications, type TestNotification } from '../testing';

const MARK_READ = `${API_BASE}/users/:id/notifications/:notificationId`;

const seed: TestNotification[] = [
  {
    id: 2,
    title: 'Friend request',
    content: 'sophie_r sent you a friend request.',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  },
  {
    id: 1,
    title: 'Settled',
    content: 'felix paid you $25.00!',
    isRead: true,
    createdAt: '2024-03-03T10:00:00.000Z',
  },
];

let listCalls = 0;

beforeEach(() => {
  listCalls = 0;
  serveNotifications(seed);
  server.use(
    http.get(`${API_BASE}/notifications`, () => {
      listCalls += 1;
    }),
    http.get(`${API_BASE}/notifications/unread-count`, () => undefined),
  );
});

async function renderNotifications() {
  renderApp('/notifications', { token: makeToken() });
  return within(await screen.findByRole('list', { name: 'Your notifications' }));
}

const row = (list: ReturnType<typeof within>, title: string) => list.getByText(title).closest('li')!;

describe('notifications', () => {
  it("says 'No notifications found' when there are none", async () => {
    serveNotifications([]);
    renderApp('/notifications', { token: makeToken() });
    expect(await screen.findByText('No notifications found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows title, content and date; only unread ones are marked and carry the tick', async () => {
    const list = await renderNotifications();
    const unread = row(list, 'Friend request');
    const read = row(list, 'Settled');
    expect(unread).toHaveTextContent('sophie_r sent you a friend request.');
    expect(unread).toHaveTextContent('5 minutes ago');
    expect(unread).toHaveTextContent('Unread:');
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(within(unread).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(read).toHaveTextContent('3 Mar 2024');
    expect(read).not.toHaveTextContent('Unread:');
    expect(within(read).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('the tick marks it read on the server and flips the row without a refetch', async () => {
    const marked: string[] = [];
    server.use(
      http.patch(MARK_READ, ({ params }) => {
        marked.push(`${String(params.id)}/${String(params.notificationId)}`);
      }),
    );
    const list = await renderNotifications();
    const unread = row(list, 'Friend request');
    await userEvent.click(within(unread).getByRole('button', { name: 'Mark as read' }));

    expect(within(unread).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(unread).toHaveAttribute('data-read', 'true');
    await waitFor(() => expect(marked).toEqual(['7/2']));
    expect(screen.getByText('All caught up')).toBeInTheDocument();
    expect(listCalls).toBe(1);
  });

  it("shows 'Error occurred, please try again later.' when marking fails, and keeps it unread", async () => {
    server.use(http.patch(MARK_READ, () => fail(500, 'INTERNAL', 'Something went wrong.')));
    const list = await renderNotifications();
    await userEvent.click(within(row(list, 'Friend request')).getByRole('button', { name: 'Mark as read' }));

    expect(await screen.findByText('Error occurred, please try again later.')).toBeInTheDocument();
    const unread = row(list, 'Friend request');
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(within(unread).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/notifications`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : ok([]);
      }),
    );
    renderApp('/notifications', { token: makeToken() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your notifications.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No notifications found')).toBeInTheDocument();
  });

  it('a tap marks it read and opens where it leads', async () => {
    const marked: string[] = [];
    serveNotifications([
      {
        ...seed[0]!,
        kind: 'friend_request',
        url: '/friends/requests',
        subjectState: 'pending',
        resolved: false,
      },
    ]);
    server.use(
      http.patch(MARK_READ, ({ params }) => {
        marked.push(String(params.notificationId));
      }),
    );
    const { router } = renderApp('/notifications', { token: makeToken() });
    const list = within(await screen.findByRole('list', { name: 'Your notifications' }));
    await userEvent.click(list.getByRole('link', { name: /sophie_r sent you a friend request/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends/requests'));
    await waitFor(() => expect(marked).toEqual(['2']));
  });

  it('a resolved one says what became of it instead of asking, and is styled as read', async () => {
    serveNotifications([
      {
        ...seed[0]!,
        isRead: true,
        kind: 'friend_request',
        url: '/friends/requests',
        subjectState: 'accepted',
        resolved: true,
      },
      {
        id: 3,
        title: 'Bills consolidated',
        content: 'You owe dev_patel $18.40 for “Camden brunch”.',
        isRead: false,
        createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
        kind: 'bills_consolidated',
        url: '/room/r1',
        subjectState: 'unpaid',
        resolved: false,
      },
    ]);
    const list = await renderNotifications();
    const request = row(list, 'Friend request');
    expect(request).toHaveAttribute('data-resolved', 'true');
    expect(request).toHaveTextContent('Accepted');
    const debt = row(list, 'Bills consolidated');
    expect(debt).toHaveAttribute('data-resolved', 'false');
    expect(within(debt).queryByTestId('notification-resolved')).not.toBeInTheDocument();
  });

  it('"Mark all as read" reads every one on the server and empties the badge', async () => {
    let calls = 0;
    server.use(
      http.post(`${API_BASE}/notifications/read-all`, () => {
        calls += 1;
      }),
    );
    const list = await renderNotifications();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(row(list, 'Friend request')).toHaveAttribute('data-read', 'true');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
  });

  it('loads older ones page by page (keyset), each once, until the last', async () => {
    const many: TestNotification[] = Array.from({ length: 45 }, (_, i) => ({
      id: 100 - i,
      title: `Note ${100 - i}`,
      content: 'c',
      isRead: true,
      createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    }));
    const cursors: (string | null)[] = [];
    serveNotifications(many);
    server.use(
      http.get(`${API_BASE}/notifications`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect(query.get('limit')).toBe('20');
        cursors.push(query.get('cursor'));
      }),
    );
    const list = await renderNotifications();
    expect(list.getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, '81', '61']);
    expect(new Set(list.getAllByRole('listitem').map((li) => li.textContent)).size).toBe(45);
  });

  it('a NOTIFICATIONS_READ frame (another device, or the request answered) flips the row and the count', async () => {
    FakeWebSocket.reset();
    setRealtimeSocketClass(FakeWebSocket);
    try {
      const list = await renderNotifications();
      expect(row(list, 'Friend request')).toHaveAttribute('data-read', 'false');
      await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
      const socket = FakeWebSocket.latest();
      act(() => socket.open());
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      // The server has it read now (a re-fetch must agree).
      serveNotifications([{ ...seed[0]!, isRead: true }, seed[1]!]);
      act(() => socket.receive({ type: 'NOTIFICATIONS_READ', data: { ids: [2], all: false, unread: 0 } }));
      await waitFor(() => expect(row(list, 'Friend request')).toHaveAttribute('data-read', 'true'));
      expect(await screen.findByText('All caught up')).toBeInTheDocument();
    } finally {
      setRealtimeSocketClass(undefined);
    }
  });
});
