import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/token-storage';
import { server } from '../../../test/server';
import { makeToken } from '../../../test/tokens';
import { createTransactionsStore } from '../../transactions/api/mocks';
import { ada, ben, chloe, ROOM_ID, roomSeed } from '../test-support';
import { dinnerAndTaxi } from '../components/money-testing';
import { consolidateBills } from './consolidate-bills';
import { deleteBill } from './delete-bill';
import { getBalances } from './get-balances';
import { getBills, getBillsPage } from './get-bills';
import { getBillsSummary } from './get-bills-summary';
import { getRounds } from './get-rounds';
import { getCursorPage } from '../../../lib/cursor-pages';
import { createBillsHandlers } from './mocks';
import { api } from '../../../lib/api-client';
import { billSchema, roundSchema } from '@outing/contract';

// The bills mock's rounds (api-contract §10.3): what the Money section reads in mock mode and in its tests.

const signInAs = (user: { id: number; username: string }) =>
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ user_id: user.id, username: user.username }));

describe('bills mock mode: balances and rounds', () => {
  it('balances the open round, closes it into a round, and lets the next one start', async () => {
    server.use(...createBillsHandlers(roomSeed({}, dinnerAndTaxi), createTransactionsStore([])));
    signInAs(ada);
    const balances = await getBalances(ROOM_ID);
    expect(balances.members).toEqual([
      { userId: ada.id, paid: 30, owes: 10, net: 20 },
      { userId: ben.id, paid: 12, owes: 14, net: -2 },
      { userId: chloe.id, paid: 0, owes: 18, net: -18 },
    ]);
    expect(balances.transfers).toEqual([
      { payerId: ben.id, payeeId: ada.id, amount: 2, bills: [{ billId: 1, amount: 2 }] },
      {
        payerId: chloe.id,
        payeeId: ada.id,
        amount: 18,
        bills: [
          { billId: 1, amount: 10 },
          { billId: 2, amount: 8 },
        ],
      },
    ]);

    await consolidateBills(ROOM_ID);
    await expect(deleteBill(1)).rejects.toMatchObject({ status: 409 });
    await expect(api.patch('/bills/2', { name: 'Cab' }, { schema: billSchema })).rejects.toMatchObject({
      status: 409,
    });
    expect((await getBalances(ROOM_ID)).transfers).toEqual([]);

    const bill = await api.post(
      '/bills',
      {
        roomId: ROOM_ID,
        name: 'Breakfast',
        amount: 9,
        split: { mode: 'equal', userIds: [ada.id, ben.id, chloe.id] },
      },
      { schema: billSchema },
    );
    expect(bill.shares.map((s) => s.amount)).toEqual([3, 3, 3]);
    const edited = await api.patch('/bills/' + bill.id, { amount: 12 }, { schema: billSchema });
    expect(edited.shares.map((s) => s.amount)).toEqual([4, 4, 4]);
    expect((await getBills(ROOM_ID)).filter((b) => b.consolidationId === null).map((b) => b.name)).toEqual([
      'Breakfast',
    ]);
    await consolidateBills(ROOM_ID);
    const rounds = await getRounds(ROOM_ID);
    expect(rounds.map((r) => [r.total, r.billIds.length, r.transactions.length])).toEqual([
      [12, 1, 2],
      [42, 2, 2],
    ]);
  });

  it('keeps a room in its currency: amounts with more decimals than it has are refused', async () => {
    server.use(...createBillsHandlers(roomSeed({ currency: 'JPY' }), createTransactionsStore([])));
    signInAs(ada);
    await expect(
      api.post('/bills', {
        roomId: ROOM_ID,
        name: 'Ramen',
        amount: 1200.5,
        split: { mode: 'equal', userIds: [ada.id] },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const ramen = await api.post(
      '/bills',
      { roomId: ROOM_ID, name: 'Ramen', amount: 1201, split: { mode: 'equal', userIds: [ada.id, ben.id] } },
      { schema: billSchema },
    );
    expect(ramen.currency).toBe('JPY');
    expect(ramen.shares.map((s) => s.amount).sort()).toEqual([600, 601]);
  });

  it('answers the split page’s reads: the summary, one owner’s bills by pages, the rounds by pages', async () => {
    server.use(...createBillsHandlers(roomSeed({}, dinnerAndTaxi), createTransactionsStore([])));
    signInAs(chloe);
    const summary = await getBillsSummary(ROOM_ID);
    const every = await getBills(ROOM_ID);
    expect(summary.count).toBe(every.length);
    expect(summary.total).toBe(every.reduce((sum, b) => sum + b.amount, 0));
    expect(summary.owners.map((o) => [o.ownerId, o.count])).toEqual(
      [...new Set(every.map((b) => b.ownerId))].map((id) => [
        id,
        every.filter((b) => b.ownerId === id).length,
      ]),
    );
    const first = await getBillsPage(ROOM_ID, null, { ownerId: ada.id, limit: 1 });
    expect(first.data.map((b) => b.ownerId)).toEqual([ada.id]);
    expect(first.nextCursor).toBeNull();
    await expect(api.get('/bills', { query: { roomId: ROOM_ID, ownerId: 'x' } })).rejects.toMatchObject({
      status: 400,
    });
    signInAs(ada);
    await consolidateBills(ROOM_ID);
    const page = await getCursorPage(`/rooms/${ROOM_ID}/rounds`, roundSchema, { cursor: null });
    expect(page.data.map((r) => r.transactions.length)).toEqual([2]);
    expect(page.nextCursor).toBeNull();
  });
});
