import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGOUT_DELAY_MS } from '@/app/auth/auth-provider';
import { API_BASE } from '@/lib/api-client';
import { REDIRECT_PATH_STORAGE_KEY } from '@/lib/redirect-path';
import { rememberOwnDisplayName } from '@/entities/me/own-display-name';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { MOCK_ROOM_IDS } from '@/mocks/rooms/handlers';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { noTransactions } from '@/features/transactions/testing';
import { serveOwnAccount } from '@/entities/me/testing';

const LOGO_ALT = 'Outing – the joint-invite app';

beforeEach(() => {
  serveRooms();
  // No payments: the panel shows its empty texts.
  server.use(noTransactions());
});

describe('home', () => {
  it('welcomes the user by name', async () => {
    renderApp('/', { token: makeToken({ username: 'zoë' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, zoë!' })).toBeInTheDocument();
  });

  // Issue 37 item 4: people are called by the name they chose, the username only until they choose one.
  it('welcomes by the display name once read, and by it at once on the next visit', async () => {
    serveOwnAccount({ id: 7, username: 'zoë', displayName: 'Zoë Lim' });
    const first = renderApp('/', { token: makeToken({ user_id: 7, username: 'zoë' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë Lim!' })).toBeInTheDocument();
    first.unmount();

    // The next visit, before the name is read again: the remembered one, not the username for a moment.
    let answerSelf: () => void = () => {};
    serveOwnAccount(
      { id: 7, username: 'zoë', displayName: 'Zoë L.' },
      new Promise<void>((resolve) => (answerSelf = resolve)),
    );
    renderApp('/', { token: makeToken({ user_id: 7, username: 'zoë' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë Lim!' })).toBeInTheDocument();
    answerSelf();
    // Renamed on another device: the answer wins.
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë L.!' })).toBeInTheDocument();
  });

  it("does not greet the next person on this device by the last one's name", async () => {
    serveOwnAccount({ id: 7, username: 'zoë', displayName: 'Zoë Lim' });
    const first = renderApp('/', { token: makeToken({ user_id: 7, username: 'zoë' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë Lim!' })).toBeInTheDocument();
    first.unmount();
    renderApp('/', { token: makeToken({ user_id: 8, username: 'sam' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, sam!' })).toBeInTheDocument();
  });

  it('shows the To Pay and To Receive panel with its empty texts', async () => {
    renderApp('/', { token: makeToken() });
    const panel = await screen.findByRole('region', { name: 'Bills' });
    expect(await within(panel).findByRole('region', { name: 'To pay' })).toHaveTextContent('No bills to pay');
    expect(within(panel).getByRole('region', { name: 'To receive' })).toHaveTextContent(
      'No bills to receive',
    );
  });

  it('lists the recent rooms, newest update first, each a tile linking to the room with state from /', async () => {
    const { router } = renderApp('/', { token: makeToken() });
    const carousel = await screen.findByRole('list', { name: 'Recent rooms' });
    const tiles = within(carousel).getAllByRole('link');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      expect.stringContaining("Ben's 30th Birthday"),
      expect.stringContaining('Sunday Football'),
      expect.stringContaining('Lisbon Trip Planning'),
      expect.stringContaining('Board Game Night'),
    ]);
    expect(tiles[1]).toHaveAttribute('href', `/room/${MOCK_ROOM_IDS.football}`);
    expect(tiles[1]!.querySelector('img')).toHaveAttribute('src', '/imgs/sports.png');

    await userEvent.click(tiles[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${MOCK_ROOM_IDS.football}`));
    expect(router.state.location.state).toEqual({ from: '/' });
  });

  it('a tile says Waitlisted or Maybe when the user is not going yet (issue 37), nothing when going', async () => {
    serveRooms({
      rooms: [
        seedRoom({
          id: '11111111-2222-4333-8444-000000000001',
          name: 'Full dinner',
          hostId: 11,
          members: [11, 7],
          rsvps: { 7: 'waitlisted' },
        }),
        seedRoom({
          id: '11111111-2222-4333-8444-000000000002',
          name: 'Maybe picnic',
          hostId: 11,
          members: [11, 7],
          rsvps: { 7: 'maybe' },
        }),
        seedRoom({
          id: '11111111-2222-4333-8444-000000000003',
          name: 'Going bowling',
          hostId: 11,
          members: [11, 7],
        }),
      ],
      invites: [],
    });
    renderApp('/', { token: makeToken() });
    const carousel = await screen.findByRole('list', { name: 'Recent rooms' });
    const tile = (name: string) => within(carousel).getByRole('link', { name: new RegExp(name) });
    expect(within(tile('Full dinner')).getByTestId('room-rsvp-pill')).toHaveTextContent('Waitlisted');
    expect(within(tile('Maybe picnic')).getByTestId('room-rsvp-pill')).toHaveTextContent('Maybe');
    expect(within(tile('Going bowling')).queryByTestId('room-rsvp-pill')).not.toBeInTheDocument();
  });

  it('says there are no rooms when the user has none', async () => {
    serveRooms({ rooms: [], invites: [] });
    renderApp('/', { token: makeToken() });
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent rooms' })).not.toBeInTheDocument();
  });

  it('shows only the first page of rooms (20), with See all leading to the whole list', async () => {
    serveRooms({
      rooms: Array.from({ length: 23 }, (_, i) =>
        seedRoom({
          id: `11111111-2222-4333-8444-${String(100 + i).padStart(12, '0')}`,
          name: `Outing ${i}`,
          updatedMinutesAgo: i + 1,
        }),
      ),
      invites: [],
    });
    renderApp('/', { token: makeToken() });
    const carousel = await screen.findByRole('list', { name: 'Recent rooms' });
    expect(within(carousel).getAllByRole('link')).toHaveLength(20);
    expect(screen.getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/rooms');
  });

  it('shows an error with a retry when the rooms fail to load', async () => {
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Boom.') : ok([]);
      }),
    );
    renderApp('/', { token: makeToken() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your rooms.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
  });

  it('has the quick actions Create Room and Room Invites, the latter with the invite count', async () => {
    renderApp('/', { token: makeToken() });
    const create = await screen.findByRole('link', { name: 'Create room' });
    expect(create).toHaveAttribute('href', '/rooms/create');
    const invites = screen.getByRole('link', { name: /^Room invites/ });
    expect(invites).toHaveAttribute('href', '/rooms/invites');
    expect(await within(invites).findByTestId('quick-action-badge')).toHaveTextContent('2');
  });

  it('hides the invite badge at 0', async () => {
    serveRooms({ invites: [] });
    let counted = false;
    server.use(
      http.get(`${API_BASE}/rooms/invites/count`, () => {
        counted = true;
        return ok({ count: 0 });
      }),
    );
    renderApp('/', { token: makeToken() });
    await waitFor(() => expect(counted).toBe(true));
    await screen.findByRole('list', { name: 'Recent rooms' });
    const invites = screen.getByRole('link', { name: 'Room invites' });
    expect(within(invites).queryByTestId('quick-action-badge')).not.toBeInTheDocument();
  });

  it('asks before logging out: Cancel keeps the session', async () => {
    const { router } = renderApp('/', { token: makeToken() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('shows a spinner while logging out, then goes to /login without saving a path', async () => {
    rememberOwnDisplayName(7, 'Ada Lovelace');
    const { router } = renderApp('/', { token: makeToken({ user_id: 7 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    const started = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('status', { name: 'Logging out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: LOGO_ALT })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
    // The next person on this device is not greeted by this one's name.
    expect(localStorage.getItem('outing.ownDisplayName')).toBeNull();
  });
});
