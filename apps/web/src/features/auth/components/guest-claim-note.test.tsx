import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GUEST_CLAIM_KEY, readGuestSession, requestGuestClaim, saveGuestSession } from '@/lib/guest-session';
import { REDIRECT_PATH_STORAGE_KEY, saveRedirectPath } from '@/lib/redirect-path';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';

// The note on the sign-up and log-in screens after a guest's "Keep your outings" (docs/guests.md).

warmUpRoomPage();

const guestToken = makeToken({ user_id: 7, username: 'mei', user_email: '', guest_room_id: ROOM_ID });
const session = { token: guestToken, name: 'mei', roomName: 'Picnic in the Park' };
const NOTE =
  'Create an account or log in to keep Picnic in the Park: everything you did as mei moves into it.';

function pendClaim() {
  saveGuestSession(ROOM_ID, session);
  requestGuestClaim(ROOM_ID);
  saveRedirectPath('/guest/keep');
}

describe('guest claim note', { timeout: 30_000 }, () => {
  it.each([
    ['/signup', 'Sign up'],
    ['/login', 'Welcome back'],
  ])('%s names the room and the guest while a claim is pending', async (path) => {
    pendClaim();
    renderApp(path);
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Picnic in the Park as a guest' })).toBeInTheDocument();
  });

  it.each(['/signup', '/login'])('%s has no note without a claim', async (path) => {
    saveGuestSession(ROOM_ID, session);
    renderApp(path);
    expect(await screen.findByRole('img', { name: /Outing/ })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as a guest/ })).not.toBeInTheDocument();
  });

  it('has no note when the claimed guest session is gone', async () => {
    requestGuestClaim(ROOM_ID);
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByText(/to keep Picnic in the Park/)).not.toBeInTheDocument();
  });

  it('Back as a guest signs the guest in again, cancels the claim and opens its room', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, 7] })] });
    pendClaim();
    const { router } = renderApp('/signup');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Back to Picnic in the Park as a guest' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(guestToken);
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
    expect(readGuestSession(ROOM_ID)).toEqual(session);
    expect(await screen.findByText("You're a guest in Picnic in the Park")).toBeInTheDocument();
  });
});
