// The host's guest link and removing a guest against the real server (src/test/real-server.ts; issue 35,
// docs/api/README.md#guests). The msw side (room-page-share-guest-link.test.tsx, features/guest-access's
// remove-guest.test.tsx) keeps the refusals, the keyboard and who sees what.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createGuest } from '../../../../../server/src/test/guests';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();
const SWITCH = 'Anyone with this link can join as a guest';

describe('room page: the guest link and guests, against the real server', () => {
  it('the host turns the guest link on, sees its /g/ url, and turns it off', async () => {
    const user = userEvent.setup();
    const host = await server.user();
    const { room } = await server.room(host, { name: 'Picnic in the Park' });

    server.render(`/room/${room.id}`, host);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this outing' });
    const toggle = await within(sheet).findByRole('switch', { name: SWITCH });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    const shown = await within(sheet).findByTestId('guest-link-url');
    expect(shown.textContent).toMatch(new RegExp(`^${server.url}/g/[A-Za-z0-9_-]{22,64}$`));
    // The server shows the host the same link again.
    expect(await server.api(host).get(`/rooms/${room.id}/guest-link`)).toEqual({ url: shown.textContent });

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(await server.api(host).get(`/rooms/${room.id}/guest-link`)).toBeNull();
  });

  it('the host removes a guest: the guest is no member any more and leaves the list', async () => {
    const user = userEvent.setup();
    const host = await server.user();
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    const mei = await createGuest(server.t, room.id, 'Mei');

    server.render(`/room/${room.id}`, host);
    const list = await screen.findByRole('list', { name: 'Attendees going' });
    const row = within(list).getByText('Mei').closest('li')!;
    expect(row).toHaveTextContent(/Mei, ?guest/);
    await user.click(within(row).getByRole('button', { name: 'Remove Mei' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Mei from this outing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Mei was removed')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Mei')).not.toBeInTheDocument());
    const { rows } = await server.t.database.pool.query(
      'SELECT 1 FROM room_members WHERE room_id = $1 AND user_id = $2',
      [room.id, mei.id],
    );
    expect(rows).toEqual([]);
  });
});
