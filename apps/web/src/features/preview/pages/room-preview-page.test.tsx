import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RoomPreview } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { REDIRECT_PATH_STORAGE_KEY } from '@/lib/redirect-path';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockRoom } from '@/mocks/rooms/handlers';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { formatStartTime } from '@/entities/room/start-time';

// The preview's own sentences, as the English catalogue words them.
const PREVIEW_TEXT = {
  closed: 'This outing was closed by its host: it can no longer be joined.',
  past: 'This outing has already taken place: it can no longer be joined.',
  invited: 'You’re invited. Are you going?',
  declined: 'You told the host you can’t make it. You can still join if plans change.',
};

const ROOM_ID = '11111111-2222-4333-8444-555555555555';
const picnic = (overrides: Parameters<typeof seedRoom>[0] = {}) =>
  seedRoom({ id: ROOM_ID, hostId: 11, members: [11, 12, 13], description: 'Bring a blanket.', ...overrides });

/** Records the bodies of PATCH /rooms/{id}/rsvp and of PATCH /rooms/{id}/join. */
function recordCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PATCH') calls.push(new URL(request.url).pathname);
  });
  return calls;
}

function servePreview(overrides: Partial<RoomPreview>) {
  server.use(
    http.get(`${API_BASE}/rooms/:id/preview`, () =>
      ok({
        id: ROOM_ID,
        name: 'Picnic in the Park',
        imageUrl: '/imgs/gathering.png',
        pictureUrl: null,
        date: '2026-12-06T00:00:00.000Z',
        time: '19:30',
        timeZone: 'UTC',
        startsAt: '2026-12-06T19:30:00.000Z',
        venue: 'Hyde Park',
        venueUrl: 'https://www.google.com/maps/search/?api=1&query=Hyde%20Park',
        description: '',
        host: { username: 'ben_k', pictureUrl: '' },
        goingCount: 3,
        capacity: null,
        isPrivate: false,
        isClosed: false,
        isPast: false,
        url: `http://localhost/room/${ROOM_ID}`,
        ...overrides,
      } satisfies RoomPreview),
    ),
  );
}

async function renderPreview(path: string, token?: string) {
  const view = renderApp({ pathname: path, state: { from: '/explore' } }, { token });
  await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });
  return view;
}

describe('room preview, signed out', () => {
  it('names the host by their display name, the username when they have none (issue 37)', async () => {
    servePreview({ host: { username: 'ben_k', displayName: 'Ben Koh', pictureUrl: '' } });
    await renderPreview(`/room/${ROOM_ID}`);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Ben Koh');
    expect(details).not.toHaveTextContent('ben_k');
  });

  it('shows picture, when, where, host, going count and description, and no member names', async () => {
    serveRooms({ rooms: [picnic()], invites: [] });
    await renderPreview(`/room/${ROOM_ID}`);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('3 going');
    expect(details).toHaveTextContent('Hosted by');
    expect(details).toHaveTextContent('ben_k');
    expect(details).toHaveTextContent('Bring a blanket.');
    expect(details).toHaveTextContent('Public event');
    expect(within(details).getByRole('link', { name: /^Hyde Park/ })).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps'),
    );
    // Directions before joining (issue 37), in a new tab.
    const directions = within(details).getByRole('link', {
      name: 'Directions to Hyde Park (opens in a new tab)',
    });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Hyde%20Park',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(details.querySelector('time')).toHaveAttribute(
      'dateTime',
      expect.stringMatching(/T12:30:00\.000Z$/),
    );
    expect(document.querySelector('img[src="/imgs/gathering.png"]')).not.toBeNull();
    // Members 12 (chloe.m) and 13 (dev_patel) stay unnamed.
    expect(screen.queryByText(/chloe\.m|dev_patel/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Attendees/ })).not.toBeInTheDocument();
  });

  it.each([
    ['Sign up to join', '/signup', 'Sign up'],
    ['Log in', '/login', 'Welcome back'],
  ])('%s remembers to come back to the preview after signing in', async (name, path, heading) => {
    serveRooms({ rooms: [picnic()], invites: [] });
    const { router } = await renderPreview(`/room/${ROOM_ID}`);
    await userEvent.click(screen.getByRole('link', { name }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe(`/room/${ROOM_ID}/preview`);
  });

  it('says a full room puts a joiner on the waitlist', async () => {
    servePreview({ goingCount: 8, capacity: 8 });
    await renderPreview(`/room/${ROOM_ID}/preview`);
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('8 of 8 going');
    expect(screen.getByText('Full — you’d join the waitlist')).toBeInTheDocument();
  });

  it.each([
    [{ isPast: true }, PREVIEW_TEXT.past],
    [{ isClosed: true }, PREVIEW_TEXT.closed],
  ])('past or closed (%o): no way to join, a line that says why', async (state, line) => {
    servePreview(state);
    await renderPreview(`/room/${ROOM_ID}/preview`);
    expect(screen.getByRole('status')).toHaveTextContent(line);
    expect(screen.queryByRole('link', { name: 'Sign up to join' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the start in the room’s zone too when it reads differently there', async () => {
    servePreview({ timeZone: 'Asia/Singapore', startsAt: '2026-12-06T11:30:00.000Z' });
    await renderPreview(`/room/${ROOM_ID}/preview`);
    expect(screen.getByText(/Singapore time$/)).toHaveTextContent(
      formatStartTime('2026-12-06T11:30:00.000Z', 'Asia/Singapore'),
    );
    expect(formatStartTime('2026-12-06T11:30:00.000Z', 'Asia/Singapore')).toMatch(/7:30|19:30/);
  });

  it('says so when the room does not exist', async () => {
    serveRooms({ rooms: [], invites: [] });
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText('Room not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('offers a retry when the preview fails', async () => {
    serveRooms({ rooms: [picnic()], invites: [] });
    server.use(
      http.get(`${API_BASE}/rooms/:id/preview`, () => fail(500, 'INTERNAL', 'boom'), { once: true }),
    );
    renderApp(`/room/${ROOM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' })).toBeInTheDocument();
  });
});

describe('room preview, signed in', () => {
  it('a member is sent on to the room page', async () => {
    serveRooms({ rooms: [picnic({ members: [11, 7] })], invites: [] });
    const { router } = renderApp(`/room/${ROOM_ID}/preview`, { token: makeToken() });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(await screen.findByRole('list', { name: /Attendees/ })).toBeInTheDocument();
  });

  it('a pending invitee answers Going, which joins and opens the room', async () => {
    serveRooms({
      rooms: [picnic({ isPrivate: true })],
      invites: [
        { id: 1, roomId: ROOM_ID, userId: 7, inviterId: 11, status: 'pending', createdMinutesAgo: 5 },
      ],
    });
    // The room as the server answers an invitee (the rooms mock knows no `invited`).
    server.use(
      http.get(`${API_BASE}/rooms/${ROOM_ID}`, () => ok(mockRoom({ id: ROOM_ID, myRsvp: 'invited' })), {
        once: true,
      }),
    );
    const calls = recordCalls();
    const { router } = await renderPreview(`/room/${ROOM_ID}/preview`, makeToken());
    expect(await screen.findByText(PREVIEW_TEXT.invited)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Your answer' })).getByRole('button', { name: 'Going' }),
    );
    expect(await screen.findByText('You’re going to Picnic in the Park!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(calls).toEqual([`/v1/rooms/${ROOM_ID}/rsvp`]);
  });

  it('a pending invitee sees who is coming before answering (issue 37): the guest list by answer', async () => {
    serveRooms({
      rooms: [picnic({ isPrivate: true })],
      invites: [
        { id: 1, roomId: ROOM_ID, userId: 7, inviterId: 11, status: 'pending', createdMinutesAgo: 5 },
      ],
    });
    const person = (id: number, username: string) => ({ id, username, email: '', pictureUrl: '' });
    const answer = (rsvp: string, isMember: boolean) => ({
      rsvp,
      isMember,
      answeredAt: null,
      nudgedAt: null,
    });
    server.use(
      http.get(`${API_BASE}/rooms/${ROOM_ID}`, () => ok(mockRoom({ id: ROOM_ID, myRsvp: 'invited' }))),
      http.get(`${API_BASE}/rooms/${ROOM_ID}/guests`, () =>
        ok([
          { user: person(11, 'host_hana'), ...answer('going', true) },
          { user: person(7, 'ada'), ...answer('invited', false) },
          { user: person(12, 'ben_k'), ...answer('invited', false) },
        ]),
      ),
    );
    await renderPreview(`/room/${ROOM_ID}/preview`, makeToken());
    const tabs = await screen.findByRole('tablist', { name: 'Guests by answer' });
    expect(within(tabs).getByRole('tab', { name: 'Going (1)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Invited (2)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Attendees going' })).toHaveTextContent('host_hana');
    // Still an invitee: the answer buttons, no member's controls.
    expect(screen.getByRole('group', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nudge/ })).not.toBeInTheDocument();
  });

  it('a pending invitee who can’t go declines, stays, and may still join', async () => {
    serveRooms({
      rooms: [picnic()],
      invites: [
        { id: 1, roomId: ROOM_ID, userId: 7, inviterId: 11, status: 'pending', createdMinutesAgo: 5 },
      ],
    });
    server.use(
      http.get(`${API_BASE}/rooms/${ROOM_ID}`, () => ok(mockRoom({ id: ROOM_ID, myRsvp: 'invited' })), {
        once: true,
      }),
    );
    const { router } = await renderPreview(`/room/${ROOM_ID}/preview`, makeToken());
    await userEvent.click(await screen.findByRole('button', { name: 'Can’t go' }));
    expect(await screen.findByText(PREVIEW_TEXT.declined)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}/preview`);
  });

  it('a refused join shows the server’s sentence and stays', async () => {
    serveRooms({ rooms: [picnic()], invites: [] });
    server.use(
      http.patch(`${API_BASE}/rooms/:id/join`, () =>
        fail(409, 'CONFLICT', 'This outing has already started.'),
      ),
    );
    const { router } = await renderPreview(`/room/${ROOM_ID}/preview`, makeToken());
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This outing has already started.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}/preview`);
  });

  it('past: no Join, the line instead', async () => {
    serveRooms({ rooms: [picnic()], invites: [] });
    servePreview({ isPast: true });
    await renderPreview(`/room/${ROOM_ID}/preview`, makeToken());
    expect(screen.getByRole('status')).toHaveTextContent(PREVIEW_TEXT.past);
    await waitFor(() => expect(screen.queryByLabelText('Checking your invite')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });
});
