import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { OTHER, renderRoom, setUpRoomPage } from './room-page.testing';

setUpRoomPage();

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
