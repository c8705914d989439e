import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';
import { isGuestPath } from './protected-route';

// A guest sees its one room only (docs/guests.md): ProtectedRoute and GuestScopeRoute send it there from anywhere
// else, except its room's screens and its own payment handles.

warmUpRoomPage();

const OTHER_ROOM = '99999999-2222-4333-8444-555555555555';
const guestToken = () => makeToken({ guest_room_id: ROOM_ID, user_email: '' });
const own = `/room/${ROOM_ID}`;

describe('isGuestPath', () => {
  it.each([
    ['/room/r1', 'r1', true],
    ['/room/r1/', 'r1', true],
    ['/room/r1/chat', 'r1', true],
    ['/room/r1/chat/', 'r1', true],
    ['/room/r1/bill/create', 'r1', true],
    ['/room/r1/bill/5/edit', 'r1', true],
    ['/profile/payments', 'r1', true],
    ['/room/a%20b', 'a b', true],
    ['/room/a%20b/chat', 'a b', true],
    ['/room/a b', 'a b', false],
    ['/room/r1/preview', 'r1', false],
    ['/room/r1/edit', 'r1', false],
    ['/room/r1/bill/split', 'r1', false],
    ['/room/r1/chat/more', 'r1', false],
    ['/room/r12', 'r1', false],
    ['/room/r2/chat', 'r1', false],
    ['/', 'r1', false],
    ['/profile', 'r1', false],
    ['/profile/payments/x', 'r1', false],
    ['/friends', 'r1', false],
  ])('%s in room %j: %s', (pathname, roomId, allowed) => {
    expect(isGuestPath(pathname, roomId)).toBe(allowed);
  });
});

describe('a guest in the app', { timeout: 30_000 }, () => {
  it.each(['/', '/friends', '/profile', '/rooms', `/room/${OTHER_ROOM}`, `${own}/preview`, `${own}/edit`])(
    '%s takes the guest to its room',
    async (path) => {
      serveRooms({ rooms: [planRoom({ members: [7, 11] }), planRoom({ id: OTHER_ROOM, name: 'Other' })] });
      const { router } = renderApp(path, { token: guestToken() });
      await waitFor(() => expect(router.state.location.pathname).toBe(own));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' }),
      ).toBeInTheDocument();
      expect(screen.getByText("You're a guest in Picnic in the Park")).toBeInTheDocument();
    },
  );

  it.each([
    [`${own}/chat`, 'Chat'],
    [`${own}/bill/create`, 'Add bill'],
    ['/profile/payments', /Payment/],
  ])('%s stays', async (path, title) => {
    serveRooms({ rooms: [planRoom({ members: [7, 11] })] });
    const { router } = renderApp(path, { token: guestToken() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('an account is not sent anywhere', async () => {
    const { router } = renderApp('/friends', { token: makeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friends' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/friends');
  });

  it("an account opens another room's preview", async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11] })] });
    const { router } = renderApp(`${own}/preview`, { token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Picnic in the Park' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${own}/preview`);
  });
});
