// The room's answers against the real server (src/test/real-server.ts): capacity and the waitlist are the server's
// rule (docs/api/README.md#plans, docs/plans.md), and a place freed reaches the waiting member's open page over the
// socket. The msw side (room-page-rsvp.test.tsx) keeps the screen's states and refusals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('room page: RSVP, against the real server', () => {
  it('a full room puts a Going on the waitlist, and a place freed makes them going, live', async () => {
    const [host, ann, ben] = await server.users(3);
    const { room } = await server.room(host, { name: 'Karaoke night', capacity: 2 });
    // Ben joins while there is room, then says maybe; Ann's join fills the room (the host goes too).
    await server.api(ben).patch(`/rooms/${room.id}/join`);
    await server.api(ben).patch(`/rooms/${room.id}/rsvp`, { status: 'maybe' });
    await server.api(ann).patch(`/rooms/${room.id}/join`);

    const view = server.render({ pathname: `/room/${room.id}`, state: { from: '/rooms' } }, ben);
    const group = await screen.findByRole('group', { name: 'Your answer for Karaoke night' });
    const rsvp = screen.getByRole('region', { name: 'Are you going?' });
    expect(pressed(group)).toEqual(['Maybe']);
    expect(rsvp).toHaveTextContent('2 of 2 going');
    expect(rsvp).toHaveTextContent('Full — answering Going puts you on the waitlist');

    await userEvent.click(within(group).getByRole('button', { name: 'Going' }));
    expect(await screen.findByText("Karaoke night is full: you're on the waitlist")).toBeInTheDocument();
    expect(await within(rsvp).findByText(/You're on the waitlist \(place 1\)/)).toBeInTheDocument();
    expect(rsvp).toHaveTextContent('2 of 2 going · 1 on the waitlist');

    // Ann leaves while Ben's page is open: the server gives her place to the first waiting.
    await view.live();
    await server.api(ann).patch(`/rooms/${room.id}/leave`);
    await waitFor(() => expect(rsvp).not.toHaveTextContent(/waitlist/));
    expect(rsvp).toHaveTextContent('2 of 2 going');
    expect(pressed(group)).toEqual(['Going']);
  });

  it('a visitor of a full room is told before joining, and joining puts them on the waitlist', async () => {
    const [host, ann, ben] = await server.users(3);
    const { room } = await server.room(host, { name: 'Picnic in the Park', capacity: 2 });
    // The host and Ann fill the room's two places.
    await server.api(ann).patch(`/rooms/${room.id}/join`);

    server.render({ pathname: `/room/${room.id}`, state: { from: '/rooms' } }, ben);
    const join = await screen.findByRole('region', { name: 'Join' });
    expect(join).toHaveTextContent('2 of 2 going');
    expect(join).toHaveTextContent('Full — joining puts you on the waitlist');
    await userEvent.click(within(join).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText("Picnic in the Park is full: you're on the waitlist")).toBeInTheDocument();
    expect(await screen.findByText(/You're on the waitlist \(place 1\)/)).toBeInTheDocument();
  });

  it('a pending invitee answers on the room page: Going accepts and makes them a member', async () => {
    const [host, ben] = await server.users(2);
    await server.friends(host, ben);
    const { room } = await server.room(host, { name: 'Picnic in the Park' }, [ben.id]);

    server.render({ pathname: `/room/${room.id}`, state: { from: '/rooms' } }, ben);
    expect(await screen.findByText(/invited you/)).toHaveTextContent(`${host.username} invited you.`);
    const group = await screen.findByRole('group', { name: 'Your answer for Picnic in the Park' });
    expect(pressed(group)).toEqual([]);
    await userEvent.click(within(group).getByRole('button', { name: 'Going' }));
    expect(await screen.findByText("You're going to Picnic in the Park!")).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Attendees going' })).toHaveTextContent(ben.username);
    expect(screen.getByRole('button', { name: 'Leave room' })).toBeInTheDocument();
  });
});
