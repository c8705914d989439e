// Room invites against the real server (src/test/real-server.ts; docs/principles.md, principle 7): an answer to an
// invite is the server's rule (docs/api/README.md#plans and #rooms): going or maybe joins the room, can't declines
// the invite, and either way the invite is no longer pending, so the list and the home badge's count drop. The msw
// tests (room-invites-page.test.tsx) keep the list's layout, the refusals and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { roomResponse } from '@outing/contract';
import { realServer, type TestUser } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

const answersFor = (name: string) => screen.getByRole('group', { name: `Your answer for ${name}` });

/** `me` invited by Emma to her housewarming, then to Dan's dog park meetup (both private: only invitees see them). */
async function invited() {
  const [emma, dan, me] = await server.users(3);
  await server.friends(emma, me);
  await server.friends(dan, me);
  const { room: housewarming } = await server.room(emma, { name: "Emma's Housewarming", isPrivate: true }, [
    me.id,
  ]);
  const { room: dogPark } = await server.room(dan, { name: 'Dog Park Meetup', isPrivate: true }, [me.id]);
  return { me, housewarming, dogPark };
}

/** The PATCH calls the server answered since `from` (its log's index), as `METHOD path`. */
function patchesSince(from: number): string[] {
  return server.t.logs
    .slice(from)
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string } })
    .filter((entry) => entry.msg === 'request completed' && entry.req?.method === 'PATCH')
    .map((entry) => `PATCH ${entry.req!.url}`);
}

const myRsvp = async (me: TestUser, roomId: string) =>
  (await server.api(me).get(`/rooms/${roomId}`, roomResponse)).myRsvp;

describe('room invites, against the real server', () => {
  it('Going accepts: the invite leaves the list and the room appears in my rooms', async () => {
    const { me, housewarming } = await invited();
    const { router } = server.render({ pathname: '/rooms/invites', state: { from: '/' } }, me);
    const invites = await screen.findByRole('list', { name: 'Pending invites' });
    const logged = server.t.logs.length;
    await userEvent.click(within(answersFor("Emma's Housewarming")).getByRole('button', { name: /^Going/ }));
    await waitFor(() => expect(within(invites).queryByText("Emma's Housewarming")).not.toBeInTheDocument());
    expect(patchesSince(logged)).toEqual([`PATCH /v1/rooms/${housewarming.id}/rsvp`]);
    expect(await myRsvp(me, housewarming.id)).toBe('going');
    expect(await screen.findByText("You're going to Emma's Housewarming!")).toBeInTheDocument();

    await router.navigate('/rooms');
    expect(await screen.findByRole('link', { name: /Emma's Housewarming/ })).toBeInTheDocument();
  });

  it('the home badge drops with each answer and hides at 0', async () => {
    const { me } = await invited();
    const { router } = server.render('/', me);
    const link = await screen.findByRole('link', { name: /^Room invites/ });
    expect(await within(link).findByTestId('quick-action-badge')).toHaveTextContent('2');
    await userEvent.click(link);
    const invites = await screen.findByRole('list', { name: 'Pending invites' });
    await userEvent.click(within(answersFor("Emma's Housewarming")).getByRole('button', { name: /^Going/ }));
    await waitFor(() => expect(within(invites).getAllByRole('listitem')).toHaveLength(1));
    await userEvent.click(within(answersFor('Dog Park Meetup')).getByRole('button', { name: /^Can't/ }));
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    await router.navigate('/');
    const again = await screen.findByRole('link', { name: 'Room invites' });
    expect(within(again).queryByTestId('quick-action-badge')).not.toBeInTheDocument();
  });
});
