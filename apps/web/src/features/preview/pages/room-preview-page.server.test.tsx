// The room preview against the real server (src/test/real-server.ts; docs/principles.md, principle 7): joining is the
// server's rule (docs/api/README.md#rooms), and the room page it opens lists me among the attendees only if the
// server made me a member. The msw tests (room-preview-page.test.tsx) keep the preview's layout, its states and the
// refusals.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

/** The PATCH calls the server answered since `from` (its log's index), by path. */
function patchesSince(from: number): string[] {
  return server.t.logs
    .slice(from)
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string } })
    .filter((entry) => entry.msg === 'request completed' && entry.req?.method === 'PATCH')
    .map((entry) => entry.req!.url ?? '');
}

describe('room preview, signed in, against the real server', () => {
  it('Join joins and opens the room page', async () => {
    const [host, me] = await server.users(2);
    const { room } = await server.room(host, { name: 'Picnic in the Park', description: 'Bring a blanket.' });
    const logged = server.t.logs.length;
    const { router } = server.render(
      { pathname: `/room/${room.id}/preview`, state: { from: '/explore' } },
      me,
    );
    await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined Picnic in the Park!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${room.id}`));
    expect(await screen.findByRole('list', { name: /Attendees/ })).toHaveTextContent(me.username);
    expect(patchesSince(logged)).toEqual([`/v1/rooms/${room.id}/join`]);
  });
});
