import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { setTestLanguage } from '@/test/i18n';
import { serveRooms } from '@/features/rooms/testing';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { guestUser, serveGuestRemoval } from '../testing';

// The host removes a guest from the room page's guest list (issue 35): a confirmation, DELETE
// /rooms/{id}/guests/{userId}, the lists read again; a guest who still owes or is owed is refused (409 NET_NOT_ZERO).

warmUpRoomPage();

const MEI = guestUser(50, 'Mei');
const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });
/** The room (hosted by `hostId`) with ben (11), the test user (7) and Mei, a guest. */
const serveWithGuest = (hostId = 7) =>
  serveRooms({ people: [MEI], rooms: [planRoom({ hostId, members: [7, 11, MEI.id] })] });
const goingList = () => screen.findByRole('list', { name: 'Attendees going' });

describe('room page: the host removes a guest', { timeout: 30_000 }, () => {
  it('marks the guest, asks first, removes them and reads the list again', async () => {
    const user = userEvent.setup();
    const world = serveWithGuest();
    const asked = serveGuestRemoval(world);
    renderRoom();
    const list = await goingList();
    const row = within(list).getByText('Mei').closest('li')!;
    expect(row).toHaveTextContent(/Mei, ?guest/);
    // Only the guest's row has Remove: accounts are never removed.
    expect(within(list).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Remove Mei' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Mei from this outing?' });
    expect(dialog).toHaveTextContent('They can no longer open it.');
    // Cancel has the focus: nothing is removed by a stray Enter.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Mei was removed')).toBeInTheDocument();
    expect(asked).toEqual([MEI.id]);
    await waitFor(() => expect(within(list).queryByText('Mei')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Cancel removes nobody', async () => {
    const user = userEvent.setup();
    const world = serveWithGuest();
    const asked = serveGuestRemoval(world);
    renderRoom();
    const list = await goingList();
    await user.click(within(list).getByRole('button', { name: 'Remove Mei' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(within(list).getByText('Mei')).toBeInTheDocument();
  });

  it('a guest who still owes or is owed stays, and the refusal says so from its reason', async () => {
    const user = userEvent.setup();
    const world = serveWithGuest();
    const asked = serveGuestRemoval(world, {
      status: 409,
      reason: 'NET_NOT_ZERO',
      message: 'Mei still owes or is owed money in this room; settle up first.',
    });
    renderRoom();
    const list = await goingList();
    await user.click(within(list).getByRole('button', { name: 'Remove Mei' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        'Mei still owes or is owed money in this outing: settle up first, then remove them.',
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([MEI.id]);
    expect(within(list).getByText('Mei')).toBeInTheDocument();
  });

  it('says the refusal in Chinese too', async () => {
    setTestLanguage('zh');
    const user = userEvent.setup();
    const world = serveWithGuest();
    serveGuestRemoval(world, {
      status: 409,
      reason: 'NET_NOT_ZERO',
      message: 'Mei still owes or is owed money in this room; settle up first.',
    });
    renderRoom();
    await user.click(await screen.findByRole('button', { name: '移除Mei' }));
    const dialog = await screen.findByRole('alertdialog', { name: '要把Mei移出这次活动吗？' });
    await user.click(within(dialog).getByRole('button', { name: '移除' }));
    expect(await screen.findByText('Mei在这次活动中还有未结清的账，请先结清再移除。')).toBeInTheDocument();
    expect(screen.queryByText(/settle up first/)).not.toBeInTheDocument();
  });

  it('a member who is not the host sees the guest mark but no Remove', async () => {
    serveWithGuest(11);
    renderRoom();
    const list = await goingList();
    expect(within(list).getByText('Mei').closest('li')).toHaveTextContent(/Mei, ?guest/);
    expect(screen.queryByRole('button', { name: 'Remove Mei' })).not.toBeInTheDocument();
  });
});
