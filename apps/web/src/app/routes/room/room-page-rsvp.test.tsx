import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { mockRoom } from '@/mocks/rooms/handlers';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { setTestLanguage } from '@/test/i18n';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

const ME = 7;
const HOST = 11;

function renderRoom() {
  return renderApp({ pathname: `/room/${ROOM_ID}`, state: { from: '/rooms' } }, { token: makeToken() });
}

function recordRsvps() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && request.url.endsWith('/rsvp'))
      bodies.push(await request.clone().json());
  });
  return bodies;
}

const answers = () => screen.findByRole('group', { name: 'Your answer for Picnic in the Park' });
const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('room page: RSVP', { timeout: 30_000 }, () => {
  it('a member answers Maybe: sent, pressed and toasted; Going again puts them back', async () => {
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST, ME] })] });
    const bodies = recordRsvps();
    renderRoom();
    const group = await answers();
    expect(pressed(group)).toEqual(['Going']);
    await userEvent.click(within(group).getByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText('Saved: maybe')).toBeInTheDocument();
    await waitFor(() => expect(pressed(group)).toEqual(['Maybe']));
    await userEvent.click(within(group).getByRole('button', { name: 'Going' }));
    expect(await screen.findByText("You're going to Picnic in the Park!")).toBeInTheDocument();
    await waitFor(() => expect(pressed(group)).toEqual(['Going']));
    expect(bodies).toEqual([{ status: 'maybe' }, { status: 'going' }]);
    server.events.removeAllListeners();
  });

  it('offline, an answer is refused at once with a clear message and the previous one stays pressed (issue #21)', async () => {
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST, ME] })] });
    const bodies = recordRsvps();
    renderRoom();
    const group = await answers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await userEvent.click(within(group).getByRole('button', { name: 'Maybe' }));
      expect(
        await screen.findByText("You're offline. You can answer when you're back online."),
      ).toBeInTheDocument();
      expect(pressed(group)).toEqual(['Going']);
      expect(bodies).toEqual([]);
    } finally {
      onLine.mockRestore();
      server.events.removeAllListeners();
    }
  });

  it('a failed answer keeps the previous one and says why', async () => {
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST, ME] })] });
    server.use(http.patch(`${API_BASE}/rooms/:id/rsvp`, () => fail(409, 'CONFLICT', 'This room is closed.')));
    renderRoom();
    const group = await answers();
    await userEvent.click(within(group).getByRole('button', { name: "Can't" }));
    expect(await screen.findByText('This room is closed.')).toBeInTheDocument();
    expect(pressed(group)).toEqual(['Going']);
  });

  it('says a refusal from its reason in Chinese, and an unknown reason in the server’s words', async () => {
    setTestLanguage('zh');
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST, ME] })] });
    let reason = 'ROOM_CLOSED';
    server.use(
      http.patch(`${API_BASE}/rooms/:id/rsvp`, () =>
        fail(409, 'CONFLICT', 'This room is closed.', undefined, { body: { reason } }),
      ),
    );
    renderRoom();
    const group = await screen.findByRole('group', { name: '你对“Picnic in the Park”的回复' });
    await userEvent.click(within(group).getByRole('button', { name: '不参加' }));
    expect(await screen.findByText('这个聚会已关闭。')).toBeInTheDocument();
    expect(screen.queryByText('This room is closed.')).not.toBeInTheDocument();

    reason = 'ROOM_FLOODED'; // a newer server's reason this app does not know
    await userEvent.click(within(group).getByRole('button', { name: '不参加' }));
    expect(await screen.findByText('This room is closed.')).toBeInTheDocument();
  });

  it('more going than a lowered capacity: "6 going · capacity 4", and that nobody new goes until fewer are going', async () => {
    serveRooms({
      rooms: [planRoom({ hostId: HOST, members: [HOST, ME, 12, 13, 14, 15], capacity: 4 })],
    });
    renderRoom();
    await answers();
    const rsvp = screen.getByRole('region', { name: 'Are you going?' });
    expect(rsvp).toHaveTextContent('6 going · capacity 4');
    expect(rsvp).not.toHaveTextContent('6 of 4 going');
    expect(rsvp).toHaveTextContent(
      'The host lowered the capacity: nobody was removed, and new answers wait until fewer than 4 are going.',
    );
  });

  it('Going in a full room says "on the waitlist" as news, not in the success colour (issue 37)', async () => {
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST, ME], rsvps: { [ME]: 'maybe' } })] });
    server.use(
      http.patch(`${API_BASE}/rooms/${ROOM_ID}/rsvp`, () =>
        ok({
          room: mockRoom({ id: ROOM_ID, name: 'Picnic in the Park', myRsvp: 'waitlisted' }),
          rsvp: 'waitlisted',
        }),
      ),
    );
    renderRoom();
    const group = await answers();
    await userEvent.click(within(group).getByRole('button', { name: 'Going' }));
    const toast = (await screen.findByText("Picnic in the Park is full: you're on the waitlist")).closest(
      '[role="status"]',
    );
    expect(toast).toHaveAttribute('data-variant', 'info');
  });

  it('a waitlisted member sees their place in the queue', async () => {
    serveRooms({
      rooms: [
        planRoom({
          hostId: HOST,
          members: [HOST, 13, ME],
          capacity: 1,
          rsvps: { 13: 'waitlisted', [ME]: 'waitlisted' },
          rsvpAt: { 13: 1, [ME]: 2 },
        }),
      ],
    });
    renderRoom();
    expect(await screen.findByText(/You're on the waitlist \(place 2\)/)).toBeInTheDocument();
    expect(pressed(await answers())).toEqual(['Going']);
  });

  it('a past outing has no answers, no date poll and no Join: a calm line instead', async () => {
    serveRooms({ rooms: [planRoom({ inDays: -2 })] });
    renderRoom();
    expect(await screen.findByText('This outing has passed')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Your answer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose dates' })).not.toBeInTheDocument();
    // Still a member's room: calendar and share stay.
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('a visitor of a past outing gets no Join, even from a join link', async () => {
    serveRooms({ rooms: [planRoom({ inDays: -2, hostId: HOST, members: [HOST] })] });
    renderApp({ pathname: `/room/${ROOM_ID}`, search: '?join=true' }, { token: makeToken() });
    expect(await screen.findByText('This outing has passed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the API's 409 when joining turns out to be too late", async () => {
    serveRooms({ rooms: [planRoom({ hostId: HOST, members: [HOST] })] });
    server.use(
      http.patch(`${API_BASE}/rooms/:id/join`, () =>
        fail(409, 'CONFLICT', 'This outing has already started.', undefined, {
          body: { reason: 'ALREADY_STARTED' },
        }),
      ),
    );
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This outing has already started.')).toBeInTheDocument();
    expect(screen.queryByText('User already in room!')).not.toBeInTheDocument();
  });
});
