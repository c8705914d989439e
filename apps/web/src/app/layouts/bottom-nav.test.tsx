import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveNotifications, type TestNotification } from '@/features/notifications/testing';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';

const note = (id: number, isRead: boolean): TestNotification => ({
  id,
  title: 'Friend request',
  content: 'sophie_r sent you a friend request.',
  isRead,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  kind: 'friend_request',
  url: '/friends/requests',
});

/** Heroicons' solid icons are filled; the outline ones are stroked. */
function iconStyle(link: HTMLElement): 'solid' | 'outline' {
  const svg = link.querySelector('svg');
  if (!svg) throw new Error('no icon');
  return svg.getAttribute('fill') === 'none' && svg.getAttribute('stroke') === 'currentColor'
    ? 'outline'
    : 'solid';
}

const TABS = ['Home', 'Explore', 'Notifications', 'Profile'];

async function renderTab(path: string) {
  const view = renderApp(path, { token: makeToken() });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  // "Notifications" or "Notifications, 3 unread".
  const link = (name: string) => within(nav).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });
  return { ...view, link };
}

describe('bottom navigation', () => {
  it.each([
    ['/', 'Home'],
    ['/explore', 'Explore'],
    ['/profile', 'Profile'],
    ['/notifications', 'Notifications'],
  ])('on %s marks %s as current with a solid icon, the others outline', async (path, active) => {
    const { link } = await renderTab(path);
    for (const name of TABS) {
      if (name === active) {
        expect(link(name)).toHaveAttribute('aria-current', 'page');
        expect(iconStyle(link(name))).toBe('solid');
      } else {
        expect(link(name)).not.toHaveAttribute('aria-current');
        expect(iconStyle(link(name))).toBe('outline');
      }
    }
  });

  it('shows Home, Explore, Notifications and Profile in that order, each named in words', async () => {
    await renderTab('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent?.replace(/\d+/g, ''))).toEqual(TABS);
  });

  describe('unread badge', () => {
    beforeEach(() => {
      FakeWebSocket.reset();
      setRealtimeSocketClass(FakeWebSocket);
    });
    afterEach(() => setRealtimeSocketClass(undefined));

    it('shows the unread count on Notifications, in its name too, and none at 0', async () => {
      serveNotifications([note(1, false), note(2, false), note(3, false), note(4, true)]);
      const { link } = await renderTab('/explore');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(await within(nav).findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
      expect(within(link('Notifications')).getByTestId('notifications-badge')).toHaveTextContent('3');
    });

    it('shows no badge when everything is read', async () => {
      serveNotifications([note(1, true)]);
      const { link } = await renderTab('/explore');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(link('Notifications')).toHaveAccessibleName('Notifications');
      expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    });

    it('rises with a NOTIFICATION frame and drops with NOTIFICATIONS_READ, without a reload', async () => {
      const seed = [note(1, false)];
      serveNotifications(seed);
      await renderTab('/explore');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      await within(nav).findByRole('link', { name: 'Notifications, 1 unread' });
      await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
      const socket = FakeWebSocket.latest();
      act(() => socket.open());

      // The server now has a second unread one, and says so on the socket.
      serveNotifications([note(2, false), ...seed]);
      act(() =>
        socket.receive({
          type: 'NOTIFICATION',
          data: { ...note(2, false), userId: 7 },
        }),
      );
      expect(await within(nav).findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

      // Read on another device.
      act(() => socket.receive({ type: 'NOTIFICATIONS_READ', data: { ids: [], all: true, unread: 0 } }));
      expect(await within(nav).findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
      expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    });
  });

  it('keeps Explore current with a search in the URL', async () => {
    const { link } = await renderTab('/explore?q=park');
    expect(link('Explore')).toHaveAttribute('aria-current', 'page');
  });

  it('links to /, /explore, /profile and /notifications, passing state from /', async () => {
    const { link, router } = await renderTab('/');
    expect(link('Home')).toHaveAttribute('href', '/');
    expect(link('Explore')).toHaveAttribute('href', '/explore');
    expect(link('Profile')).toHaveAttribute('href', '/profile');
    expect(link('Notifications')).toHaveAttribute('href', '/notifications');

    await userEvent.click(link('Notifications'));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(router.state.location.state).toEqual({ from: '/' });
    expect(link('Notifications')).toHaveAttribute('aria-current', 'page');
  });

  it.each(['/rooms', '/room/r1/chat', '/profile/edit'])(
    'is not shown on %s, which has a back button',
    async (path) => {
      renderApp(path, { token: makeToken() });
      expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );

  it('is not shown on public routes', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
