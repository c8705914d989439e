import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/token-storage';
import { server } from '../../../test/server';
import { makeToken } from '../../../test/tokens';
import { getTransactions } from '../../transactions/api/get-transactions';
import {
  MOCK_MONEY_ROOMS,
  createTransactionsHandlers,
  createTransactionsStore,
} from '../../transactions/api/mocks';
import { toMinor } from '../../../lib/money';
import { roomPayments } from '../lib/room-payments';
import { consolidateBills } from './consolidate-bills';
import { getBills } from './get-bills';
import { getConsolidationStatus } from './get-consolidation-status';
import { createBillsHandlers, defaultBillsSeed } from './mocks';

const boardGames = MOCK_MONEY_ROOMS.boardGames.id;
const signInAs = (user_id: number, username: string) =>
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ user_id, username }));

describe('bills mock mode', () => {
  it('consolidates into the shared transactions store, as the screens derive it', async () => {
    const store = createTransactionsStore([]);
    server.use(...createBillsHandlers(defaultBillsSeed(), store), ...createTransactionsHandlers(store));
    signInAs(12, 'chloe.m'); // the host of Board Game Night
    const bills = await getBills(boardGames);
    expect(bills.map((b) => b.name)).toEqual(['Taxi home', 'Table booking', 'Pizza', 'Snacks and crisps']);
    await expect(getConsolidationStatus(boardGames)).resolves.toBe(false);

    const created = await consolidateBills(boardGames);
    expect(created.length).toBeGreaterThan(0);
    expect(
      created.map((t) => ({ from: t.payerId, to: t.payeeId, cents: toMinor(t.amount, t.currency) })),
    ).toEqual(roomPayments(bills));
    await expect(getConsolidationStatus(boardGames)).resolves.toBe(true);
    await expect(consolidateBills(boardGames)).rejects.toMatchObject({ status: 409 });

    signInAs(7, 'ada');
    const adas = await getTransactions(false);
    expect(adas.map((t) => t.id).sort()).toEqual(
      created
        .filter((t) => t.payerId === 7 || t.payeeId === 7)
        .map((t) => t.id)
        .sort(),
    );
  });

  it('lets only the host consolidate', async () => {
    server.use(...createBillsHandlers(defaultBillsSeed(), createTransactionsStore([])));
    signInAs(7, 'ada');
    await expect(consolidateBills(boardGames)).rejects.toMatchObject({ status: 403 });
  });
});
