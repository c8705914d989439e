import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { formatRoomDate } from '@/entities/room/dates';
import { mockRoomDate } from '@/mocks/rooms/handlers';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { warmUpRoomPage } from '@/test/room-plans';
import { setTestLanguage } from '@/test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

warmUpRoomPage();

const ID = '11111111-2222-4333-8444-555555555555';
const ME = 7;
const OTHER = 11;

function renderRoom(search = '', state: unknown = { from: '/rooms' }) {
  return renderApp({ pathname: `/room/${ID}`, search, state }, { token: makeToken() });
}

const actions = () => screen.findByRole('navigation', { name: 'Room actions' });
const buttonNames = (nav: HTMLElement) =>
  Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent?.trim());

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
    expect(screen.getByText('12:30')).toBeInTheDocument();
    expect(screen.getByText('Bring a blanket.')).toBeInTheDocument();
    const venue = screen.getByRole('link', { name: /Hyde Park/ });
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

  it("says 'N/A' without a description, 'Public event', and 'Passed' for a past date", async () => {
    serveRooms({ rooms: [seedRoom({ description: '', inDays: -2 })] });
    renderRoom();
    await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });
    expect(screen.getByText('N/A')).toBeInTheDocument();
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

describe('room page: a visitor who is not a member', { timeout: 30_000 }, () => {
  it('sees the room info and a Join button, not the members-only parts', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER, 12] })] });
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(screen.getByText('Bring a blanket.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Room actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Attendees/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave room' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('list', { name: /Attendees/ })).toHaveTextContent('ada');
    expect(await screen.findByText('You joined Picnic in the Park!')).toBeInTheDocument();
  });

  it('with ?join=true is asked to join; Yes joins and shows the room as a member', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER], isPrivate: true })] });
    const { router } = renderRoom('?join=true');
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to join this room?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const attendees = await screen.findByRole('list', { name: /Attendees/ });
    expect(within(attendees).getByText('ada')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Leave room' })).toBeInTheDocument();
  });

  it('No closes the modal and leaves the visitor outside', async () => {
    const joins: string[] = [];
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER] })] });
    server.use(
      http.patch(`${API_BASE}/rooms/:id/join`, ({ params }) => {
        joins.push(String(params.id));
      }),
    );
    renderRoom('?join=true');
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to join this room?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(joins).toEqual([]);
  });

  it("Yes answered 409 says 'User already in room!'", async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER] })] });
    server.use(
      http.patch(`${API_BASE}/rooms/:id/join`, () => fail(409, 'CONFLICT', 'User already in room!')),
    );
    renderRoom('?join=true');
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to join this room?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('User already in room!')).toBeInTheDocument();
  });

  it('is not asked when already a member', async () => {
    serveRooms({ rooms: [seedRoom()] });
    renderRoom('?join=true');
    await actions();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('room page: close and leave', { timeout: 30_000 }, () => {
  it('the host closes after confirming; the room leaves the lists', async () => {
    serveRooms({ rooms: [seedRoom()] });
    const { router } = renderApp('/rooms', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: /Picnic in the Park/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close room' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Close Picnic in the Park?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Room closed')).toBeInTheDocument();
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
    await router.navigate('/rooms');
    // Home shows the same empty text: wait for the /rooms screen itself before looking for it there.
    const roomsScreen =
      (await screen.findByRole('heading', { level: 1, name: 'Rooms' })).closest('main') ?? document.body;
    expect(
      await within(roomsScreen as HTMLElement).findByText('No rooms to display. Go create or join one!'),
    ).toBeInTheDocument();
  });

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

  it('a member leaves after confirming and goes home', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER, ME] })] });
    const { router } = renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave room' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave room' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
  });

  it('leaving while something is owed shows the server’s sentence naming it', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER, ME] })], unconsolidatedBills: [ID] });
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave room' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave room' }),
    );
    expect(
      await screen.findByText('You can leave once you are square here: you owe $12.00 to chloe.'),
    ).toBeInTheDocument();
  });
});

describe('room page: the Money section (issue #18)', { timeout: 30_000 }, () => {
  const BOARD_GAMES = 'a4d3f1c2-9e5b-4cad-b3a4-4d5e6f7a8b04';

  it('shows every member the room’s bills, their net and who pays whom (mock mode’s fixed figures)', async () => {
    // The mock mode's own rooms and bills: ada (7) is a member of Board Game Night, hosted by chloe.
    renderApp(`/room/${BOARD_GAMES}`, { token: makeToken() });
    const money = await screen.findByRole('region', { name: /^Money/ });
    const bills = await within(money).findByRole('list', { name: 'Bills of this room' });
    expect(
      within(bills)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split('$')[0]),
    ).toEqual(['Taxi home', 'Table booking', 'Pizza', 'Snacks and crisps']);
    expect(within(money).getByLabelText('Your money in this room')).toHaveTextContent('You paid$42.00');
    expect(within(money).getAllByTestId('transfer').length).toBeGreaterThan(0);
    expect(within(money).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    // Settle up is the host's (chloe's).
    expect(within(money).queryByRole('button', { name: 'Tell everyone' })).not.toBeInTheDocument();
  });

  it('is not shown to a visitor who is not a member', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: OTHER, members: [OTHER] })] });
    renderRoom();
    await screen.findByRole('region', { name: 'Join' });
    expect(screen.queryByRole('region', { name: /^Money/ })).not.toBeInTheDocument();
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
