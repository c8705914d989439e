// The room's Money section against the real server (src/test/real-server.ts, docs/principles.md, principle 7): the
// bills as the server splits them, a delete and the CSV export. The ledger's side (my net, "Who pays whom", Pay,
// payments and Settle up) is money-section.server.test.tsx; the msw side (money-section*.test.tsx) keeps the
// section's loading, empty and error states and its layout.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billResponse } from '@outing/contract';
import { catchDownloads, readText } from '@/test/downloads';
import { setTestLanguage } from '@/test/i18n';
import { realServer } from '@/test/real-server';

const server = realServer();

let pairs = 0;
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
    expect(dialog).toHaveAccessibleDescription('$113.91 · By items, with service and GST');
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
