// Home's To pay / To receive against the real server (src/test/real-server.ts): the same numbers as the room's "Who
// pays whom" for the same pair, over two bills and a part payment (docs/money.md, "One number everywhere"). The msw
// side (transactions-panel.test.tsx) keeps the panel's empty, error and layout states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../lib/money';
import { realServer, type TestUser } from '../../../test/real-server';

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
