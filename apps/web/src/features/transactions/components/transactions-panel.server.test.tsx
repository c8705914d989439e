// Home's To pay / To receive against the real server (src/test/real-server.ts): the same numbers as the room's "Who
// pays whom" for the same pair, over two bills and a part payment (docs/money.md, "One number everywhere"); settling,
// the reminder's hour, and the steps after settling (confirm, not received, received in cash, undo). The msw side
// (transactions-panel.test.tsx, payments' transaction-actions.test.tsx) keeps the panel's empty, error and layout
// states and its refusals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { transactionResponse, transactionsResponse } from '@outing/contract';
import { formatAmount } from '@/lib/money';
import { setTestLanguage } from '@/test/i18n';
import { realServer, type TestUser } from '@/test/real-server';

// As the screen reads it (toHaveTextContent folds the no-break space Intl puts after "SGD").
const sgd = (amount: number) => formatAmount(amount, 'SGD').replace(/\s/g, ' ');

const server = realServer();

const section = async (name: 'To pay' | 'To receive') =>
  within(await screen.findByRole('region', { name }, { timeout: 10_000 }));

/** Each line of Home's list as "who · amount", once the list has loaded. */
async function homeRows(user: TestUser, name: 'To pay' | 'To receive') {
  const view = server.render('/', user);
  const list = await section(name);
  await waitFor(() => expect(list.queryAllByRole('listitem').length).toBeGreaterThan(0), { timeout: 10_000 });
  const rows = list
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s/g, ' ') ?? '')
    .sort();
  view.unmount();
  return rows;
}

/** The room's "Who pays whom" as "payer → payee amount" ("You → ann SGD 11.00"), once loaded. */
async function roomLines(user: TestUser, roomId: string) {
  const view = server.render(`/room/${roomId}`, user);
  await waitFor(() => expect(screen.queryAllByTestId('transfer').length).toBeGreaterThan(0), {
    timeout: 10_000,
  });
  const lines = screen
    .getAllByTestId('transfer')
    .map((row) => {
      const [payer, payee] = [...row.querySelectorAll('span.truncate')].map((n) => n.textContent);
      return `${payer} → ${payee} ${row.lastElementChild?.textContent?.replace(/\s/g, ' ')}`;
    })
    .sort();
  view.unmount();
  return lines;
}

describe('Home’s To pay and To receive, against the real server', () => {
  it('say the same numbers as the room for each pair, after two bills and a part payment', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const cat = await server.user({ username: 'cat' });
    const { room } = await server.room(ann, { name: 'Sentosa day', currency: 'SGD' });
    for (const u of [ben, cat]) await server.api(u).patch(`/rooms/${room.id}/join`);
    // Ann pays 30.00 for the three (10.00 each); Cat pays 12.00 for Ben and herself (6.00 each). Nets: Ann +20.00,
    // Ben −16.00, Cat −4.00: Ben pays Ann 16.00 and Cat pays Ann 4.00 (none of Ben's 6.00 goes to Cat).
    await server.api(ann).post('/bills', {
      name: 'Cable car',
      roomId: room.id,
      amount: 30,
      split: { mode: 'equal', userIds: [ann.id, ben.id, cat.id] },
    });
    await server.api(cat).post('/bills', {
      name: 'Ice cream',
      roomId: room.id,
      amount: 12,
      split: { mode: 'equal', userIds: [ben.id, cat.id] },
    });
    // Ben pays Ann 5.00 of it.
    await server.api(ben).post('/transactions', {
      roomId: room.id,
      payerId: ben.id,
      payeeId: ann.id,
      amount: 5,
    });

    expect(await roomLines(ben, room.id)).toEqual([`You → ann ${sgd(11)}`, `cat → ann ${sgd(4)}`]);
    const toPay = await homeRows(ben, 'To pay');
    expect(toPay).toHaveLength(1);
    expect(toPay[0]).toContain('ann');
    expect(toPay[0]).toContain('Sentosa day');
    expect(toPay[0]).toContain(sgd(11));

    expect(await roomLines(ann, room.id)).toEqual([`ben → You ${sgd(11)}`, `cat → You ${sgd(4)}`]);
    const toReceive = await homeRows(ann, 'To receive');
    expect(toReceive).toHaveLength(2);
    expect(toReceive[0]).toContain('ben');
    expect(toReceive[0]).toContain(sgd(11));
    expect(toReceive[1]).toContain('cat');
    expect(toReceive[1]).toContain(sgd(4));

    const catPays = await homeRows(cat, 'To pay');
    expect(catPays).toHaveLength(1);
    expect(catPays[0]).toContain(sgd(4));
    expect(catPays[0]).toContain('ann');
  });

  it('page a long To pay: the first page, the whole side’s total, the rest on Load more', async () => {
    const ann = await server.user({ username: 'amy' });
    const dan = await server.user({ username: 'dan' });
    // Dan owes Amy 1.00 in each of 21 rooms, and Amy owes Dan 2.00 in one more: To pay is 21 rows (a page of 20,
    // then one), its total 21.00 (not the 19.00 net with Amy, which is Balances' number).
    const bill = async (payer: TestUser, roomId: string, amount: number) =>
      server.api(payer).post('/bills', {
        name: 'Coffee',
        roomId,
        amount,
        split: { mode: 'equal', userIds: [ann.id, dan.id] },
      });
    for (let i = 0; i < 22; i += 1) {
      const { room } = await server.room(ann, { name: `Coffee ${i + 1}`, currency: 'SGD' });
      await server.api(dan).patch(`/rooms/${room.id}/join`);
      await (i < 21 ? bill(ann, room.id, 2) : bill(dan, room.id, 4));
    }

    server.render('/', dan);
    const toPay = await section('To pay');
    await waitFor(() => expect(toPay.getAllByRole('listitem')).toHaveLength(20), { timeout: 10_000 });
    // The whole side's total while only its first page is shown.
    const total = () => toPay.getByText(/^Total/);
    await waitFor(() => expect(total()).toHaveTextContent(`Total ${sgd(21)}`));
    const toReceive = await section('To receive');
    expect(toReceive.getAllByRole('listitem')).toHaveLength(1);
    toPay.getByRole('button', { name: 'Load more' }).click();
    await waitFor(() => expect(toPay.getAllByRole('listitem')).toHaveLength(21), { timeout: 10_000 });
    expect(toPay.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(total()).toHaveTextContent(`Total ${sgd(21)}`);
  }, 60_000);
});

let pairs = 0;
/** A payer who owes a payee `owed` (USD) on one bill of Camden Brunch: the live ledger's unpaid transaction `t`. */
async function debt(owed: number) {
  pairs += 1;
  const payee = await server.user({ username: `payee${pairs}` });
  const payer = await server.user({ username: `payer${pairs}` });
  const { room } = await server.room(payee, { name: 'Camden Brunch', currency: 'USD' });
  await server.api(payer).patch(`/rooms/${room.id}/join`);
  await server.api(payee).post('/bills', {
    name: 'Brunch',
    roomId: room.id,
    amount: owed * 2,
    split: { mode: 'equal', userIds: [payee.id, payer.id] },
  });
  const [t] = await server.api(payer).get('/transactions?isPaid=false&role=payer', transactionsResponse);
  expect(t?.amount).toBe(owed);
  return { payee, payer, t: t!, p: payer.username, e: payee.username };
}

const statusOf = async (user: TestUser, id: number) =>
  (await server.api(user).get(`/transactions/${id}`, transactionResponse)).status;

/** Pay opens the pay sheet (issue #19): "I’ve paid" and its confirmation send the settle. */
async function confirmPaid() {
  await userEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, I’ve paid' }));
}

/** Presses `button`, then the confirmation's `confirm`. */
async function act(button: string, confirm: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const ask = await screen.findByRole('alertdialog');
  await userEvent.click(within(ask).getByRole('button', { name: confirm }));
}

const waiting = async () =>
  within(await screen.findByRole('region', { name: 'Waiting for confirmation' }, { timeout: 10_000 }));

describe('Home’s payments, the server settling them', () => {
  it('settle removes the row only after the 200, then toasts', async () => {
    const { payer, t, e } = await debt(18.4);
    // Each settle the page sends waits for `release` before it leaves.
    const realFetch = globalThis.fetch;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const settle = /\/transactions\/(\d+)\/settle$/.exec(url);
      if (settle) {
        settled.push(settle[1]!);
        await answered;
      }
      return realFetch(input, init);
    });
    server.render('/', payer);
    const toPay = await section('To pay');
    const button = await toPay.findByRole('button', { name: `Pay ${formatAmount(18.4, 'USD')} to ${e}` });
    await userEvent.click(button);
    expect(settled).toEqual([]); // the sheet asks first
    await confirmPaid();
    await waitFor(() => expect(settled).toEqual([String(t.id)]));
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I’ve paid' })); // ignored while in flight
    expect(toPay.getByText(e)).toBeInTheDocument();
    expect(screen.queryByText(`Marked as paid — waiting for ${e} to confirm`)).not.toBeInTheDocument();

    release();
    expect(await screen.findByText(`Marked as paid — waiting for ${e} to confirm`)).toBeInTheDocument();
    expect(await toPay.findByText('No bills to pay')).toBeInTheDocument();
    expect(settled).toEqual([String(t.id)]);
    expect((await server.api(payer).get(`/transactions/${t.id}`, transactionResponse)).isPaid).toBe(true);
    expect(toPay.getByRole('heading', { name: 'To pay' })).toHaveFocus();
  });

  it('a second reminder within the hour shows the server’s message (429)', async () => {
    const { payee, p } = await debt(9.75);
    server.render('/', payee);
    const bell = await (await section('To receive')).findByRole('button', { name: `Remind ${p}` });
    await userEvent.click(bell);
    expect(await screen.findByText('Reminder created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(bell).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(bell);
    expect(await screen.findByText('You already reminded them in the last hour.')).toBeInTheDocument();
  });
});

describe('Home’s payments, the steps after settling', () => {
  // Amounts written the en-US way ($12.50), as in transaction-actions.test.tsx.
  beforeEach(() => setTestLanguage('en', 'en-US'));

  it('a payment marked paid waits for the payee, who confirms it after a confirmation', async () => {
    const { payee, payer, t, p } = await debt(9.75);
    await server.api(payer).patch(`/transactions/${t.id}/settle`);
    server.render('/', payee);
    expect(await (await waiting()).findByText(`${p} says they paid`)).toBeInTheDocument();
    await userEvent.click(
      (await waiting()).getByRole('button', { name: `Confirm received $9.75 from ${p}` }),
    );
    const ask = await screen.findByRole('alertdialog', { name: 'Confirm received?' });
    expect(ask).toHaveAccessibleDescription(`Confirm that $9.75 from ${p} arrived? ${p} will be told.`);
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(await statusOf(payee, t.id)).toBe('paid');

    await act(`Confirm received $9.75 from ${p}`, 'Confirm received');
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    expect(await statusOf(payee, t.id)).toBe('confirmed');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting for confirmation' })).not.toBeInTheDocument(),
    );
  });

  it('"Not received" returns it to unpaid: it is back under To Receive', async () => {
    const { payee, payer, t, p } = await debt(9.75);
    await server.api(payer).patch(`/transactions/${t.id}/settle`);
    server.render('/', payee);
    await act(`Not received $9.75 from ${p}`, 'Not received');
    expect(await screen.findByText('Marked as not received')).toBeInTheDocument();
    expect(await statusOf(payee, t.id)).toBe('unpaid');
    const toReceive = within(screen.getByRole('region', { name: 'To receive' }));
    expect(await toReceive.findByText(p)).toBeInTheDocument();
  });

  it('an unpaid payment can be marked received (cash) from its detail', async () => {
    const { payee, t, p } = await debt(9.75);
    server.render('/', payee);
    const toReceive = await section('To receive');
    await userEvent.click(await toReceive.findByRole('button', { name: `Details of $9.75 from ${p}` }));
    const detail = within(await screen.findByRole('dialog', { name: 'Payment details' }));
    expect(await detail.findByText('Not paid yet')).toBeInTheDocument();
    await act(`Mark received (cash) $9.75 from ${p}`, 'Mark received');
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    expect(await statusOf(payee, t.id)).toBe('confirmed');
    // Received, it leaves the unpaid list, and its row's detail with it.
    expect(await toReceive.findByText('No bills to receive')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the payer undoes a payment marked paid a moment ago; it is back under To Pay', async () => {
    const { payer, t, e } = await debt(18.4);
    await server.api(payer).patch(`/transactions/${t.id}/settle`);
    server.render('/', payer);
    expect(await (await waiting()).findByText(`Waiting for ${e} to confirm`)).toBeInTheDocument();
    await act(`Undo $18.40 to ${e}`, 'Undo payment');
    expect(await screen.findByText('Payment undone')).toBeInTheDocument();
    expect(await statusOf(payer, t.id)).toBe('unpaid');
    const toPay = within(screen.getByRole('region', { name: 'To pay' }));
    expect(await toPay.findByRole('button', { name: `Pay $18.40 to ${e}` })).toBeInTheDocument();
  });

  it('settling through the pay sheet moves the payment to "waiting", with an undo', async () => {
    const { payer, t, e } = await debt(18.4);
    server.render('/', payer);
    const toPay = await section('To pay');
    await userEvent.click(await toPay.findByRole('button', { name: `Pay $18.40 to ${e}` }));
    await confirmPaid();
    expect(await screen.findByText(`Marked as paid — waiting for ${e} to confirm`)).toBeInTheDocument();
    expect(await statusOf(payer, t.id)).toBe('paid');
    expect(await (await waiting()).findByRole('button', { name: `Undo $18.40 to ${e}` })).toBeInTheDocument();
  });
});
