import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { friendEndpoints } from '@outing/contract';
import { fail, ok } from '@/mocks/envelope';
import { mockFixed } from '@/mocks/route';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { profileRoomCountHandlers } from '@/mocks/profile/seed';
import { serveOwnAccount } from '@/entities/me/testing';

const FRIENDS_COUNT = `${API_BASE}/users/:id/friends/count`;
const ROOMS_COUNT = `${API_BASE}/rooms/count`;
const TRANSACTIONS = `${API_BASE}/transactions`;

let requested: string[] = [];
const record = ({ request }: { request: Request }) => void requested.push(new URL(request.url).pathname);

beforeEach(() => {
  requested = [];
  server.events.on('request:start', record);
  server.use(
    http.get(FRIENDS_COUNT, () => ok({ numFriends: 12 })),
    http.get(ROOMS_COUNT, () => ok({ count: 4 })),
    http.get(TRANSACTIONS, () => ok([])),
  );
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

async function renderProfile(token = makeToken()) {
  const view = renderApp('/profile', { token });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return view;
}

describe('profile', () => {
  it('shows the avatar and username, and links the counts to their lists', async () => {
    await renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'ada' })).toBeInTheDocument();
    expect(document.querySelector('img[src="https://example.com/ada.png"]')).not.toBeNull();

    const friends = await screen.findByRole('link', { name: '12 Friends' });
    expect(friends).toHaveAttribute('href', '/friends');
    const rooms = await screen.findByRole('link', { name: '4 Rooms' });
    expect(rooms).toHaveAttribute('href', '/rooms');
    expect(requested).toContain('/v1/users/7/friends/count');
  });

  it('draws initials without a picture', async () => {
    await renderProfile(makeToken({ username: 'dev_patel', picture_url: '' }));
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('DP');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the room count from /rooms/count', async () => {
    server.use(...profileRoomCountHandlers);
    await renderProfile();
    expect(await screen.findByRole('link', { name: '3 Rooms' })).toHaveAttribute('href', '/rooms');
  });

  it('shows a room count of 0, and no error, where /rooms/count answers 404 (an older server)', async () => {
    server.use(http.get(ROOMS_COUNT, () => fail(404, 'NOT_FOUND', 'Not found.')));
    await renderProfile();
    expect(await screen.findByRole('link', { name: '0 Rooms' })).toHaveAttribute('href', '/rooms');
    expect(screen.getByRole('link', { name: '12 Friends' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a dash, not 0, when a count fails otherwise', async () => {
    server.use(http.get(ROOMS_COUNT, () => fail(500, 'INTERNAL', 'Something went wrong.')));
    await renderProfile();
    expect(await screen.findByRole('link', { name: 'Unavailable Rooms' })).toBeInTheDocument();
  });

  it('says 1 Friend, not 1 Friends', async () => {
    server.use(http.get(FRIENDS_COUNT, () => ok({ numFriends: 1 })));
    await renderProfile();
    expect(await screen.findByRole('link', { name: '1 Friend' })).toBeInTheDocument();
  });

  it('links to Edit Profile, which can go back to the profile', async () => {
    const { router } = await renderProfile();
    const edit = screen.getByRole('link', { name: 'Edit profile' });
    expect(edit).toHaveAttribute('href', '/profile/edit');
    await userEvent.click(edit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/profile' });
  });

  it('the friend count leads to /friends', async () => {
    server.use(mockFixed(friendEndpoints.count, { numFriends: 5 }));
    const { router } = await renderProfile();
    await userEvent.click(await screen.findByRole('link', { name: '5 Friends' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Friends' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/friends');
  });

  it('shows the Transaction History from the paid transactions (empty here)', async () => {
    await renderProfile();
    const history = screen.getByRole('region', { name: 'Transaction history' });
    expect(await within(history).findByText('No transaction history available')).toBeInTheDocument();
    expect(requested).toContain('/v1/transactions');
  });
});

describe('profile: display name', () => {
  it('shows the display name big and @username under it', async () => {
    serveOwnAccount({ id: 7, username: 'ada', displayName: 'Ada Lovelace' });
    await renderProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
  });
});
