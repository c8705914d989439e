// The room's Money section against the real server (src/test/real-server.ts, docs/principles.md, principle 7): one
// live ledger (docs/money.md), my net and "Who pays whom" as the server computes them, Pay and Other amount next to
// my debts, a payment recorded by the payee, a bill edited after payments, a Settle up that freezes nothing. The
// bills as the server splits them, a delete and the CSV export are money-section-bills.server.test.tsx; the msw side
// (money-section*.test.tsx) keeps the section's loading, empty and error states and its layout.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billResponse, transactionsResponse } from '@outing/contract';
import { formatAmount } from '@/lib/money';
import { realServer, type TestUser } from '@/test/real-server';

// As the screen reads it (toHaveTextContent folds the no-break space Intl puts after "SGD").
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');
/** The Pay button's name, its no-break space kept (accessible names are compared as they are). */
const payName = (amount: number, name: string) => `Pay ${formatAmount(amount, 'SGD')} to ${name}`;

const server = realServer();

/** Ann's SGD room that Ben joined; Ann paid `amount` for both of them (Ben owes her half) unless `amount` is 0. */
async function roomWithDinner(ann: TestUser, ben: TestUser, amount = 30) {
  const { room } = await server.room(ann, { name: 'Hawker dinner', currency: 'SGD' });
  await server.api(ben).patch(`/rooms/${room.id}/join`);
  const bill =
    amount > 0
      ? await server
          .api(ann)
          .post(
            '/bills',
            { name: 'Dinner', roomId: room.id, amount, split: { mode: 'equal', userIds: [ann.id, ben.id] } },
            billResponse,
          )
      : undefined;
  return { room, bill };
}

let pairs = 0;
/** Ann and Ben, under names of their own in this file's database (ann1, ben1, …). */
async function twoPeople() {
  pairs += 1;
  const ann = await server.user({ username: `ann${pairs}` });
  const ben = await server.user({ username: `ben${pairs}` });
  return { ann, ben, a: ann.username, b: ben.username };
}

const money = () => screen.findByRole('region', { name: /^Money/ });
const myNet = () => screen.getByTestId('my-net');
const netLabel = () => myNet().previousElementSibling;
/** "Who pays whom": each line as "payer → payee amount" (the names as shown: "You" for me). */
const transfers = () => screen.queryAllByTestId('transfer');
const transferLines = () =>
  transfers().map((row) => {
    const [payer, payee] = [...row.querySelectorAll('span.truncate')].map((n) => n.textContent);
    const amount = row.lastElementChild?.textContent?.replace(/\s/g, ' ');
    return `${payer} → ${payee} ${amount}`;
  });

/** The room page, signed in as `user`, once the Money section shows my net and the socket is live. */
async function openRoom(roomId: string, user: TestUser) {
  const view = server.render(`/room/${roomId}`, user);
  await money();
  await screen.findByTestId('my-net', {}, { timeout: 10_000 });
  await view.live();
  return view;
}

describe('Money section, against the real server', () => {
  it('shows a bill another member adds live, with my net and who pays whom', async () => {
    const { ann, ben, a } = await twoPeople();
    const { room } = await roomWithDinner(ann, ben, 0);
    await openRoom(room.id, ben);
    expect(myNet()).toHaveTextContent(sgd(0));
    expect(netLabel()).toHaveTextContent('You are square');
    expect(transfers()).toHaveLength(0);

    await server.api(ann).post('/bills', {
      name: 'Chilli crab',
      roomId: room.id,
      amount: 45.5,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
    });
    // Over the socket only: the bill, Ben's net and his debt to Ann.
    expect(await screen.findByText('Chilli crab', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(myNet()).toHaveTextContent(sgd(22.75)));
    expect(netLabel()).toHaveTextContent('You owe');
    expect(transferLines()).toEqual([`You → ${a} ${sgd(22.75)}`]);
    expect(await screen.findByRole('button', { name: payName(22.75, a) })).toBeInTheDocument();
  });

  it('Pay opens the pay sheet; "Yes, I’ve paid" toasts and the debt leaves; the payee sees it awaiting', async () => {
    const { ann, ben, a, b } = await twoPeople();
    const { room } = await roomWithDinner(ann, ben);
    const view = await openRoom(room.id, ben);
    expect(transferLines()).toEqual([`You → ${a} ${sgd(15)}`]);

    fireEvent.click(await screen.findByRole('button', { name: payName(15, a) }));
    fireEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, I’ve paid' }));
    expect(await screen.findByText(`Marked as paid — waiting for ${a} to confirm`)).toBeInTheDocument();
    await waitFor(() => expect(transfers()).toHaveLength(0));
    expect(screen.getByText('Everyone is square: no payments needed.')).toBeInTheDocument();
    expect(myNet()).toHaveTextContent(sgd(0));

    // Ann, the payee, has it waiting for her confirmation on Home, and nothing left to receive.
    view.unmount();
    server.render('/', ann);
    const awaiting = await screen.findByText(`${b} says they paid`, {}, { timeout: 10_000 });
    expect(awaiting.closest('li')).toHaveTextContent(sgd(15));
    expect(
      await within(await screen.findByRole('region', { name: 'To receive' })).findByText(
        'No bills to receive',
      ),
    ).toBeInTheDocument();
  });

  it('Other amount pays part: the rest stays, the same on Home’s Balances card', async () => {
    const { ann, ben, a } = await twoPeople();
    const { room } = await roomWithDinner(ann, ben);
    const view = await openRoom(room.id, ben);

    fireEvent.click(screen.getByRole('button', { name: `Pay ${a} another amount` }));
    const dialog = await screen.findByRole('dialog', { name: `Pay ${a}` });
    const amount = within(dialog).getByLabelText('Amount (SGD)');
    expect(amount).toHaveValue('15.00');
    fireEvent.change(amount, { target: { value: '4.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(`Marked as paid — waiting for ${a} to confirm`)).toBeInTheDocument();
    await waitFor(() => expect(transferLines()).toEqual([`You → ${a} ${sgd(10.75)}`]));
    expect(myNet()).toHaveTextContent(sgd(10.75));
    expect(screen.getByRole('button', { name: payName(10.75, a) })).toBeInTheDocument();

    view.unmount();
    server.render('/', ben);
    const card = await screen.findByRole('region', { name: 'Balances' });
    await waitFor(() =>
      expect(within(card).getByText('You owe').nextElementSibling).toHaveTextContent(sgd(10.75)),
    );
  });

  it('the payee records a payment received: the debt shrinks at once, nothing to confirm', async () => {
    const { ann, ben, b } = await twoPeople();
    const { room } = await roomWithDinner(ann, ben);
    await openRoom(room.id, ann);
    expect(transferLines()).toEqual([`${b} → You ${sgd(15)}`]);
    expect(netLabel()).toHaveTextContent('You are owed');

    fireEvent.click(screen.getByRole('button', { name: `Record a payment from ${b}` }));
    const dialog = await screen.findByRole('dialog', { name: `Payment from ${b}` });
    fireEvent.change(within(dialog).getByLabelText('Amount (SGD)'), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText(`Recorded: ${b} paid you ${sgd(6)}`)).toBeInTheDocument();
    await waitFor(() => expect(transferLines()).toEqual([`${b} → You ${sgd(9)}`]));
    expect(myNet()).toHaveTextContent(sgd(9));
    // Confirmed at once: nothing waits for Ann.
    const waiting = await server.api(ann).get('/transactions?isPaid=true&status=paid', transactionsResponse);
    expect(waiting).toEqual([]);
    const confirmed = await server
      .api(ann)
      .get('/transactions?isPaid=true&status=confirmed', transactionsResponse);
    expect(confirmed.map((t) => [t.payerId, t.payeeId, t.amount])).toEqual([[ben.id, ann.id, 6]]);
  });

  it('a bill edited after a payment changes the debt', async () => {
    const { ann, ben, a } = await twoPeople();
    const { room, bill } = await roomWithDinner(ann, ben);
    await server
      .api(ben)
      .post('/transactions', { roomId: room.id, payerId: ben.id, payeeId: ann.id, amount: 5 });
    await openRoom(room.id, ben);
    expect(transferLines()).toEqual([`You → ${a} ${sgd(10)}`]);

    // Ann finds the receipt said 50.00: Ben's half is 25.00, 5.00 of it paid.
    await server.api(ann).patch(`/bills/${bill!.id}`, { amount: 50 });
    await waitFor(() => expect(transferLines()).toEqual([`You → ${a} ${sgd(20)}`]), { timeout: 10_000 });
    expect(myNet()).toHaveTextContent(sgd(20));
    expect(screen.getByRole('button', { name: payName(20, a) })).toBeInTheDocument();
  });

  it('the host’s Settle up says everyone was told and freezes nothing', async () => {
    const { ann, ben, b } = await twoPeople();
    const { room, bill } = await roomWithDinner(ann, ben);
    await openRoom(room.id, ann);

    fireEvent.click(screen.getByRole('button', { name: 'Tell everyone' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Tell everyone what they owe?' });
    expect(ask).toHaveTextContent('Everyone is told what they owe now: 1 payment.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Tell everyone' }));
    expect(await screen.findByText('Everyone was told what they owe')).toBeInTheDocument();
    // The debt is as it was, the bill still there and still editable, and Settle up still offered.
    expect(transferLines()).toEqual([`${b} → You ${sgd(15)}`]);
    expect(screen.getByText('Dinner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tell everyone' })).toBeInTheDocument();
    await server.api(ann).patch(`/bills/${bill!.id}`, { amount: 40 });
    await waitFor(() => expect(transferLines()).toEqual([`${b} → You ${sgd(20)}`]), { timeout: 10_000 });
    // Ben was told what he owes.
    const told = (await server.api(ben).get('/notifications')) as { title: string }[] | { items?: unknown };
    expect(JSON.stringify(told)).toContain('What you owe now');
  });
});
