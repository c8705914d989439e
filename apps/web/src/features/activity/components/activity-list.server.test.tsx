// The room's history and a bill's history against the real server (src/test/real-server.ts, docs/principles.md,
// principle 7): what the server recorded (GET /rooms/{id}/activity, GET /bills/{id}/activity) read as sentences,
// newest first, a page at a time; and a delete's Undo in the toast (POST /bills/{id}/restore) bringing the bill back
// in the list and the balances (docs/money.md).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billResponse, billsResponse, transactionResponse } from '@outing/contract';
import { formatAmount } from '@/lib/money';
import { realServer, type TestUser } from '@/test/real-server';

// As the screen reads it (toHaveTextContent folds the no-break space Intl puts after "S$"/"SGD").
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');
const lines = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('activity')
    .map((li) => (li.querySelector('p')?.textContent ?? '').replace(/\s/g, ' '));

const server = realServer();

let pairs = 0;
/** Ann's SGD room that Ben joined, under names of their own in this file's database (ann1, ben1, …). */
async function roomOfTwo() {
  pairs += 1;
  const ann = await server.user({ username: `ann${pairs}` });
  const ben = await server.user({ username: `ben${pairs}` });
  const { room } = await server.room(ann, { name: 'Hawker dinner', currency: 'SGD' });
  await server.api(ben).patch(`/rooms/${room.id}/join`);
  return { ann, ben, room, a: ann.username, b: ben.username };
}

const addBill = (by: TestUser, roomId: string, name: string, amount: number, userIds: number[]) =>
  server.api(by).post('/bills', { name, roomId, amount, split: { mode: 'equal', userIds } }, billResponse);

const money = () => screen.findByRole('region', { name: /^Money/ });

describe('History, against the real server', () => {
  it('tells the room’s history newest first, as sentences, and pages back with Load more', async () => {
    const { ann, ben, room, a } = await roomOfTwo();
    // 13 older lines first: the story below and these fill the first page of 20, Ben's joining is on the next.
    for (let i = 1; i <= 13; i += 1) await addBill(ann, room.id, `Snack ${i}`, i, [ann.id, ben.id]);
    const dinner = await addBill(ann, room.id, 'Dinner', 23.5, [ann.id, ben.id]);
    await server.api(ann).patch(`/bills/${dinner.id}`, { amount: 26 });
    const hotel = await addBill(ben, room.id, 'Hotel', 42, [ann.id, ben.id]);
    await server.api(ben).delete(`/bills/${hotel.id}`);
    await server.api(ben).post(`/bills/${hotel.id}/restore`);
    // Ben owes Ann; he says he paid 10.00 of it, and Ann confirms it arrived.
    const paid = await server
      .api(ben)
      .post(
        '/transactions',
        { roomId: room.id, payerId: ben.id, payeeId: ann.id, amount: 10 },
        transactionResponse,
      );
    await server.api(ann).patch(`/transactions/${paid.id}/confirm`);

    server.render(`/room/${room.id}`, ben);
    const section = await money();
    const toggle = await within(section).findByRole('button', { name: /^History/ }, { timeout: 10_000 });
    // Closed at first: nothing of it is read or shown.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'History of the room' })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'History of the room' }, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByTestId('activity')).toHaveLength(20));
    expect(lines(list).slice(0, 8)).toEqual([
      `${a} confirmed ${sgd(10)} from you`,
      `You marked ${sgd(10)} to ${a} as paid`,
      `You restored “Hotel” (${sgd(42)})`,
      `You deleted “Hotel” (${sgd(42)})`,
      `You added “Hotel” (${sgd(42)})`,
      `${a} changed “Dinner”: ${sgd(23.5)} → ${sgd(26)}`,
      `${a} added “Dinner” (${sgd(23.5)})`,
      `${a} added “Snack 13” (${sgd(13)})`,
    ]);
    expect(within(list).getAllByText('Just now').length).toBeGreaterThan(0);
    expect(screen.queryByText(/joined/)).not.toBeInTheDocument();

    // The older page: Ben joining, before it all.
    fireEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByTestId('activity')).toHaveLength(21));
    expect(lines(list).slice(18)).toEqual([
      `${a} added “Snack 2” (${sgd(2)})`,
      `${a} added “Snack 1” (${sgd(1)})`,
      'You joined',
    ]);
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  }, 90_000);

  it('shows a bill’s own history in its breakdown, the rename and the new amount', async () => {
    const { ann, ben, room, a } = await roomOfTwo();
    const bill = await addBill(ann, room.id, 'Dinner', 23.5, [ann.id, ben.id]);
    await addBill(ann, room.id, 'Taxi', 12, [ann.id, ben.id]);
    await server.api(ann).patch(`/bills/${bill.id}`, { name: 'Supper', amount: 26 });

    server.render(`/room/${room.id}?bill=${bill.id}`, ben);
    const dialog = await screen.findByRole('dialog', { name: 'Supper' }, { timeout: 10_000 });
    const list = await within(dialog).findByRole('list', { name: 'History of this bill' });
    await waitFor(() => expect(within(list).getAllByTestId('activity')).toHaveLength(2));
    // Only this bill's lines (not the taxi's), newest first.
    expect(lines(list)).toEqual([
      `${a} changed “Supper”: renamed from “Dinner”, ${sgd(23.5)} → ${sgd(26)}`,
      `${a} added “Dinner” (${sgd(23.5)})`,
    ]);
  });

  it('undoes a delete from its toast: the bill is back in the list and the balances', async () => {
    const { ann, ben, room } = await roomOfTwo();
    const bill = await addBill(ann, room.id, 'Chilli crab', 30, [ann.id, ben.id]);

    const view = server.render(`/room/${room.id}?bill=${bill.id}`, ann);
    const section = await money();
    await waitFor(() => expect(screen.getByTestId('my-net')).toHaveTextContent(sgd(15)), { timeout: 10_000 });
    await view.live();
    const dialog = await screen.findByRole('dialog', { name: 'Chilli crab' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Chilli crab?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Bill deleted')).closest('[role="status"]') as HTMLElement;
    await waitFor(() => expect(within(section).queryByText('Chilli crab')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('my-net')).toHaveTextContent(sgd(0)));

    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Bill restored')).toBeInTheDocument();
    expect(await within(section).findByText('Chilli crab', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('my-net')).toHaveTextContent(sgd(15)));
    // The server has it back: in the room's bills and its history.
    const bills = await server.api(ben).get(`/bills?roomId=${room.id}`, billsResponse);
    expect(bills.map((x) => x.name)).toEqual(['Chilli crab']);
  });
});
