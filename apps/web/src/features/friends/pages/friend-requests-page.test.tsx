import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockPerson, receivedRequest, serveFriendRequests } from '../testing';

const REQUESTS = `${API_BASE}/users/:id/friends/requests`;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

// The order requests come in and what answering one changes are the server's: friends.server.test.tsx.

beforeEach(() => {
  serveFriendRequests([
    receivedRequest(102, mockPerson(42, 'tom.h'), minutesAgo(180)),
    receivedRequest(101, mockPerson(41, 'sophie_r'), minutesAgo(20)),
  ]);
});

/** Records each answer's body, then lets the mock handlers answer it. */
function recordAnswers() {
  const bodies: unknown[] = [];
  server.use(
    http.patch(REQUESTS, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

async function renderRequests() {
  renderApp('/friends/requests', { token: makeToken() });
  return within(await screen.findByRole('list', { name: 'Pending friend requests' }));
}

describe('friend requests', () => {
  it('accept sends accept, and the request leaves the list', async () => {
    const bodies = recordAnswers();
    const list = await renderRequests();
    await userEvent.click(list.getByRole('button', { name: 'Accept request from sophie_r' }));
    await waitFor(() => expect(list.queryByText('sophie_r')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ requestId: 101, action: 'accept' }]);
    expect(list.getByText('tom.h')).toBeInTheDocument();
  });

  it('reject sends reject, and the request leaves the list', async () => {
    const bodies = recordAnswers();
    const list = await renderRequests();
    await userEvent.click(list.getByRole('button', { name: 'Reject request from tom.h' }));
    await waitFor(() => expect(list.queryByText('tom.h')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ requestId: 102, action: 'reject' }]);
    expect(list.getByText('sophie_r')).toBeInTheDocument();
  });

  it("shows the server's message for a 409 and keeps the request", async () => {
    server.use(
      http.patch(REQUESTS, () => fail(409, 'CONFLICT', 'This friend request was already answered.')),
    );
    const list = await renderRequests();
    await userEvent.click(list.getByRole('button', { name: 'Accept request from sophie_r' }));
    expect(await screen.findByText('This friend request was already answered.')).toBeInTheDocument();
    expect(list.getByText('sophie_r')).toBeInTheDocument();
  });

  it('says User not found for a 404', async () => {
    server.use(http.patch(REQUESTS, () => fail(404, 'NOT_FOUND', 'Friend request not found.')));
    const list = await renderRequests();
    await userEvent.click(list.getByRole('button', { name: 'Reject request from sophie_r' }));
    expect(await screen.findByText('User not found, please try again later.')).toBeInTheDocument();
  });

  it('shows an empty state when nothing is pending, including after the last answer', async () => {
    serveFriendRequests([receivedRequest(101, mockPerson(41, 'sophie_r'), minutesAgo(20))]);
    const list = await renderRequests();
    await userEvent.click(list.getByRole('button', { name: 'Reject request from sophie_r' }));
    expect(await screen.findByText('No pending friend requests')).toBeInTheDocument();
  });
});

describe('friend requests pages (docs/pagination.md)', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      receivedRequest(500 + i, mockPerson(600 + i, `sender${String(i).padStart(2, '0')}`), minutesAgo(i + 1)),
    );

  it('shows 20, then the next page with Load more, and a failed page keeps the rows and retries', async () => {
    serveFriendRequests(many(23));
    const list = await renderRequests();
    expect(list.getAllByRole('listitem')).toHaveLength(20);

    server.use(http.get(REQUESTS, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more friend requests.')).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(23));
    expect(screen.getByText('3 more loaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Accept request from sender21' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(22));
  });
});
