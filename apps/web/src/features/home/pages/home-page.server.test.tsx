// Home against the real server (src/test/real-server.ts; docs/principles.md, principle 7): which rooms are mine is
// the server's (docs/api/README.md#rooms), so a room joined from its page shows among the recent rooms when I come
// back home, and Home greets by the display name. The msw tests (home-page.test.tsx) keep the panels, the tiles' layout, the empty and error states.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

describe('home, against the real server', () => {
  it('shows a room joined from its page (Explore is its own tab now, issue #20)', async () => {
    const [host, me] = await server.users(2);
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    const { router } = server.render('/', me);
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
    await router.navigate(`/room/${room.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Leave room' })).toBeInTheDocument();
    await router.navigate('/');
    const carousel = await screen.findByRole('list', { name: 'Recent rooms' });
    expect(carousel).toHaveTextContent('Picnic in the Park');
  });

  // Issue 37 item 4: the token carries no display name; the app reads it from your own account (GET /users/{id}).
  it('greets by the display name set, on Home and Profile', async () => {
    const me = await server.user();
    await server.api(me).patch(`/users/${me.id}`, { field: 'displayName', value: 'Zoë Lim' });
    const { router } = server.render('/', me);
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë Lim!' })).toBeInTheDocument();
    await router.navigate('/profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Zoë Lim' })).toBeInTheDocument();
    expect(screen.getByText(`@${me.username}`)).toBeInTheDocument();
  });
});
