import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { actions, ID, ME, OTHER, renderRoom, setUpRoomPage } from './room-page.testing';

setUpRoomPage();

const buttonNames = (nav: HTMLElement) =>
  Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent?.trim());

describe('room page: buttons (docs/product.md#room-actions)', { timeout: 30_000 }, () => {
  it.each([
    // host, private, consolidated → expected buttons. One Add bill whatever a Settle up did (issue 33: one live
    // ledger, no Split bill); Invite for anyone in a public room, the host in a private one.
    [true, false, false, ['Add bill', 'Chat', 'Invite friends']],
    [true, true, false, ['Add bill', 'Chat', 'Invite friends']],
    [true, false, true, ['Add bill', 'Chat', 'Invite friends']],
    [true, true, true, ['Add bill', 'Chat', 'Invite friends']],
    [false, false, false, ['Add bill', 'Chat', 'Invite friends']],
    [false, true, false, ['Add bill', 'Chat']],
    [false, false, true, ['Add bill', 'Chat', 'Invite friends']],
    [false, true, true, ['Add bill', 'Chat']],
  ])('host %s, private %s, consolidated %s: %j', async (isHost, isPrivate, consolidated, expected) => {
    const hostId = isHost ? ME : OTHER;
    serveRooms({
      rooms: [seedRoom({ hostId, members: [hostId, isHost ? OTHER : ME], isPrivate })],
      consolidated: consolidated ? [ID] : [],
    });
    let statusAsked = false;
    server.use(
      http.get(`${API_BASE}/bills/consolidate/:roomId`, () => {
        statusAsked = true;
      }),
    );
    renderRoom();
    const nav = await actions();
    // The bill buttons depend on the answer: judge only once it has arrived.
    await waitFor(() => expect(statusAsked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await waitFor(() => expect(buttonNames(nav)).toEqual(expected));
    // Under the actions, in the render after them (room-page.tsx, memberBelow).
    expect(
      await screen.findByRole('button', { name: isHost ? 'Close room' : 'Leave room' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: isHost ? 'Leave room' : 'Close room' }),
    ).not.toBeInTheDocument();
    if (isHost)
      expect(screen.getByRole('link', { name: 'Edit room' })).toHaveAttribute('href', `/room/${ID}/edit`);
    else expect(screen.queryByRole('link', { name: 'Edit room' })).not.toBeInTheDocument();
  });

  it('treats a 404 from the bills status as not consolidated', async () => {
    serveRooms({ rooms: [seedRoom()] });
    server.use(http.get(`${API_BASE}/bills/consolidate/:roomId`, () => fail(404, 'NOT_FOUND', 'Not found.')));
    renderRoom();
    const nav = await actions();
    expect(await within(nav).findByRole('link', { name: 'Add bill' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Split bill' })).not.toBeInTheDocument();
  });

  it('Add bill carries attendees, room name and user id; Chat links to its screen', async () => {
    serveRooms({ rooms: [seedRoom()] });
    const { router } = renderRoom();
    const nav = await actions();
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/room/${ID}/chat`);
    await userEvent.click(await within(nav).findByRole('link', { name: 'Add bill' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ID}/bill/create`));
    expect(router.state.location.state).toMatchObject({
      roomName: 'Picnic in the Park',
      userId: ME,
      attendees: [expect.objectContaining({ id: ME }), expect.objectContaining({ id: OTHER })],
    });
  });

  it('the edit icon carries the room to the edit screen', async () => {
    serveRooms({ rooms: [seedRoom()] });
    const { router } = renderRoom();
    await userEvent.click(await screen.findByRole('link', { name: 'Edit room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ID}/edit`));
    expect(router.state.location.state).toMatchObject({ room: expect.objectContaining({ id: ID }) });
  });
});
