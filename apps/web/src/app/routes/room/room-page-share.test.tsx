import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { catchDownloads, readText } from '@/test/downloads';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });
const roomUrl = `${window.location.origin}/room/${ROOM_ID}`;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

// A member who is not the host shares through the device's sheet or copies the link; the host of an open room gets
// the app's share sheet with the guest link instead (room-page-share-guest-link.test.tsx).
const memberRoom = () => planRoom({ hostId: 11 });

describe('room page: share (a member, not the host)', { timeout: 30_000 }, () => {
  it('uses the share sheet when the device has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    serveRooms({ rooms: [memberRoom()] });
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Picnic in the Park',
      text: expect.stringContaining('Hyde Park'),
      url: roomUrl,
    });
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies the link without one, and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    serveRooms({ rooms: [memberRoom()] });
    renderRoom();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(roomUrl);
  });

  it('the More menu shares too, and closes with Esc back on its button', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    serveRooms({ rooms: [memberRoom()] });
    renderRoom();
    const more = await screen.findByRole('button', { name: 'More actions' });
    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Add to calendar', 'Google Calendar', 'Outlook', 'Directions', 'Share']);
    // The calendars' and the map's own pages, in a new tab, as on the room page (issue 37).
    for (const [name, start] of [
      [/^Add to Google Calendar/, 'https://calendar.google.com/calendar/render?action=TEMPLATE'],
      [/Outlook/, 'https://outlook.live.com/calendar/'],
      [/^Directions to /, 'https://www.google.com/maps/dir/?api=1&destination='],
    ] as const) {
      const link = within(menu).getByRole('menuitem', { name });
      expect(link).toHaveAttribute('href', expect.stringContaining(start));
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(within(menu).getByRole('menuitem', { name: 'Add to calendar' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});

describe('room page: add to calendar', { timeout: 30_000 }, () => {
  it('downloads the room’s .ics with the token, named after the room', async () => {
    const downloads = catchDownloads();
    let authorization: string | null = null;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/calendar.ics')) authorization = request.headers.get('Authorization');
    });
    serveRooms({ rooms: [planRoom()] });
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('Picnic in the Park.ics');
    expect(await readText(downloads[0]!.blob!)).toMatch(/^BEGIN:VCALENDAR/);
    expect(authorization).toMatch(/^Bearer /);
    expect(await screen.findByText(/Calendar file downloaded/)).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('the More menu downloads it too', async () => {
    const downloads = catchDownloads();
    serveRooms({ rooms: [planRoom()] });
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to calendar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
  });

  it('says clearly when the download fails, and saves nothing', async () => {
    const downloads = catchDownloads();
    serveRooms({ rooms: [planRoom()] });
    server.use(http.get(`${API_BASE}/rooms/:id/calendar.ics`, () => fail(500, 'INTERNAL', 'Oops.')));
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(
      await screen.findByText('Could not download the calendar file. Please try again.'),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('is not offered to a visitor who is not a member', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11] })] });
    renderRoom();
    await screen.findByRole('region', { name: 'Join' });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    // No calendar entry for a visitor; the way there, yes.
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Directions', 'Share']);
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
