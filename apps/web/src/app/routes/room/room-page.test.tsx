import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { formatRoomDate } from '@/entities/room/dates';
import { mockRoomDate } from '@/mocks/rooms/handlers';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { ID, ME, OTHER, renderRoom, setUpRoomPage } from './room-page.testing';

setUpRoomPage();

describe('room page: details', { timeout: 30_000 }, () => {
  it('shows the picture with the name, labels, date en-GB, time, description, venue link and attendees', async () => {
    serveRooms({
      rooms: [seedRoom({ hostId: OTHER, members: [OTHER, ME, 12], isPrivate: true, inDays: 5 })],
    });
    renderRoom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' })).toBeInTheDocument();
    expect(screen.getByText('Private event')).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByText(formatRoomDate(mockRoomDate(5)))).toBeInTheDocument();
    // The room's wall clock in the user's locale (en-US here), as every time is written (issue 37).
    expect(screen.getByText('12:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Bring a blanket.')).toBeInTheDocument();
    // The venue's own link (Directions to it is a second link naming it).
    const venue = screen.getByRole('link', { name: /^Hyde Park/ });
    expect(venue).toHaveAttribute('href', expect.stringContaining('Hyde%20Park'));
    expect(venue).toHaveAttribute('target', '_blank');
    expect(venue).toHaveAttribute('rel', expect.stringContaining('noopener'));

    // The guests open on those going (issue #20): everyone who joined, the host first and marked.
    const attendees = await screen.findByRole('list', { name: 'Attendees going' });
    const rows = within(attendees).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('ben_k');
    expect(attendees).toHaveTextContent(/\S \(you\)/);
    expect(within(rows[0]!).getByText('Host')).toBeInTheDocument();
    expect(rows.filter((row) => within(row).queryByText('Host'))).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Guests' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Going (3)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows no description row without one (not 'N/A', issue 37), 'Public event', and 'Passed' for a past date", async () => {
    serveRooms({ rooms: [seedRoom({ description: '', inDays: -2 })] });
    renderRoom();
    await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Details' });
    expect(within(info).queryByText('Description')).not.toBeInTheDocument();
    expect(screen.getByText('Public event')).toBeInTheDocument();
    expect(screen.getByText('Passed')).toBeInTheDocument();
  });

  it('back goes where the user came from, or home without navigation state', async () => {
    serveRooms({ rooms: [seedRoom()] });
    const { router } = renderApp(`/room/${ID}`, { token: makeToken() });
    await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says when the room does not exist', async () => {
    serveRooms({ rooms: [] });
    renderRoom();
    expect(await screen.findByText('Room not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});

describe('room page: close and leave', { timeout: 30_000 }, () => {
  it.each([
    [409, 'Server says no.', 'CONFLICT' as const],
    [403, 'You are not the host of this room!', 'NOT_HOST' as const],
    [404, 'Room not found!', 'NOT_FOUND' as const],
    [500, 'An error occurred, please try again later.', 'INTERNAL' as const],
  ])('closing answered %s shows %j and keeps the room', async (status, text, code) => {
    serveRooms({ rooms: [seedRoom()] });
    server.use(http.patch(`${API_BASE}/rooms/:id/close`, () => fail(status, code, 'Server says no.')));
    const { router } = renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Close room' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close room' }),
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${ID}`);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Cancel keeps the room open and calls nothing', async () => {
    const closes: string[] = [];
    serveRooms({ rooms: [seedRoom()] });
    server.use(
      http.patch(`${API_BASE}/rooms/:id/close`, ({ params }) => {
        closes.push(String(params.id));
      }),
    );
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Close room' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(closes).toEqual([]);
  });
});

describe('room page: notifications about the room', { timeout: 30_000 }, () => {
  it('a member opening the page reads the room’s informational notifications (read-all with its id)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API_BASE}/notifications/read-all`, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER, ME] })] });
    renderRoom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ roomId: ID }]));
  });

  it('a visitor who is not a member reads nothing', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API_BASE}/notifications/read-all`, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER, 12] })] });
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodies).toEqual([]);
  });
});
