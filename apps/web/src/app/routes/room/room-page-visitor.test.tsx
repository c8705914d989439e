import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { actions, OTHER, renderRoom, setUpRoomPage } from './room-page.testing';

setUpRoomPage();

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
