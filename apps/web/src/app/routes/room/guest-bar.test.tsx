import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { GUEST_CLAIM_KEY, readGuestSession, saveGuestSession } from '@/lib/guest-session';
import { REDIRECT_PATH_STORAGE_KEY } from '@/lib/redirect-path';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';

// A guest's room (docs/guests.md): the "You're a guest in …" bar, no way out to the rest of the app, and "Keep your
// outings", which signs the guest out here only (its token must stay valid for the account to claim it).

warmUpRoomPage();

const guestToken = makeToken({ user_id: 7, username: 'mei', user_email: '', guest_room_id: ROOM_ID });
const session = { token: guestToken, name: 'mei', roomName: 'Picnic in the Park' };
const BAR = "You're a guest in Picnic in the Park";

/** Records each POST /v1/auth/logout. */
function recordLogouts() {
  const seen: unknown[] = [];
  server.use(
    http.post(`${API_BASE}/auth/logout`, () => {
      seen.push(true);
      return HttpResponse.json({ status: 'success', message: 'Signed out', data: null });
    }),
  );
  return seen;
}

const roomHeading = () => screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });

describe('room page: a guest', { timeout: 30_000 }, () => {
  it('sees the guest bar, and no back button, Invite friends or Leave room', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7] })] });
    renderApp(`/room/${ROOM_ID}`, { token: guestToken });
    await roomHeading();
    expect(screen.getByRole('region', { name: 'Guest' })).toHaveTextContent(BAR);
    expect(await screen.findByRole('navigation', { name: 'Room actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    // The guest list mounts with Leave room (room-page.tsx's steps): judge once it is there.
    expect(await screen.findByRole('tablist', { name: 'Guests by answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite friends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave room' })).not.toBeInTheDocument();
  });

  it('an account in the same room sees no bar, and its back button, Invite friends and Leave room', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7] })] });
    renderApp({ pathname: `/room/${ROOM_ID}`, state: { from: '/rooms' } }, { token: makeToken() });
    await roomHeading();
    expect(await screen.findByRole('button', { name: 'Leave room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite friends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByText(BAR)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Guest' })).not.toBeInTheDocument();
  });

  it('Keep your outings signs out here only, keeps the guest session, asks for the claim and opens Sign up', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7] })] });
    saveGuestSession(ROOM_ID, session);
    const logouts = recordLogouts();
    const { router } = renderApp(`/room/${ROOM_ID}`, { token: guestToken });
    await roomHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Keep your outings: create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(readGuestSession(ROOM_ID)).toEqual(session);
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBe(ROOM_ID);
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe('/guest/keep');
    // The sign-up screen says what will happen.
    expect(
      await screen.findByText(
        'Create an account or log in to keep Picnic in the Park: everything you did as mei moves into it.',
      ),
    ).toBeInTheDocument();
    // Give a logout call the time to be made: none is.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(logouts).toHaveLength(0);
  });

  it('Open on another device shows the personal link sheet', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7] })] });
    answer('get', '/guest/device-link', success(null));
    renderApp(`/room/${ROOM_ID}`, { token: guestToken });
    await roomHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Open on another device' }));
    expect(await screen.findByRole('dialog', { name: 'Open on another device' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create my personal link' })).toBeInTheDocument();
  });
});
