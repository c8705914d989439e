// A guest joins from the host's guest link against the real server (src/test/real-server.ts; issue 35,
// docs/api/README.md#guests). The msw side (guest-link-page.test.tsx) keeps the refusals and who sees what.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readGuestSession } from '@/lib/guest-session';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

describe('guest link page, against the real server', () => {
  it('the host turns the link on; a friend joins as a guest with a name and the room opens', async () => {
    const user = userEvent.setup();
    const host = await server.user();
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    const link = (await server.api(host).post(`/rooms/${room.id}/guest-link`)) as { url: string };
    const path = new URL(link.url).pathname;
    expect(path).toMatch(/^\/g\/[A-Za-z0-9_-]{22,64}$/);

    const { router } = server.render(path, null);
    await user.type(await screen.findByLabelText('Your name'), 'Mei');
    await user.click(screen.getByRole('button', { name: 'Join as a guest' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${room.id}`));
    expect(await screen.findByText("You're a guest in Picnic in the Park")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' })).toBeInTheDocument();
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    expect(readGuestSession(room.id)).toEqual({ token, name: 'Mei', roomName: 'Picnic in the Park' });

    // The server has the guest in the room, under the name typed.
    const { rows } = await server.t.database.pool.query<{ username: string }>(
      `SELECT u.username FROM room_members m JOIN users u ON u.id = m.user_id
        WHERE m.room_id = $1 AND u.guest_room_id = $1`,
      [room.id],
    );
    expect(rows).toEqual([{ username: 'Mei' }]);
  });
});
