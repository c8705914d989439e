import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  GUEST_CLAIM_KEY,
  pendingGuestClaim,
  readGuestSession,
  requestGuestClaim,
  saveGuestSession,
} from '@/lib/guest-session';
import { mockRoom } from '@/mocks/rooms/handlers';
import { answer, answerError, failure, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';

// /guest/keep: the account just signed up or logged in keeps the guest of this device (docs/guests.md).

warmUpRoomPage();

const guestToken = makeToken({ user_id: 70, username: 'mei', user_email: '', guest_room_id: ROOM_ID });
const account = makeToken();
const session = { token: guestToken, name: 'mei', roomName: 'Picnic in the Park' };

function pendClaim() {
  saveGuestSession(ROOM_ID, session);
  requestGuestClaim(ROOM_ID);
}

const answerClaim = () =>
  answer('post', '/auth/claim-guest', success(mockRoom({ id: ROOM_ID, name: 'Picnic in the Park' })));

describe('keep guest page', { timeout: 30_000 }, () => {
  it('moves the guest into the account, says so and opens the room; the guest session and claim are gone', async () => {
    pendClaim();
    serveRooms({ rooms: [planRoom({ members: [7, 11] })] });
    const claims = answerClaim();
    const { router } = renderApp('/guest/keep', { token: account });
    expect(await screen.findByText('Picnic in the Park is in your account now')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(claims).toEqual([{ body: { guestToken }, authorization: `Bearer ${account}` }]);
    expect(readGuestSession(ROOM_ID)).toBeNull();
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' })).toBeInTheDocument();
    expect(screen.queryByText("You're a guest in Picnic in the Park")).not.toBeInTheDocument();
  });

  it('a 409 says why, cancels the claim and offers Home; the guest session stays', async () => {
    pendClaim();
    answer(
      'post',
      '/auth/claim-guest',
      failure('CONFLICT', 'You are already in this room.', { reason: 'ALREADY_MEMBER' }),
      { status: 409 },
    );
    const { router } = renderApp('/guest/keep', { token: account });
    expect(await screen.findByRole('alert')).toHaveTextContent('User already in room!');
    expect(pendingGuestClaim()).toBeNull();
    expect(readGuestSession(ROOM_ID)).toEqual(session);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a guest token that no longer works (400) says the guest cannot be kept and forgets it', async () => {
    pendClaim();
    answer(
      'post',
      '/auth/claim-guest',
      failure('VALIDATION', 'This guest token no longer works.', {
        issues: [{ path: 'guestToken', message: 'This guest token no longer works.' }],
      }),
      { status: 400 },
    );
    renderApp('/guest/keep', { token: account });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This guest can no longer be kept: the host removed it, or it is already in an account.',
    );
    expect(readGuestSession(ROOM_ID)).toBeNull();
    expect(localStorage.getItem(GUEST_CLAIM_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
  });

  it('a network error offers Try again, which claims again', async () => {
    pendClaim();
    serveRooms({ rooms: [planRoom({ members: [7, 11] })] });
    answerError('post', '/auth/claim-guest', 0);
    const { router } = renderApp('/guest/keep', { token: account });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expect(pendingGuestClaim()).toEqual({ roomId: ROOM_ID, session });
    const claims = answerClaim();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(claims).toHaveLength(1);
    expect(readGuestSession(ROOM_ID)).toBeNull();
  });

  it('nothing pending goes Home, and nothing is sent', async () => {
    const claims = answerClaim();
    const { router } = renderApp('/guest/keep', { token: account });
    expect(await screen.findByRole('heading', { name: 'Welcome, ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(claims).toHaveLength(0);
  });

  it('a pending claim whose guest session is gone goes Home too', async () => {
    requestGuestClaim(ROOM_ID);
    const claims = answerClaim();
    const { router } = renderApp('/guest/keep', { token: account });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(claims).toHaveLength(0);
  });
});
