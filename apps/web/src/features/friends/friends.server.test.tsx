// Friend requests against the real server (src/test/real-server.ts; docs/principles.md, principle 7): the order
// requests come in, and what answering one changes (the pending count, the friends list), are the server's.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { realServer, type TestUser } from '@/test/real-server';

const server = realServer();
let sophie: TestUser;
let tom: TestUser;

beforeAll(async () => {
  sophie = await server.user({ username: 'sophie_r' });
  tom = await server.user({ username: 'tom.h' });
});

const ask = (from: TestUser, to: TestUser) =>
  server.api(from).post(`/users/${from.id}/friends/requests`, { friendId: to.id });

describe('friend requests, against the real server', () => {
  it('lists the pending requests, newest first, with accept and reject buttons', async () => {
    const me = await server.user();
    await ask(tom, me);
    await ask(sophie, me);
    server.render('/friends/requests', me);
    const list = within(await screen.findByRole('list', { name: 'Pending friend requests' }));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('sophie_r'),
      expect.stringContaining('tom.h'),
    ]);
    expect(
      within(rows[0]!).getByRole('button', { name: 'Accept request from sophie_r' }),
    ).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('button', { name: 'Reject request from sophie_r' }),
    ).toBeInTheDocument();
  });

  it('the badge on /friends drops with each answer and hides at 0', async () => {
    const me = await server.user();
    await ask(sophie, me);
    const { router } = server.render('/friends', me);
    const bell = await screen.findByRole('link', { name: /^Friend requests/ });
    expect(await within(bell).findByTestId('friend-requests-badge')).toHaveTextContent('1');
    await userEvent.click(bell);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept request from sophie_r' }));
    expect(await screen.findByText('No pending friend requests')).toBeInTheDocument();

    await router.navigate(-1);
    const bellAgain = await screen.findByRole('link', { name: /^Friend requests/ });
    expect(within(bellAgain).queryByTestId('friend-requests-badge')).not.toBeInTheDocument();
    // The accepted sender is now a friend.
    expect(await screen.findByText('sophie_r')).toBeInTheDocument();
  });
});
