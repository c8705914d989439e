import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeToken } from '../../../test/tokens';
import { createNotificationsHandlers, type NotificationSeed } from '../api/mocks';

const MARK_READ = `${API_BASE}/users/:id/notifications/:notificationId`;

const seed: NotificationSeed[] = [
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
  server.use(...createNotificationsHandlers(seed));
  server.use(
    http.get(`${API_BASE}/notifications`, () => {
      listCalls += 1;
    }),
  );
});

async function renderNotifications() {
  renderApp('/notifications', { token: makeToken() });
  return within(await screen.findByRole('list', { name: 'Your notifications' }));
}

const row = (list: ReturnType<typeof within>, title: string) => list.getByText(title).closest('li')!;

describe('notifications', () => {
  it("says 'No notifications found' when there are none", async () => {
    server.use(...createNotificationsHandlers([]));
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
});
