// Explore against the real server (src/test/real-server.ts; docs/principles.md, principle 7): which rooms it lists
// (upcoming, public, someone else's, not closed) and their order, soonest first, are the server's
// (docs/api/README.md#rooms). The msw tests (pages/explore-page.test.tsx) keep the search box, the pages and the states.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServer } from '@/test/real-server';

const server = realServer();

/** The date `days` from today (UTC, as the rooms are made in UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('explore, against the real server', () => {
  it('lists upcoming public rooms of others, soonest first, each card opening its preview', async () => {
    const [ann, ben, me] = await server.users(3);
    const at = (days: number, name: string, more: Record<string, unknown> = {}) => ({
      name,
      date: inDays(days),
      time: '12:30',
      ...more,
    });
    const { room: hike } = await server.room(ann, at(9, 'Later Hike', { venue: 'Box Hill' }));
    await server.api(ben).patch(`/rooms/${hike.id}/join`);
    const { room: brunch } = await server.room(ben, at(1, 'Soon Brunch', { venue: 'Dishoom' }));
    await server.room(ann, at(2, 'Secret Supper', { isPrivate: true }));
    // A room cannot be made in the past: this one's day is moved back in the database (its start follows, by trigger).
    const { room: picnic } = await server.room(ann, at(1, 'Gone Picnic'));
    await server.t.database.pool.query('update rooms set date = $2 where id = $1', [picnic.id, inDays(-2)]);
    await server.room(me, at(3, 'My Own Party'));
    const { room: quiz } = await server.room(ann, at(4, 'Closed Quiz'));
    await server.api(ann).patch(`/rooms/${quiz.id}/close`);

    server.render('/explore', me);
    await screen.findByRole('heading', { level: 1, name: 'Explore' });
    const links = within(await screen.findByRole('list', { name: 'Public outings' })).getAllByRole('link');
    expect(links.map((l) => within(l).getByText(/Hike|Brunch|Supper|Picnic|Party|Quiz/).textContent)).toEqual(
      ['Soon Brunch', 'Later Hike'],
    );
    expect(links[0]).toHaveAttribute('href', `/room/${brunch.id}/preview`);
    expect(links[1]).toHaveTextContent('Box Hill');
    expect(links[1]).toHaveTextContent('2 going');
    expect(links[1]!.querySelector('time')).toHaveAttribute(
      'dateTime',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT12:30/),
    );

    await userEvent.click(links[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Soon Brunch' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
  });
});
