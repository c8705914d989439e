// Home's Balances card against the real server (src/test/real-server.ts): its amounts are the server's split of a
// bill to the cent and its fewest transfers, and a bill someone else adds while Home is open arrives over the socket.
// The msw side (balances-card.test.tsx) keeps the card's loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billResponse } from '@outing/contract';
import { realServer } from '@/test/real-server';

const server = realServer();

const card = () => screen.findByRole('region', { name: 'Balances' });
const total = (region: HTMLElement, label: 'You owe' | 'You are owed') =>
  within(region).getByText(label).nextElementSibling;
/** The card's rows, one per person (and currency) with a net: "ann" over "you owe €3.34" (each a disclosure). */
const people = (region: HTMLElement) =>
  within(within(region).getByRole('list', { name: 'Balances by person' }))
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded'));

describe('Home Balances card, against the real server', () => {
  it('shows the share the server rounded, and its fewest transfers after a bill added live', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const cat = await server.user({ username: 'cat' });
    const { room } = await server.room(ann, { name: 'Pizza night', currency: 'EUR' });
    for (const u of [ben, cat]) await server.api(u).patch(`/rooms/${room.id}/join`);
    const everyone = [ann, ben, cat].sort((a, b) => a.id - b.id);
    const dinner = await server.api(ann).post(
      '/bills',
      {
        name: 'Dinner',
        roomId: room.id,
        amount: 10,
        split: { mode: 'equal', userIds: everyone.map((u) => u.id) },
      },
      billResponse,
    );
    // 10.00 in three: 3.33 each and the odd cent to the one at position (bill id mod 3) in ascending id order
    // (docs/money.md, "One rounding").
    const odd = everyone[dinner.id % 3]!;
    const share = (u: { id: number }) => (u.id === odd.id ? 3.34 : 3.33);
    expect(dinner.shares).toEqual(everyone.map((u) => ({ userId: u.id, amount: share(u) })));

    const view = server.render('/', ben);
    const region = await card();
    await waitFor(() => expect(total(region, 'You owe')).toHaveTextContent(`€${share(ben)}`));
    expect(total(region, 'You are owed')).toHaveTextContent('Nothing');
    expect(people(region)).toHaveLength(1);
    expect(people(region)[0]).toHaveTextContent(new RegExp(`ann\\s*you owe €${share(ben)},`));

    // Cat pays a 6.00 taxi for Ben and herself while Ben's Home is open.
    await view.live();
    await server.api(cat).post('/bills', {
      name: 'Taxi',
      roomId: room.id,
      amount: 6,
      split: { mode: 'equal', userIds: [ben.id, cat.id] },
    });
    // Nets: Ann +(10 − her share), Cat +3 − her share (−0.33 or −0.34), Ben −(his share + 3): the fewest transfers
    // have Ben pay Ann all of it and nothing to Cat, who owes Ann her few cents.
    const owed = (share(ben) + 3).toFixed(2);
    await waitFor(() => expect(total(region, 'You owe')).toHaveTextContent(`€${owed}`));
    expect(people(region)).toHaveLength(1);
    expect(people(region)[0]).toHaveTextContent(new RegExp(`ann\\s*you owe €${owed},`));
  });
});
