import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { readGuestSession } from '@/lib/guest-session';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { mockRoom } from '@/mocks/rooms/handlers';
import { answer, answerError, failure, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';
import { serveRooms } from '@/features/rooms/testing';

// /guest/open#{secret}: a guest's personal link, the same guest on this device (docs/guests.md).

warmUpRoomPage();

const SECRET = 'Zy9_Xw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0';
const guestToken = makeToken({ user_id: 70, username: 'mei', user_email: '', guest_room_id: ROOM_ID });
const open = (secret = SECRET) => ({ pathname: '/guest/open', hash: `#${secret}` });

function answerResume() {
  return answer(
    'post',
    '/guest/resume',
    success(
      {
        user: { id: 70, username: 'mei', email: '', pictureUrl: '', isGuest: true },
        room: mockRoom({ id: ROOM_ID, name: 'Picnic in the Park' }),
      },
      { token: guestToken },
    ),
  );
}

const brokenText = "This personal link doesn't work anymore";

describe('personal link page', { timeout: 30_000 }, () => {
  it('takes the secret out of the address, sends it in the body and opens the room as the guest', async () => {
    serveRooms({ rooms: [planRoom({ members: [7, 11, 70] })] });
    const resumes = answerResume();
    const { router } = renderApp(open());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(resumes).toEqual([{ body: { secret: SECRET }, authorization: null }]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(guestToken);
    expect(readGuestSession(ROOM_ID)).toEqual({
      token: guestToken,
      name: 'mei',
      roomName: 'Picnic in the Park',
    });
    expect(await screen.findByText("You're a guest in Picnic in the Park")).toBeInTheDocument();
  });

  it('the hash is gone from the address at once, before the answer', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API_BASE}/guest/resume`, async ({ request }) => {
        sent.push(await request.json());
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { router } = renderApp(open());
    await waitFor(() => expect(sent).toEqual([{ secret: SECRET }]));
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/guest/open');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a link that is off says it does not work, with Log in', async () => {
    answer('post', '/guest/resume', failure('NOT_FOUND', 'Gone', { reason: 'GUEST_DEVICE_LINK_INVALID' }), {
      status: 404,
    });
    renderApp(open());
    expect(await screen.findByRole('alert')).toHaveTextContent(brokenText);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each(['', 'short', `${SECRET}!`, 'a'.repeat(65)])(
    'the malformed secret %j is broken, and nothing is sent',
    async (secret) => {
      const resumes = answerResume();
      renderApp(open(secret));
      expect(await screen.findByRole('alert')).toHaveTextContent(brokenText);
      expect(resumes).toHaveLength(0);
    },
  );

  it.each([
    [429, 'Too many attempts. Please wait a minute and try again.'],
    [500, 'An error occurred, please try again later.'],
  ])('a %i says so, and Try again asks again', async (status, text) => {
    serveRooms({ rooms: [planRoom({ members: [7, 11, 70] })] });
    const first =
      status === 429
        ? answer(
            'post',
            '/guest/resume',
            failure('RATE_LIMITED', 'Slow down', { reason: 'TOO_MANY_ATTEMPTS' }),
            {
              status,
            },
          )
        : answerError('post', '/guest/resume', status);
    const { router } = renderApp(open());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(first).toHaveLength(1);
    const again = answerResume();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(again).toEqual([{ body: { secret: SECRET }, authorization: null }]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(guestToken);
  });

  it('a signed-in account is told so, and nothing is sent', async () => {
    const resumes = answerResume();
    const account = makeToken();
    renderApp(open(), { token: account });
    expect(await screen.findByText("You're signed in")).toBeInTheDocument();
    expect(
      screen.getByText("Log out first to open a guest's personal link on this device."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    // Give a call the time to be made: none is.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumes).toHaveLength(0);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(account);
  });
});
