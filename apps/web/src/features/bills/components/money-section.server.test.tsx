// The room's Money section against the real server (src/test/real-server.ts, docs/principles.md, principle 7): one
// live ledger (docs/money.md), my net and "Who pays whom" as the server computes them, Pay and Other amount next to
// my debts, a payment recorded by the payee, a bill edited after payments, a Settle up that freezes nothing, the
// bills as the server splits them, a delete and the CSV export. The msw side (money-section*.test.tsx) keeps the
// section's loading, empty and error states and its layout.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billResponse, transactionsResponse } from '@outing/contract';
import { formatAmount } from '@/lib/money';
import { catchDownloads, readText } from '@/test/downloads';
import { setTestLanguage } from '@/test/i18n';
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

/** Board Game Night (USD): Ada hosts, Ben and Chloe joined; names of their own in this file's database. */
async function boardGameNight() {
  pairs += 1;
  const ada = await server.user({ username: `ada${pairs}` });
  const ben = await server.user({ username: `ben${pairs}` });
  const chloe = await server.user({ username: `chloe${pairs}` });
  const { room } = await server.room(ada, { name: 'Board Game Night', currency: 'USD' });
  for (const u of [ben, chloe]) await server.api(u).patch(`/rooms/${room.id}/join`);
  return { ada, ben, chloe, room, b: ben.username, c: chloe.username };
}

/**
 * The bills of money-testing.tsx's `dinnerAndTaxi`, sent as the form sends them: Dinner 30.00 by Ada for all three
 * (the original client's payers), then Taxi 12.00 paid by Ben, added by Ada, by shares Ben 1 : Chloe 2.
 */
async function dinnerAndTaxi({ ada, ben, chloe, room }: Awaited<ReturnType<typeof boardGameNight>>) {
  const dinner = await server
    .api(ada)
    .post(
      '/bills',
      { name: 'Dinner', roomId: room.id, amount: 30, payers: [ben.id, chloe.id], includeOwner: true },
      billResponse,
    );
  const split = {
    mode: 'shares',
    shares: [
      { userId: ben.id, shares: 1 },
      { userId: chloe.id, shares: 2 },
    ],
  };
  const taxi = await server
    .api(ada)
    .post('/bills', { name: 'Taxi', roomId: room.id, amount: 12, paidBy: ben.id, split }, billResponse);
  return { dinner, taxi };
}

const billRows = () => screen.getAllByTestId('money-bill').map((row) => row.textContent);

describe('Money section: the bills as the server splits them', () => {
  // Amounts written the en-US way ($12.50), as in money-section*.test.tsx.
  beforeEach(() => setTestLanguage('en', 'en-US'));

  it('lists the bills newest first: amount, who paid, how it splits; a bill’s breakdown has each share', async () => {
    const people = await boardGameNight();
    const { b, c } = people;
    const { taxi } = await dinnerAndTaxi(people);
    server.render(`/room/${people.room.id}`, people.ada);
    await screen.findByRole('list', { name: 'Bills of this room' });
    expect(billRows()).toEqual([
      `Taxi$12.00Paid by ${b} · By shares (1:2)Added by you`,
      'Dinner$30.00Paid by you · Split equally among 3',
    ]);

    fireEvent.click(screen.getByRole('button', { name: /^Taxi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Taxi' });
    expect(dialog).toHaveAccessibleDescription('$12.00 · By shares (1:2)');
    expect(
      within(dialog)
        .getAllByTestId('share')
        .map((s) => s.textContent),
    ).toEqual([`${b}$4.00`, `${c}$8.00`]);
    expect(dialog).toHaveTextContent(`Paid by${b}`);
    expect(dialog).toHaveTextContent('Added byYou');
    expect(taxi.shares).toEqual([
      { userId: people.ben.id, amount: 4 },
      { userId: people.chloe.id, amount: 8 },
    ]);
  });

  it('an itemised bill lists its items with their people and its charges as rounded', async () => {
    const { ada, ben, room, b } = await boardGameNight();
    const split = {
      mode: 'items',
      items: [
        { name: 'Pasta', amount: 40, userIds: [ada.id] },
        { name: 'Steak', amount: 55, userIds: [ben.id] },
      ],
      charges: [
        { name: 'Service', percent: 10 },
        { name: 'GST', percent: 9 },
      ],
    };
    const lunch = await server
      .api(ben)
      .post('/bills', { name: 'Lunch', roomId: room.id, split }, billResponse);
    server.render(`/room/${room.id}?bill=${lunch.id}`, ada);
    const dialog = await screen.findByRole('dialog', { name: 'Lunch' });
    expect(dialog).toHaveAccessibleDescription('$113.91 · By items, with service and gst');
    const items = within(within(dialog).getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'PastaYou$40.00',
      `Steak${b}$55.00`,
      'Service (10%)$9.50',
      'GST (9%)$9.41',
    ]);
    const shares = within(dialog)
      .getAllByTestId('share')
      .map((s) => s.textContent);
    expect(shares).toEqual(['You$47.96', `${b}$65.95`]);
  });

  it('Delete asks first; Cancel keeps the bill, Delete removes it and refreshes the balances', async () => {
    const people = await boardGameNight();
    const { dinner } = await dinnerAndTaxi(people);
    server.render(`/room/${people.room.id}?bill=${dinner.id}`, people.ada);
    let dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Dinner?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete Dinner?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(billRows()).toEqual([`Taxi$12.00Paid by ${people.b} · By shares (1:2)Added by you`]),
    );
    // Ben's 4.00 and Chloe's 8.00 of his taxi: Ada is square.
    await waitFor(() =>
      expect(screen.getByLabelText('Your money in this room')).toHaveTextContent('You are square$0.00'),
    );
  });

  it('Export CSV downloads the file under the server’s name, with the token', async () => {
    const people = await boardGameNight();
    await dinnerAndTaxi(people);
    const fetches = vi.spyOn(globalThis, 'fetch');
    const downloads = catchDownloads();
    server.render(`/room/${people.room.id}`, people.ada);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    // The server's name and header (the msw mock had drifted to "board-game-night-bills.csv" and "Round").
    expect(downloads[0]!.name).toBe('outing-board-game-night.csv');
    const call = fetches.mock.calls.find(([url]) => String(url).endsWith('/export.csv'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
    const text = await readText(downloads[0]!.blob!);
    expect(text.split('\r\n')[0]).toBe(
      'Record,Settle-up,Date,Bill,Person,Paid by / to,Amount,Currency,Status',
    );
    expect(text).toContain('Share,Open,');
  });
});
