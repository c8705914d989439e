import fc from 'fast-check';
import { computeBill, computeSplit } from '@outing/ledger';
import { describe, expect, it } from 'vitest';
import { roomAmounts } from './bill-room-amounts';

// The review's room-currency figures for a bill in another currency must be the server's: `computeBill` with the
// same split, payers and rate (docs/money.md "Real bills").

describe('roomAmounts', () => {
  it('agrees with computeBill for any equal split, payers and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 0, max: 50 }),
        (total, userIds, payerCount, rateDigits, billId) => {
          const rate = `0.${String(rateDigits).padStart(5, '0')}`;
          const payerIds = userIds.slice(0, Math.min(payerCount, total, userIds.length));
          // Each payer but the last puts down one unit; the last the rest.
          const paidBy = payerIds.map((userId, i) => ({
            userId,
            minor: i === payerIds.length - 1 ? total - (payerIds.length - 1) : 1,
          }));
          const split = { mode: 'equal' as const, userIds };
          let server;
          try {
            server = computeBill({
              billId,
              roomCurrency: 'SGD',
              currency: 'JPY',
              total,
              split,
              paidBy,
              rate,
            });
          } catch {
            return; // a rate that takes the bill to 0 SGD is refused: nothing to review
          }
          const result = computeSplit({ billId, exponent: 0, total, split });
          const mine = roomAmounts(result, paidBy, server.amount, billId);
          expect(mine.amount).toBe(server.amount);
          expect(mine.shares.map(({ userId, minor }) => ({ userId, minor }))).toEqual(server.shares);
          expect(mine.payers.map(({ userId, minor }) => ({ userId, minor }))).toEqual(server.payers);
          expect(mine.shares.map((s) => s.original)).toEqual(server.originalShares.map((s) => s.minor));
        },
      ),
    );
  });

  it('a new bill whose leftover unit lands by its id says so; one that splits evenly does not', () => {
    const result = (total: number, ids: number[]) =>
      computeSplit({ billId: 0, exponent: 0, total, split: { mode: 'equal', userIds: ids } });
    // ¥12,345 in three at 0.0091 = S$112.34: 3,744.67 each, one unit over.
    expect(roomAmounts(result(12345, [1, 2, 3]), [{ userId: 1, minor: 12345 }], 11234, undefined).about).toBe(
      true,
    );
    expect(roomAmounts(result(12345, [1, 2, 3]), [{ userId: 1, minor: 12345 }], 11234, 7).about).toBe(false);
    expect(roomAmounts(result(200, [1, 2]), [{ userId: 1, minor: 200 }], 180, undefined).about).toBe(false);
  });
});
