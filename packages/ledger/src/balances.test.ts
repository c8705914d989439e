import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roomBalances, type LedgerPayment, type RoundBill } from './balances.js';
import { computeSplit } from './modes.js';
import { settle } from './settle.js';
import { netBalances, type Debt } from './split.js';

const m = <V>(entries: [number, V][]) => new Map(entries);
// Ann (1) paid dinner, 90.00 among the three; Bob (2) paid the taxi, 30.00 among the three.
const dinner: RoundBill = {
  billId: 1,
  ownerId: 1,
  shares: m([
    [1, 3000],
    [2, 3000],
    [3, 3000],
  ]),
};
const taxi: RoundBill = {
  billId: 2,
  ownerId: 2,
  shares: m([
    [1, 1000],
    [2, 1000],
    [3, 1000],
  ]),
};

describe('roomBalances', () => {
  it('paid, owes and net per member', () => {
    expect(roomBalances([dinner, taxi]).members).toEqual(
      m([
        [1, { paid: 9000, owes: 4000, sent: 0, received: 0, net: 5000 }],
        [2, { paid: 3000, owes: 4000, sent: 0, received: 0, net: -1000 }],
        [3, { paid: 0, owes: 4000, sent: 0, received: 0, net: -4000 }],
      ]),
    );
    expect(roomBalances([]).members.size).toBe(0);
  });

  it('counts payments: sent raises the payer’s net, received lowers the payee’s', () => {
    // Cy paid Ann 40.00 of what he owes her, and Bob sent Cy 5.00 (paying more than owed turns a debt around).
    const payments: LedgerPayment[] = [
      { payerId: 3, payeeId: 1, minor: 4000 },
      { payerId: 2, payeeId: 3, minor: 500 },
    ];
    expect(roomBalances([dinner, taxi], payments).members).toEqual(
      m([
        [1, { paid: 9000, owes: 4000, sent: 0, received: 4000, net: 1000 }],
        [2, { paid: 3000, owes: 4000, sent: 500, received: 0, net: -500 }],
        [3, { paid: 0, owes: 4000, sent: 4000, received: 500, net: -500 }],
      ]),
    );
    expect(roomBalances([], [{ payerId: 1, payeeId: 2, minor: 1 }]).members.get(2)!.net).toBe(-1);
    expect(() => roomBalances([], [{ payerId: 1, payeeId: 2, minor: 0 }])).toThrow(RangeError);
  });
});

/** A round of bills in equal and shares modes among up to 10 people (settle is exact up to 20). */
const round = fc.array(
  fc.record({
    ownerId: fc.integer({ min: 1, max: 10 }),
    total: fc.integer({ min: 1, max: 500_000 }),
    userIds: fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }),
    weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 10, maxLength: 10 }),
  }),
  { minLength: 1, maxLength: 15 },
);
type BillSpec = { ownerId: number; total: number; userIds: number[]; weights: number[] };
const toBills = (specs: BillSpec[]) =>
  specs.map((s, i): RoundBill => {
    const weighted = s.userIds.some((_, j) => s.weights[j]! > 0) && i % 2 === 1;
    const split = weighted
      ? { mode: 'shares' as const, shares: s.userIds.map((userId, j) => ({ userId, shares: s.weights[j]! })) }
      : { mode: 'equal' as const, userIds: s.userIds };
    return {
      billId: i + 1,
      ownerId: s.ownerId,
      shares: computeSplit({ billId: i + 1, total: s.total, exponent: 2, split }).shares,
    };
  });

/** Payments among the same 10 people. */
const paymentsArb = fc.array(
  fc.record({
    payerId: fc.integer({ min: 1, max: 10 }),
    payeeId: fc.integer({ min: 1, max: 10 }),
    minor: fc.integer({ min: 1, max: 500_000 }),
  }),
  { maxLength: 8 },
);

describe('roomBalances (properties)', () => {
  it('nets add up to 0 and equal the net balances of the debts: each share to the payer, each payment back', () => {
    fc.assert(
      fc.property(round, paymentsArb, (specs, payments: LedgerPayment[]) => {
        const bills = toBills(specs);
        const { members } = roomBalances(bills, payments);
        const nets = [...members.values()].map((b) => b.net);
        expect(nets.reduce((a, n) => a + n, 0)).toBe(0);
        // Every participant but the payer owes the payer their share; a payment from A to B is B owing A.
        const debts: Debt[] = [
          ...bills.flatMap((b) =>
            [...b.shares]
              .filter(([id, minor]) => id !== b.ownerId && minor > 0)
              .map(([id, minor]) => ({ from: id, to: b.ownerId, minor })),
          ),
          ...payments.map((p) => ({ from: p.payeeId, to: p.payerId, minor: p.minor })),
        ];
        const debtNets = netBalances(debts);
        for (const [id, b] of members) {
          expect(b.net).toBe(debtNets.get(id) ?? 0);
          expect(b.paid - b.owes + b.sent - b.received).toBe(b.net);
        }
        expect([...members.keys()]).toEqual([...members.keys()].sort((a, b) => a - b));
      }),
      { numRuns: 2000 },
    );
  });

  it('settles the round by its nets: Cy pays Ann the taxi share he owes Bob', () => {
    const { members } = roomBalances([dinner, taxi]);
    const { transfers } = settle(new Map([...members].map(([id, b]) => [id, b.net])));
    expect(transfers).toEqual([
      { from: 2, to: 1, minor: 1000 },
      { from: 3, to: 1, minor: 4000 },
    ]);
  });
});
