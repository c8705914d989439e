import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { guestUrl, serveGuestLink } from '@/features/guest-access/testing';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

// The host's share sheet (issue 35): the room link, and the guest link turned on, copied, shared and turned off.
// A member who is not the host keeps the device's share sheet (room-page-share.test.tsx).

warmUpRoomPage();

const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });
const roomUrl = `${window.location.origin}/room/${ROOM_ID}`;
const SWITCH = 'Anyone with this link can join as a guest';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: 'Share this outing' });
}

describe('room page: the host’s share sheet', { timeout: 30_000 }, () => {
  it('turns the guest link on, shows and copies its url, and turns it off', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    const link = serveGuestLink(null);
    renderRoom();
    const sheet = await openSheet(user);

    const toggle = await within(sheet).findByRole('switch', { name: SWITCH });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(sheet).getByText('Guests join with just a name, no account.')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('guest-link-url')).not.toBeInTheDocument();

    await user.click(toggle);
    const url = guestUrl('AbCdEfGhIjKlMnOpQrStUv');
    expect(await within(sheet).findByTestId('guest-link-url')).toHaveTextContent(url);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(link.calls).toEqual(['GET', 'POST']);
    expect(within(sheet).getByText(/Guests already in stay\./)).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Copy guest link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(within(sheet).queryByTestId('guest-link-url')).not.toBeInTheDocument();
    expect(await screen.findByText('Guest link is off. Guests already in stay.')).toBeInTheDocument();
    expect(link.calls).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('reads a link that is on, shares it through the device, and makes a new one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    serveRooms({ rooms: [planRoom()] });
    const old = guestUrl('OldOldOldOldOldOldOldOld');
    const link = serveGuestLink({ url: old });
    renderRoom();
    const sheet = await openSheet(user);
    expect(await within(sheet).findByTestId('guest-link-url')).toHaveTextContent(old);
    expect(within(sheet).getByRole('switch', { name: SWITCH })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(sheet).getByRole('button', { name: 'Share guest link' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Picnic in the Park',
      text: 'Join Picnic in the Park as a guest, no account needed',
      url: old,
    });

    await user.click(within(sheet).getByRole('button', { name: 'New link' }));
    expect(await within(sheet).findByTestId('guest-link-url')).toHaveTextContent(
      guestUrl('AbCdEfGhIjKlMnOpQrStUv'),
    );
    expect(link.calls).toEqual(['GET', 'POST']);
  });

  it('the room link row shares and copies the room’s link', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    serveGuestLink(null);
    renderRoom();
    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(roomUrl);

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(within(sheet).getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Picnic in the Park', url: roomUrl }),
    );
  });

  it('the switch toggles with Space; Esc closes the sheet with focus back on Share', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    const link = serveGuestLink(null);
    renderRoom();
    const shareButton = await screen.findByRole('button', { name: 'Share' });
    const sheet = await openSheet(user);
    const toggle = await within(sheet).findByRole('switch', { name: SWITCH });
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(link.calls).toEqual(['GET', 'POST']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shareButton).toHaveFocus();
  });

  it('says when the link cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    serveGuestLink(null);
    // The first read fails (msw's latest `use` answers first), the next is served.
    server.use(
      http.get(`${API_BASE}/rooms/:id/guest-link`, () => fail(500, 'INTERNAL', 'Oops.'), { once: true }),
    );
    renderRoom();
    const sheet = await openSheet(user);
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Could not load the guest link.');
    await user.click(within(sheet).getByRole('button', { name: 'Try again' }));
    expect(await within(sheet).findByRole('switch', { name: SWITCH })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('says why turning it on was refused (a closed room), in the reasons’ words', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    serveGuestLink(null);
    server.use(
      http.post(`${API_BASE}/rooms/:id/guest-link`, () =>
        fail(409, 'CONFLICT', 'Room is closed.', undefined, { body: { reason: 'ROOM_CLOSED' } }),
      ),
    );
    renderRoom();
    const sheet = await openSheet(user);
    await user.click(await within(sheet).findByRole('switch', { name: SWITCH }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('This room is closed.');
    expect(within(sheet).getByRole('switch', { name: SWITCH })).toHaveAttribute('aria-checked', 'false');
  });

  it('the More menu’s Share opens the sheet too', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom()] });
    serveGuestLink(null);
    renderRoom();
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this outing' });
    expect(await within(sheet).findByRole('switch', { name: SWITCH })).toBeInTheDocument();
  });

  it('a member who is not the host gets no sheet and no guest link', async () => {
    const user = userEvent.setup();
    serveRooms({ rooms: [planRoom({ hostId: 11 })] });
    const link = serveGuestLink(null);
    renderRoom();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: SWITCH })).not.toBeInTheDocument();
    expect(link.calls).toEqual([]);
  });
});
