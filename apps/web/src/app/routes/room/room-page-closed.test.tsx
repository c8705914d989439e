import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

const ID = '11111111-2222-4333-8444-555555555555';

describe('room page: a closed room (past outing)', { timeout: 30_000 }, () => {
  it('says the outing is over and stays readable, with the chat as its only action', async () => {
    serveRooms({ rooms: [seedRoom({ isClosed: true, hostId: 7, members: [7, 11] })] });
    const { router } = renderApp(`/room/${ID}`, { token: makeToken() });
    const over = await screen.findByRole('region', { name: 'This outing is over' });
    expect(over).toHaveTextContent('what is still owed can be paid and confirmed');
    // Details, attendees and the Money section are still there.
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('Closed');
    expect(await screen.findByRole('list', { name: /Attendees/ })).toHaveTextContent('ben_k');
    expect(await screen.findByRole('region', { name: /^Money/ })).toBeInTheDocument();
    // Nothing that changes the room: no bill, split, invite, edit, join, close or leave.
    const nav = within(over).getByRole('navigation', { name: 'Room actions' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Chat']);
    for (const name of [
      /Add bill/,
      /Split bill/,
      /Invite friends/,
      /Add bill/,
      /Settle up/i,
      /Edit/,
      /^Join$/,
    ])
      expect(screen.queryByRole('link', { name }) ?? screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close room' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave room' })).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ID}/chat`));
  });
});
