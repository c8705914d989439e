// "Settle up with ann" on Home, against the real server (src/test/real-server.ts): one payment across the rooms of a
// currency where Ben owes Ann, oldest room first, all of it by default or any part; the card, To pay and the rooms
// then say the same (docs/money.md, "One number everywhere").
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { overallBalancesResponse, transactionsResponse } from '@outing/contract';
import { formatAmount } from '@/lib/money';
import { realServer, type TestUser } from '@/test/real-server';

// As the screen reads it (toHaveTextContent folds the no-break space Intl puts after "SGD").
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');

const server = realServer();

const card = () => screen.findByRole('region', { name: 'Balances' });
const total = (region: HTMLElement) => within(region).getByText('You owe').nextElementSibling;

/** A room of Ann's in SGD that Ben joins, with a bill Ann paid for both of them: Ben owes her half. */
async function roomWithDebt(ann: TestUser, ben: TestUser, name: string, amount: number) {
  const { room } = await server.room(ann, { name, currency: 'SGD' });
  await server.api(ben).patch(`/rooms/${room.id}/join`);
  await server.api(ann).post('/bills', {
    name: 'Dinner',
    roomId: room.id,
    amount,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  return room;
}

const unpaid = async (user: TestUser) =>
  (await server.api(user).get('/transactions?isPaid=false', transactionsResponse)).filter(
    (t) => t.status === 'unpaid',
  );

describe('Settle up with a person, against the real server', () => {
  it('pays part of what is owed across two rooms, oldest first, and every screen agrees after', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const first = await roomWithDebt(ann, ben, 'Hawker lunch', 20); // Ben owes 10.00 here
    await roomWithDebt(ann, ben, 'Karaoke', 30); // and 15.00 here

    const view = server.render('/', ben);
    await view.live();
    const region = await card();
    await waitFor(() => expect(total(region)).toHaveTextContent(sgd(25)));
    fireEvent.click(within(region).getByRole('button', { name: 'Settle up with ann' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay ann' });
    const amount = within(dialog).getByLabelText('Amount (SGD)');
    // All of it by default.
    expect(amount).toHaveValue('25.00');
    // More than owed is refused before anything is sent, and what was typed stays.
    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`more than you owe (${sgd(25)})`);
    expect(amount).toHaveValue('30');

    fireEvent.change(amount, { target: { value: '12.50' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'PayNow' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Marked as paid — waiting for ann to confirm')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The oldest room is paid first (10.00, all of it), then 2.50 of the second: 12.50 is left, on every screen.
    await waitFor(() => expect(total(region)).toHaveTextContent(sgd(12.5)));
    const left = await unpaid(ben);
    expect(left.map((t) => [t.roomName, t.amount])).toEqual([['Karaoke', 12.5]]);
    const overall = await server.api(ann).get('/balances', overallBalancesResponse);
    expect(overall.people).toEqual([expect.objectContaining({ userId: ben.id, currency: 'SGD', net: 12.5 })]);
    // The payments await Ann's confirmation, the first room's for the whole 10.00, with the note.
    const paid = await server.api(ann).get('/transactions?isPaid=true&status=paid', transactionsResponse);
    expect(paid.map((t) => [t.roomId === first.id, t.amount, t.note]).sort()).toEqual([
      [false, 2.5, 'PayNow'],
      [true, 10, 'PayNow'],
    ]);
  });
});
