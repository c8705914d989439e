// A friend's page against the real server (src/test/real-server.ts; issue 37 item 4): the friends list opens it, and
// what it says — the balance from GET /balances, the rooms from GET /users/{id}/friends/{friendId} — is the server's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/money';
import { realServer, type TestUser } from '@/test/real-server';

const server = realServer();

// As the screen reads it (toHaveTextContent folds the no-break space Intl puts after "SGD").
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');

/** A room of `host` in SGD that `others` join. */
async function room(host: TestUser, name: string, others: TestUser[]) {
  const { room } = await server.room(host, { name, currency: 'SGD' });
  for (const u of others) await server.api(u).patch(`/rooms/${room.id}/join`);
  return room;
}

describe('a friend’s page, against the real server', () => {
  it('opens from the friends list: what you owe them, Settle up, and only the rooms you share', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const cal = await server.user({ username: 'cal' });
    await server.friends(ann, ben);
    await server.friends(ben, cal);
    const dinner = await room(ann, 'Crab dinner', [ben]);
    await server.api(ann).post('/bills', {
      name: 'Crab',
      roomId: dinner.id,
      amount: 25,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
    });
    const picnic = await room(ben, 'Old picnic', [ann]);
    await server.api(ben).patch(`/rooms/${picnic.id}/close`);
    await room(ann, 'Ann and Cal only', [cal]);

    const { router } = server.render('/friends', ben);
    const row = await screen.findByRole('link', { name: 'ann' });
    await waitFor(() => expect(row).toHaveTextContent(`you owe ${sgd(12.5)}`));
    expect(screen.getByRole('link', { name: 'cal' })).not.toHaveTextContent(/owe/);
    await userEvent.click(row);

    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/friends/${ann.id}`);
    const balance = screen.getByRole('region', { name: 'Your balance' });
    expect(await within(balance).findByText(`You owe ann ${sgd(12.5)}`)).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: /Crab dinner/ })).toHaveAttribute(
      'href',
      `/room/${dinner.id}`,
    );

    const rooms = await screen.findByRole('region', { name: 'Rooms together' });
    const upcoming = within(within(rooms).getByRole('region', { name: 'Upcoming' })).getAllByRole('link');
    expect(upcoming.map((a) => a.getAttribute('href'))).toEqual([`/room/${dinner.id}`]);
    const past = within(within(rooms).getByRole('region', { name: 'Past' })).getAllByRole('link');
    expect(past.map((a) => a.getAttribute('href'))).toEqual([`/room/${picnic.id}`]);
    expect(rooms).not.toHaveTextContent('Ann and Cal only');

    // Settle up is the balances card's flow: all of it by default; the page then says all is settled.
    await userEvent.click(within(balance).getByRole('button', { name: 'Settle up with ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay ann' });
    expect(within(dialog).getByLabelText('Amount (SGD)')).toHaveValue('12.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Marked as paid — waiting for ann to confirm')).toBeInTheDocument();
    expect(await within(balance).findByText('All settled up')).toBeInTheDocument();
  });

  it('removes the friend, on the server too', async () => {
    const dee = await server.user({ username: 'dee' });
    const eli = await server.user({ username: 'eli' });
    await server.friends(dee, eli);
    const { router } = server.render(`/friends/${eli.id}`, dee);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
    expect(await screen.findByText('No friends yet')).toBeInTheDocument();
    await expect(server.api(dee).get(`/users/${dee.id}/friends/${eli.id}`)).rejects.toThrow(/404 NOT_FOUND/);
  });
});
