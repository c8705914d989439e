import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { MOCK_ROOM_IDS } from '@/mocks/rooms/handlers';
import { serveRooms } from '@/features/rooms/testing';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

function recordAnswers() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && request.url.endsWith('/rsvp')) {
      const id = new URL(request.url).pathname.split('/')[3];
      bodies.push({ id, ...((await request.clone().json()) as object) });
    }
  });
  return bodies;
}

async function renderInvites() {
  const view = renderApp({ pathname: '/rooms/invites', state: { from: '/' } }, { token: makeToken() });
  const invites = await screen.findByRole('list', { name: 'Pending invites' });
  return { ...view, invites };
}

const answersFor = (name: string) => screen.getByRole('group', { name: `Your answer for ${name}` });

beforeEach(() => {
  serveRooms();
  return () => server.events.removeAllListeners();
});

describe('room invites', { timeout: 30_000 }, () => {
  it('lists each pending invite with picture, name, host and date, and Going / Maybe / Can’t', async () => {
    const { invites } = await renderInvites();
    const rows = within(invites).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Emma's Housewarming");
    expect(rows[0]).toHaveTextContent('Hosted by emma.w');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/imgs/party.png');
    const answers = answersFor("Emma's Housewarming");
    expect(
      within(answers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Going', 'Maybe', "Can't"]);
    // Each says what it does to the invite, starting with the word on it (label in name).
    expect(
      within(answers)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      "Going: accept invite to Emma's Housewarming",
      "Maybe: answer maybe to Emma's Housewarming",
      "Can't: decline invite to Emma's Housewarming",
    ]);
    // Nothing answered yet: none is pressed.
    for (const button of within(answers).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('the card opens the room’s preview before answering', async () => {
    const { invites, router } = await renderInvites();
    const link = within(invites).getByRole('link', { name: /^Emma's Housewarming, hosted by emma.w/ });
    expect(link).toHaveAttribute('href', `/room/${MOCK_ROOM_IDS.housewarming}/preview`);
    await userEvent.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/room/${MOCK_ROOM_IDS.housewarming}/preview`),
    );
  });

  it('Maybe accepts too, as a maybe', async () => {
    const bodies = recordAnswers();
    const { invites } = await renderInvites();
    await userEvent.click(within(answersFor('Dog Park Meetup')).getByRole('button', { name: /^Maybe/ }));
    await waitFor(() => expect(within(invites).queryByText('Dog Park Meetup')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ id: MOCK_ROOM_IDS.dogPark, status: 'maybe' }]);
    expect(await screen.findByText('You joined Dog Park Meetup as a maybe')).toBeInTheDocument();
  });

  it("Can't declines: the invite goes, and the room stays out of my rooms", async () => {
    const bodies = recordAnswers();
    const { invites, router } = await renderInvites();
    await userEvent.click(within(answersFor('Dog Park Meetup')).getByRole('button', { name: /^Can't/ }));
    await waitFor(() => expect(within(invites).queryByText('Dog Park Meetup')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ id: MOCK_ROOM_IDS.dogPark, status: 'declined' }]);
    expect(await screen.findByText('Invite declined')).toBeInTheDocument();

    await router.navigate('/rooms');
    await screen.findByRole('list', { name: 'Your rooms' });
    expect(screen.queryByText('Dog Park Meetup')).not.toBeInTheDocument();
  });

  it.each([
    [404, 'NOT_FOUND' as const, 'Room not found.'],
    [409, 'CONFLICT' as const, 'This outing has already started.'],
    [500, 'INTERNAL' as const, 'An error occurred, please try again later.'],
  ])('an answer refused with %s says so and keeps the invite unanswered', async (status, code, text) => {
    server.use(http.patch(`${API_BASE}/rooms/:id/rsvp`, () => fail(status, code, text)));
    const { invites } = await renderInvites();
    const answers = answersFor('Dog Park Meetup');
    await userEvent.click(within(answers).getByRole('button', { name: /^Going/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(within(invites).getByText('Dog Park Meetup')).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: /^Going/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when nothing is pending', async () => {
    serveRooms({ invites: [] });
    renderApp('/rooms/invites', { token: makeToken() });
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
  });
});

describe('explore more', () => {
  it('points to the Explore tab instead of listing rooms here', async () => {
    await renderInvites();
    expect(screen.getByRole('heading', { name: 'Explore more' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore public outings/ })).toHaveAttribute('href', '/explore');
    expect(screen.queryByRole('list', { name: 'Public rooms' })).not.toBeInTheDocument();
  });
});
