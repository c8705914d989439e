import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail } from '../../../mocks/envelope';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeToken } from '../../../test/tokens';
import { MOCK_ROOM_IDS } from '../api/mocks';
import { serveRooms } from '../testing';

function recordAnswers() {
  const bodies: unknown[] = [];
  server.use(
    http.patch(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      bodies.push({ id: params.id, ...((await request.clone().json()) as object) });
    }),
  );
  return bodies;
}

async function renderInvites() {
  const view = renderApp({ pathname: '/rooms/invites', state: { from: '/' } }, { token: makeToken() });
  const invites = await screen.findByRole('list', { name: 'Pending invites' });
  return { ...view, invites };
}

beforeEach(() => {
  serveRooms();
});

describe('room invites', () => {
  it('lists each pending invite with picture, name, host and date', async () => {
    const { invites } = await renderInvites();
    const rows = within(invites).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Emma's Housewarming");
    expect(rows[0]).toHaveTextContent('Hosted by emma.w');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/imgs/party.png');
    expect(
      within(rows[0]!).getByRole('button', { name: "Accept invite to Emma's Housewarming" }),
    ).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('button', { name: "Decline invite to Emma's Housewarming" }),
    ).toBeInTheDocument();
  });

  it('Accept joins: the invite leaves the list and the room appears in my rooms', async () => {
    const bodies = recordAnswers();
    const { invites, router } = await renderInvites();
    await userEvent.click(
      within(invites).getByRole('button', { name: "Accept invite to Emma's Housewarming" }),
    );
    await waitFor(() => expect(within(invites).queryByText("Emma's Housewarming")).not.toBeInTheDocument());
    expect(bodies).toEqual([{ id: MOCK_ROOM_IDS.housewarming, accept: true }]);
    expect(await screen.findByText("You joined Emma's Housewarming!")).toBeInTheDocument();

    await router.navigate('/rooms');
    expect(await screen.findByRole('link', { name: /Emma's Housewarming/ })).toBeInTheDocument();
  });

  it('Decline drops the invite, and the room stays out of my rooms', async () => {
    const bodies = recordAnswers();
    const { invites, router } = await renderInvites();
    await userEvent.click(within(invites).getByRole('button', { name: 'Decline invite to Dog Park Meetup' }));
    await waitFor(() => expect(within(invites).queryByText('Dog Park Meetup')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ id: MOCK_ROOM_IDS.dogPark, accept: false }]);

    await router.navigate('/rooms');
    await screen.findByRole('list', { name: 'Your rooms' });
    expect(screen.queryByText('Dog Park Meetup')).not.toBeInTheDocument();
  });

  it('the home badge drops with each answer and hides at 0', async () => {
    const { router } = renderApp('/', { token: makeToken() });
    const link = await screen.findByRole('link', { name: /^Room Invites/ });
    expect(await within(link).findByTestId('quick-action-badge')).toHaveTextContent('2');
    await userEvent.click(link);
    await userEvent.click(
      await screen.findByRole('button', { name: "Accept invite to Emma's Housewarming" }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Decline invite to Dog Park Meetup' }));
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    await router.navigate('/');
    const again = await screen.findByRole('link', { name: 'Room Invites' });
    expect(within(again).queryByTestId('quick-action-badge')).not.toBeInTheDocument();
  });

  it.each([
    [404, 'Room not found, please try again later.'],
    [400, 'accept must be true or false'],
    [500, 'An error occurred, please try again later.'],
  ])('an answer refused with %s says %j and keeps the invite', async (status, text) => {
    server.use(
      http.patch(`${API_BASE}/rooms/:id`, () =>
        fail(status, status === 404 ? 'NOT_FOUND' : status === 400 ? 'VALIDATION' : 'INTERNAL', text),
      ),
    );
    const { invites } = await renderInvites();
    await userEvent.click(within(invites).getByRole('button', { name: 'Decline invite to Dog Park Meetup' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    if (status !== 404) expect(within(invites).getByText('Dog Park Meetup')).toBeInTheDocument();
  });

  it('says so when nothing is pending', async () => {
    serveRooms({ invites: [] });
    renderApp('/rooms/invites', { token: makeToken() });
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
  });
});

describe('explore more', () => {
  it('lists public rooms the user is not in; Join joins and opens the room', async () => {
    const { router } = await renderInvites();
    const explore = await screen.findByRole('list', { name: 'Public rooms' });
    const names = within(explore)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(names).toEqual([
      expect.stringContaining('Karaoke Friday'),
      expect.stringContaining('Charity 10K Run'),
    ]);

    await userEvent.click(within(explore).getByRole('button', { name: 'Join Karaoke Friday' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Karaoke Friday' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${MOCK_ROOM_IDS.karaoke}`);
    const attendees = await screen.findByRole('list', { name: /Attendees/ });
    expect(within(attendees).getByText('ada')).toBeInTheDocument();
  });

  it.each([
    [404, 'Room not found, please try again later.'],
    [409, 'User already in room!'],
    [500, 'An error occurred, please try again later.'],
  ])('a join refused with %s says %j', async (status, text) => {
    server.use(
      http.patch(`${API_BASE}/rooms/:id/join`, () =>
        fail(
          status,
          status === 404 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : 'INTERNAL',
          'Server says no.',
        ),
      ),
    );
    const { router } = await renderInvites();
    const explore = await screen.findByRole('list', { name: 'Public rooms' });
    await userEvent.click(within(explore).getByRole('button', { name: 'Join Karaoke Friday' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rooms/invites');
  });
});
