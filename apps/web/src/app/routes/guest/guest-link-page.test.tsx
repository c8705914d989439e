import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GuestPreview } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { GUEST_SESSIONS_KEY, readGuestSession, saveGuestSession } from '@/lib/guest-session';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { ok } from '@/mocks/envelope';
import { mockRoom } from '@/mocks/rooms/handlers';
import { answer, answerError, failure, success } from '@/test/api';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';

// /g/{secret}: the room's guest link (docs/guests.md).

warmUpRoomPage();

const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const PATH = `/g/${SECRET}`;
const guestToken = makeToken({ user_id: 70, username: 'mei', user_email: '', guest_room_id: ROOM_ID });

function preview(overrides: Partial<GuestPreview> = {}): GuestPreview {
  return {
    id: ROOM_ID,
    name: 'Picnic in the Park',
    imageUrl: '/imgs/gathering.png',
    pictureUrl: null,
    date: '2026-12-26T00:00:00.000Z',
    time: '12:30',
    timeZone: 'UTC',
    startsAt: '2026-12-26T12:30:00.000Z',
    venue: 'Hyde Park',
    venueUrl: 'https://www.google.com/maps/search/?api=1&query=Hyde%20Park',
    description: 'Bring a blanket.',
    host: { username: 'ada', pictureUrl: '' },
    goingCount: 2,
    capacity: null,
    isPrivate: false,
    isClosed: false,
    isPast: false,
    url: `http://localhost/room/${ROOM_ID}`,
    guestsAllowed: true,
    ...overrides,
  };
}

const servePreview = (overrides: Partial<GuestPreview> = {}) =>
  answer('get', `/guest/${SECRET}`, success(preview(overrides)));

/** The join's answer: the guest (70, mei), the room, and the guest token beside `data`. */
function answerJoin() {
  return answer(
    'post',
    `/guest/${SECRET}/join`,
    success(
      {
        user: { id: 70, username: 'mei', email: '', pictureUrl: '', isGuest: true },
        room: mockRoom({ id: ROOM_ID, name: 'Picnic in the Park' }),
      },
      { token: guestToken },
    ),
  );
}

const nameField = () => screen.findByLabelText('Your name');
const joinButton = () => screen.getByRole('button', { name: 'Join as a guest' });

describe('guest link page', { timeout: 30_000 }, () => {
  it('says it is opening the link while the preview loads', async () => {
    server.use(
      http.get(`${API_BASE}/guest/${SECRET}`, async () => {
        await delay('infinite');
        return ok(preview());
      }),
    );
    renderApp(PATH);
    expect(await screen.findByRole('status', { name: 'Opening the guest link…' })).toBeInTheDocument();
  });

  it('a link that is off or unknown says it does not work, with Log in', async () => {
    const asked = answerError('get', `/guest/${SECRET}`, 404, 'Guest link not found');
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent("This guest link doesn't work anymore");
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    // A 404 is not asked again.
    expect(asked).toHaveLength(1);
  });

  it('shows the preview with the name field, Join as a guest, Sign up and Log in', async () => {
    servePreview();
    renderApp(PATH);
    expect(await nameField()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Picnic in the Park' })).toBeInTheDocument();
    expect(screen.getByText('The others in Picnic in the Park will see this name.')).toBeInTheDocument();
    expect(joinButton()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Open the outing' })).not.toBeInTheDocument();
  });

  it('Sign up keeps the link to come back to after signing up', async () => {
    servePreview();
    const { router } = renderApp(PATH);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(sessionStorage.getItem('outing.redirectPath')).toBe(PATH);
  });

  it('an empty name says "Enter your name" and sends nothing', async () => {
    servePreview();
    const joins = answerJoin();
    renderApp(PATH);
    await userEvent.type(await nameField(), '   ');
    await userEvent.click(joinButton());
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(joins).toHaveLength(0);
  });

  it('a 41-character name says the limit and sends nothing', async () => {
    servePreview();
    const joins = answerJoin();
    renderApp(PATH);
    await userEvent.type(await nameField(), 'm'.repeat(41));
    await userEvent.click(joinButton());
    expect(await screen.findByText('Name must be at most 40 characters')).toBeInTheDocument();
    expect(joins).toHaveLength(0);
  });

  it('joining stores the guest token, keeps the guest session and opens the room', async () => {
    servePreview();
    serveRooms({ rooms: [planRoom({ members: [7, 11, 70] })] });
    const joins = answerJoin();
    const { router } = renderApp(PATH);
    await userEvent.type(await nameField(), '  mei ');
    await userEvent.click(joinButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(joins).toHaveLength(1);
    expect(joins[0]).toEqual({ body: { name: 'mei' }, authorization: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(guestToken);
    expect(readGuestSession(ROOM_ID)).toEqual({
      token: guestToken,
      name: 'mei',
      roomName: 'Picnic in the Park',
    });
    expect(await screen.findByText("You're a guest in Picnic in the Park")).toBeInTheDocument();
  });

  it.each([
    [409, 'GUESTS_FULL', 'This room has as many guests as it can take. Ask the host to invite you instead.'],
    [429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please wait a minute and try again.'],
  ] as const)('a %i from the join says the reason and keeps the name typed', async (status, reason, text) => {
    servePreview();
    answer(
      'post',
      `/guest/${SECRET}/join`,
      failure(status === 409 ? 'CONFLICT' : 'RATE_LIMITED', 'Server words', { reason }),
      { status },
    );
    const { router } = renderApp(PATH);
    await userEvent.type(await nameField(), 'mei');
    await userEvent.click(joinButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Your name')).toHaveValue('mei');
    expect(router.state.location.pathname).toBe(PATH);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(GUEST_SESSIONS_KEY)).toBeNull();
  });

  it('a refusal is said in Chinese in Chinese', async () => {
    setTestLanguage('zh');
    servePreview();
    answer(
      'post',
      `/guest/${SECRET}/join`,
      failure('CONFLICT', 'Server words', { reason: 'GUEST_LINK_INVALID' }),
      {
        status: 409,
      },
    );
    renderApp(PATH);
    await userEvent.type(await screen.findByRole('textbox'), 'mei');
    await userEvent.click(screen.getByRole('button', { name: /访客/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('此访客链接已失效。请向发起人索取新链接。');
  });

  it("this device's live guest of the room goes back in without the form", async () => {
    servePreview();
    serveRooms({ rooms: [planRoom({ members: [7, 11, 70] })] });
    saveGuestSession(ROOM_ID, { token: guestToken, name: 'mei', roomName: 'Picnic in the Park' });
    const joins = answerJoin();
    const { router } = renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(guestToken);
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(joins).toHaveLength(0);
  });

  it('an expired guest session of the room shows the form again', async () => {
    servePreview();
    saveGuestSession(ROOM_ID, {
      token: makeToken({ guest_room_id: ROOM_ID, exp: Math.floor(Date.now() / 1000) - 60 }),
      name: 'mei',
      roomName: 'Picnic in the Park',
    });
    const { router } = renderApp(PATH);
    expect(await nameField()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a signed-in account is offered the room to join as itself, no name field', async () => {
    servePreview();
    renderApp(PATH, { token: makeToken() });
    const open = await screen.findByRole('link', { name: 'Open the outing' });
    expect(open).toHaveAttribute('href', `/room/${ROOM_ID}?join=true`);
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join as a guest' })).not.toBeInTheDocument();
  });

  it.each([
    ['closed', { isClosed: true }, 'This outing was closed by its host: it can no longer be joined.'],
    ['past', { isPast: true }, 'This outing has already taken place: it can no longer be joined.'],
  ])('a %s room says so and has no join form', async (_, overrides, text) => {
    servePreview(overrides);
    renderApp(PATH);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join as a guest' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
