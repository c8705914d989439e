// The host's nudges against the real server (src/test/real-server.ts): each pending invitee may be nudged at most
// once a day, and the server says who was nudged and who was skipped (docs/api/README.md#plans). The msw side
// (room-page-guests.test.tsx) keeps the guest tabs, a refused nudge and who sees the buttons.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServer, type TestUser } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

/** A room hosted by `host` with `felix` and `tom` invited and not answered yet. */
async function partyWithInvitees() {
  const [host, felix, tom] = await server.users(3);
  await server.friends(host, felix);
  await server.friends(host, tom);
  const { room } = await server.room(host, { name: 'Picnic in the Park' }, [felix.id, tom.id]);
  return { host, felix, tom, roomId: room.id };
}

async function openTab(name: RegExp) {
  const tab = await screen.findByRole('tab', { name });
  await userEvent.click(tab);
  return screen.getByRole('tabpanel');
}

/** Who the server has sent an invite nudge about the room. */
async function nudgedUsers(roomId: string, users: TestUser[]): Promise<number[]> {
  const { rows } = await server.t.database.pool.query<{ user_id: number }>(
    `SELECT user_id FROM notifications WHERE kind = 'invite_nudge' AND room_id = $1 AND user_id = ANY($2)
     ORDER BY user_id`,
    [roomId, users.map((u) => u.id)],
  );
  return rows.map((r) => r.user_id);
}

describe('room page: nudges, against the real server', () => {
  it('the host nudges one pending invitee; the row then says when they can be nudged again', async () => {
    const { host, felix, tom, roomId } = await partyWithInvitees();

    server.render(`/room/${roomId}`, host);
    const panel = await openTab(/^Invited/);
    expect(within(panel).getByRole('list', { name: 'Invited, not answered yet' })).toHaveTextContent(
      felix.username,
    );
    await userEvent.click(within(panel).getByRole('button', { name: `Nudge ${felix.username}` }));
    expect(await screen.findByText(`Nudged ${felix.username}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: `Nudge ${felix.username}` })).toBeNull(),
    );
    expect(within(panel).getByText(/Nudged · again/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: `Nudge ${tom.username}` })).toBeInTheDocument();
    // Felix only was nudged.
    expect(await nudgedUsers(roomId, [felix, tom])).toEqual([felix.id]);
  });

  it('Nudge all nudges whoever may be nudged and says who was skipped', async () => {
    const { host, felix, tom, roomId } = await partyWithInvitees();
    // Tom was nudged a moment ago: not again for a day.
    await server.api(host).post(`/rooms/${roomId}/nudge`, { userIds: [tom.id] });

    server.render(`/room/${roomId}`, host);
    const panel = await openTab(/^Invited/);
    expect(within(panel).getByText('2 people have not answered yet.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Nudge all' }));
    expect(await screen.findByText(`Nudged ${felix.username}`)).toBeInTheDocument();
    expect(
      await screen.findByText(new RegExp(`${tom.username} was nudged recently: you can nudge again`)),
    ).toBeInTheDocument();
    expect(
      await within(panel).findByText(/Everyone was nudged in the last day. You can nudge again/),
    ).toBeInTheDocument();
  });
});
